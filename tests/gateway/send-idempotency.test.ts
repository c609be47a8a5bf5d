import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf, carrierRows, list, numbers, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';

const range = (from: number, to: number) => numbers(to - from + 1, from);

describe('Idempotency-Key <jobId>:<from>-<to>', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
  });
  afterAll(() => gw.close());

  const messagesOfJob = async (jobId: string) =>
    gw.ctx.db.selectFrom('messages').selectAll().where('job_id', '=', jobId).execute();

  it('reaches each recipient exactly once and charges once across a repeat and a re-split', async () => {
    const job = randomUUID();
    const before = await balanceOf(gw, 'demouser');
    const whole = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(0, 249) })], {
      key: `${job}:0-249`,
    });
    expect(whole.status).toBe(200);
    expect(whole.body.creditbalance).toBe(before - 250);

    // A lost answer: the same request again gets the same body and changes nothing.
    const repeat = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(0, 249) })], {
      key: `${job}:0-249`,
    });
    expect(repeat).toEqual(whole);

    // A re-split after 413: 0-99, 100-199, 200-249 are all known already.
    for (const [from, to] of [
      [0, 99],
      [100, 199],
      [200, 249],
    ] as const) {
      const part = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(from, to) })], {
        key: `${job}:${from}-${to}`,
      });
      expect(part.status).toBe(200);
      expect(part.body.message_id).toBe(whole.body.message_id);
    }
    expect(await balanceOf(gw, 'demouser')).toBe(before - 250);

    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    const delivered = await carrierRows(gw, job);
    expect(delivered).toHaveLength(250);
    expect(new Set(delivered.map((r) => r.recipient_index)).size).toBe(250);
    const summary = await gw.app.inject({ method: 'GET', url: `/smsgateway/dev/carrier/summary?jobId=${job}` });
    expect(summary.json()).toEqual({ total: 250, unique: 250, duplicates: 0 });
    expect(await messagesOfJob(job)).toHaveLength(1);
  });

  it('makes all batches of one job ONE message, charging only the indices it has not seen', async () => {
    const job = randomUUID();
    const before = await balanceOf(gw, 'demouser');
    await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(0, 99) })], { key: `${job}:0-99` });
    const overlap = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(50, 149) })], {
      key: `${job}:50-149`,
    });
    expect(overlap.body.creditbalance).toBe(before - 150);
    await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(150, 449) })], { key: `${job}:150-449` });
    expect(await balanceOf(gw, 'demouser')).toBe(before - 450);

    const [message] = await messagesOfJob(job);
    const page = await list(gw, demo.token, 'quickrequest');
    const items = page.body.bulksms.filter((m: any) => m.message_id === message!.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ posted: 450, destinationCount: 450, destinationTruncated: true });
    expect(items[0].destinationAddress.split(',')).toHaveLength(200);
    await tickCarrier(gw.ctx, { chunk: 64 });
    expect(await carrierRows(gw, job)).toHaveLength(450);
  });

  it('lets two identical requests race without sending or charging twice', async () => {
    const job = randomUUID();
    const before = await balanceOf(gw, 'demouser');
    const send = () =>
      sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(0, 299) })], { key: `${job}:0-299` });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 300);
    await tickCarrier(gw.ctx);
    expect(await carrierRows(gw, job)).toHaveLength(300);
    expect(await messagesOfJob(job)).toHaveLength(1);
  });

  it('treats each request without the header as its own message', async () => {
    const before = await balanceOf(gw, 'demouser');
    const a = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(0, 1) })]);
    const b = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(0, 1) })]);
    expect(a.body.message_id).not.toBe(b.body.message_id);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 4);
  });

  it('keeps jobs per account: another account with the same jobId sends its own message', async () => {
    const job = randomUUID();
    const client = await account(gw, 'acmeclient');
    const a = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(0, 2) })], { key: `${job}:0-2` });
    const b = await sendSms(
      gw,
      client.apikey,
      [sendItem({ sourceAddress: 'ACMECL', destinationAddress: range(0, 2) })],
      { key: `${job}:0-2` },
    );
    expect(b.status).toBe(200);
    expect(b.body.message_id).not.toBe(a.body.message_id);
    await tickCarrier(gw.ctx);
    expect(await carrierRows(gw, job)).toHaveLength(6);
  });

  it('refuses a malformed key, a range that does not match the recipients, and a job that changes kind', async () => {
    const bad = await sendSms(gw, demo.apikey, [sendItem()], { key: 'not a key' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid Idempotency-Key: expected <jobId>:<from>-<to>');
    const backwards = await sendSms(gw, demo.apikey, [sendItem()], { key: `${randomUUID()}:5-4` });
    expect(backwards.body.error.message).toBe('Invalid Idempotency-Key: <to> is before <from>');
    const mismatch = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(0, 2) })], {
      key: `${randomUUID()}:0-9`,
    });
    expect(mismatch.body.error.message).toBe('Idempotency-Key range 0-9 does not match the 3 recipients sent');

    const job = randomUUID();
    await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: range(0, 1) })], { key: `${job}:0-1` });
    const other = await sendSms(
      gw,
      demo.apikey,
      [sendItem({ sourceAddress: 'ALERTS', destinationAddress: range(2, 3) })],
      { key: `${job}:2-3` },
    );
    expect(other.status).toBe(409);
    expect(other.body.error.message).toBe('This job was started as a quick sms from DEMO: keep its type and sender ID');
  });

  it('refuses a later batch the balance cannot pay without losing the accepted ones', async () => {
    const client = await account(gw, 'acmeclient');
    const job = randomUUID();
    const balance = await balanceOf(gw, 'acmeclient');
    const first = await sendSms(
      gw,
      client.apikey,
      [sendItem({ sourceAddress: 'ACMECL', destinationAddress: range(0, 9) })],
      { key: `${job}:0-9` },
    );
    expect(first.body.creditbalance).toBe(balance - 10);
    const tooMany = Math.floor(balance) - 10 + 1;
    const second = await sendSms(
      gw,
      client.apikey,
      [sendItem({ sourceAddress: 'ACMECL', destinationAddress: range(10, 9 + tooMany) })],
      { key: `${job}:10-${9 + tooMany}` },
    );
    expect(second.status).toBe(402);
    const [message] = await messagesOfJob(job);
    expect(message!.posted).toBe(10);
    expect(await balanceOf(gw, 'acmeclient')).toBe(balance - 10);
  });
});
