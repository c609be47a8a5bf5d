import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';

describe('dev inbox (GATEWAY_DEV=1)', () => {
  let gw: TestGateway;
  const job = randomUUID();
  beforeAll(async () => {
    gw = await makeTestApp();
    const demo = await account(gw, 'demouser');
    await sendSms(
      gw,
      demo.apikey,
      [sendItem({ shortMessage: 'first', destinationAddress: '233241990001,233241990002' })],
      { key: `${job}:0-1` },
    );
    gw.clock.advance(1000);
    await sendSms(gw, demo.apikey, [sendItem({ shortMessage: 'second', destinationAddress: '233241990001' })]);
    await tickCarrier(gw.ctx);
  });
  afterAll(() => gw.close());

  const get = (url: string) => gw.app.inject({ method: 'GET', url });

  it('lists what the carrier delivered to a number, newest first, with job and index', async () => {
    const res = await get('/smsgateway/dev/carrier?to=233241990001');
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([
      {
        to: '233241990001',
        from: 'DEMO',
        text: 'second',
        parts: 1,
        unicode: false,
        jobId: null,
        index: 0,
        status: 'SENT',
        time: expect.any(String),
        openHere: [],
      },
      {
        to: '233241990001',
        from: 'DEMO',
        text: 'first',
        parts: 1,
        unicode: false,
        jobId: job,
        index: 0,
        status: 'SENT',
        time: expect.any(String),
        openHere: [],
      },
    ]);
    const one = await get('/smsgateway/dev/carrier?to=233241990001&limit=1');
    expect(one.json().messages.map((m: any) => m.text)).toEqual(['second']);
    expect((await get('/smsgateway/dev/carrier?limit=0')).statusCode).toBe(400);
  });

  it('summarises one job: total, unique, duplicates', async () => {
    expect((await get(`/smsgateway/dev/carrier/summary?jobId=${job}`)).json()).toEqual({
      total: 2,
      unique: 2,
      duplicates: 0,
    });
    expect((await get(`/smsgateway/dev/carrier/summary?jobId=${randomUUID()}`)).json()).toEqual({
      total: 0,
      unique: 0,
      duplicates: 0,
    });
    expect((await get('/smsgateway/dev/carrier/summary')).statusCode).toBe(400);
  });
});

describe('dev inbox outside dev mode', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp({ devMode: false });
  });
  afterAll(() => gw.close());

  it('does not exist', async () => {
    for (const url of ['/smsgateway/dev/carrier?to=233241990001', '/smsgateway/dev/carrier/summary?jobId=x']) {
      expect((await gw.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
