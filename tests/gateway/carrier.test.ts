import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, list, numbers, sendItem, sendSms } from './helpers/messaging';
import { carrierStatusFor, deliverSystemText } from '../../server/src/carrier/system-texts';
import { tickCarrier } from '../../server/src/carrier/delivery';

describe('the simulated carrier', () => {
  it('decides a status by number', () => {
    expect(carrierStatusFor('233241234567')).toBe('SENT');
    expect(carrierStatusFor('+233241234567')).toBe('SENT');
    expect(carrierStatusFor('12345678')).toBe('FAILED'); // fewer than 9 digits
    expect(carrierStatusFor('1234567890123456')).toBe('FAILED'); // more than 15
    expect(carrierStatusFor('233241234513')).toBe('FAILED');
    expect(carrierStatusFor('0241-234567')).toBe('FAILED');
    expect(carrierStatusFor('233241234599')).toBe('PENDING');
  });
});

describe('carrier delivery ticks', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    await gw.ctx.db
      .updateTable('users')
      .set({ creditbalance: 100_000 })
      .where('profile_id', '=', demo.profile_id)
      .execute();
    await tickCarrier(gw.ctx);
  });
  afterAll(() => gw.close());

  const item = async (id: number) =>
    (await list(gw, demo.token, 'quickrequest')).body.bulksms.find((m: any) => m.message_id === id);

  it('submits in chunks, so a big send shows its progress (submitted < posted) until done', async () => {
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(5000) })]);
    expect(res.status).toBe(200);
    const id = res.body.message_id;
    expect(await item(id)).toMatchObject({ posted: 5000, submitted: 0 });
    expect(await tickCarrier(gw.ctx, { chunk: 700, maxChunks: 2 })).toBe(1400);
    expect(await item(id)).toMatchObject({ posted: 5000, submitted: 1400 });
    await tickCarrier(gw.ctx, { chunk: 700 });
    expect(await item(id)).toMatchObject({ posted: 5000, submitted: 5000 });
    expect((await item(id)).messageStatus[2]).toEqual({ status: 'PENDING', count: 5000 });

    gw.clock.advance(gw.ctx.carrierDelayMs - 1);
    await tickCarrier(gw.ctx);
    expect((await item(id)).messageStatus[0]).toEqual({ status: 'SENT', count: 0 });
    gw.clock.advance(1);
    await tickCarrier(gw.ctx, { chunk: 999 });
    expect((await item(id)).messageStatus).toEqual([
      { status: 'SENT', count: 5000 },
      { status: 'FAILED', count: 0 },
      { status: 'PENDING', count: 0 },
    ]);
    const logged = await gw.ctx.db
      .selectFrom('carrier_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('message_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(logged.n)).toBe(5000);
  });

  it('delivers due reports in one tick after the clock passed the delay, and leaves 99 pending for good', async () => {
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241888801,233241888899' })]);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    gw.clock.advance(24 * 3600_000);
    await tickCarrier(gw.ctx);
    expect((await item(res.body.message_id)).messageStatus).toEqual([
      { status: 'SENT', count: 1 },
      { status: 'FAILED', count: 0 },
      { status: 'PENDING', count: 1 },
    ]);
    expect(await tickCarrier(gw.ctx)).toBe(0);
  });

  it('still hands system texts (codes) to the dev inbox', async () => {
    await deliverSystemText(gw.ctx, '233249990001', 'BULKSMS', 'Your code is 1234');
    const res = await gw.app.inject({ method: 'GET', url: '/smsgateway/dev/carrier?to=233249990001' });
    expect(res.json().messages).toEqual([
      {
        to: '233249990001',
        from: 'BULKSMS',
        text: 'Your code is 1234',
        parts: 1,
        unicode: false,
        jobId: null,
        index: null,
        status: 'SENT',
        time: new Date(gw.clock.now).toISOString(),
        openHere: [],
      },
    ]);
  });

  it("gives each link of a text as it opens on the dev server's own port", async () => {
    const text =
      'Sale today https://acme.localhost/l/Ab3dE9x Reply STOP: https://localhost/o/k2 and https://shop.example.com/x';
    await deliverSystemText(gw.ctx, '233249990002', 'BULKSMS', text);
    const res = await gw.app.inject({
      method: 'GET',
      url: '/smsgateway/dev/carrier?to=233249990002',
      headers: { host: 'localhost:8080' },
    });
    expect(res.json().messages[0]).toMatchObject({
      text,
      openHere: ['http://acme.localhost:8080/l/Ab3dE9x', 'http://localhost:8080/o/k2'],
    });
  });
});
