// Webhook delivery shared fairly between tenants (docs/api-v1.md#webhooks): one account's receiver
// that never answers does not hold up another account's webhook, an endpoint gets a few attempts at a
// time, one that keeps timing out gets less time, one that keeps failing is paused (its deliveries wait,
// uncounted), and test mode's free deliveries are bounded per account and hour.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { eventually } from './helpers/eventually';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';
import { tickWebhooks } from '../../server/src/integrations/webhooks/deliver';
import { BREAKER_AFTER } from '../../server/src/integrations/webhooks/outcomes';

const SCOPES = ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'];
const ALL_EVENTS = [
  'message.unconfirmed',
  'message.delivered',
  'message.failed',
  'message.expired',
  'message.rejected',
];

let gw: TestGateway;
let receiver: Receiver;
let keyA: { secret: string };
let keyB: { secret: string };
let path = 0;

beforeAll(async () => {
  gw = await makeTestApp();
  receiver = await startReceiver();
  keyA = await makeKey(gw, (await account(gw, 'demouser')).token, { mode: 'test', scopes: SCOPES });
  keyB = await makeKey(gw, (await account(gw, 'acmeclient')).token, { mode: 'test', scopes: SCOPES });
});
afterAll(async () => {
  await receiver.close();
  await gw.close();
});
afterEach(async () => {
  for (const key of [keyA, keyB]) {
    const listed = await v1(gw, 'GET', '/webhook-endpoints', { auth: key.secret });
    for (const e of listed.body.data) await v1(gw, 'DELETE', `/webhook-endpoints/${e.id}`, { auth: key.secret });
  }
  delete gw.ctx.webhookTimeoutMs;
  delete gw.ctx.webhookRetrySchedule;
  delete gw.ctx.webhookFreeQuota;
});

async function endpoint(key: { secret: string }, at: Receiver, events = ALL_EVENTS) {
  const where = `/fair-${(path += 1)}`;
  const res = await v1(gw, 'POST', '/webhook-endpoints', { auth: key.secret, body: { url: at.url(where), events } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  at.secretFor(where, res.body.secret);
  return { path: where, id: res.body.id as string };
}

const numbers = (count: number, start: number) =>
  Array.from({ length: count }, (_, i) => `23324${String(start + i).padStart(5, '0')}50`);
const sendAs = (key: { secret: string }, from: string, to: string[]) =>
  v1(gw, 'POST', '/messages', { auth: key.secret, body: { from, to, text: 'Your order has shipped' } });

/** Attempts recorded (answered, refused or cut) of these endpoints' deliveries. */
async function attemptsEnded(endpointIds: string[]) {
  const row = await gw.ctx.db
    .selectFrom('webhook_attempts')
    .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('webhook_deliveries.endpoint_id', 'in', endpointIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const deliveries = (key: { secret: string }, id: string) =>
  v1(gw, 'GET', `/webhook-endpoints/${id}/deliveries?limit=100`, { auth: key.secret });

describe("one account's receiver that never answers", () => {
  it("does not hold up another account's webhook: it arrives before any of the first one's attempts is cut", async () => {
    // Long enough that no attempt of A is cut while B's webhook is on its way, short enough that the
    // delivery loop of old (which waited for its whole claim) shows A's cut attempts before B's webhook.
    gw.ctx.webhookTimeoutMs = 10_000;
    const silent = await startReceiver();
    try {
      const a: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const ep = await endpoint(keyA, silent);
        silent.answer(ep.path, 'hang');
        a.push(ep.id);
      }
      const b = await endpoint(keyB, receiver);
      const flood = await sendAs(keyA, 'DEMO', numbers(100, 0));
      expect(flood.body.accepted).toBe(100);

      const ticking = tickWebhooks(gw.ctx, 'loop-a');
      await eventually(() => expect(silent.received.length).toBeGreaterThan(0));
      // B's message is sent while A's attempts hang.
      const sent = await sendAs(keyB, 'ACMECL', ['233240000150']);
      expect(sent.body.accepted).toBe(1);
      const first = await eventually(async () => {
        const arrived = receiver.on(b.path).length;
        const cut = await attemptsEnded(a);
        if (arrived === 0 && cut === 0) throw new Error('neither B arrived nor an attempt of A was cut yet');
        return { arrived, cut };
      });
      expect(first).toEqual({ arrived: 1, cut: 0 });
      expect(receiver.on(b.path)[0]!.verified).toBe(true);

      // The receiver goes away: A's attempts fail, their endpoints pause, the loop ends.
      await silent.close();
      await ticking;
      await eventually(async () => {
        const held = await gw.ctx.db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('endpoint_id', 'in', a)
          .where('claimed_by', 'is not', null)
          .executeTakeFirstOrThrow();
        expect(Number(held.n)).toBe(0);
      });
    } finally {
      await silent.close().catch(() => {});
    }
  }, 60_000);
});

/** An endpoint answering 500 to everything, 40 deliveries of it made, and one tick of the loop run. */
async function failingEndpointAfterOneTick(firstNumber: number) {
  gw.ctx.webhookRetrySchedule = Array<number>(10).fill(1);
  const ep = await endpoint(keyA, receiver, ['message.delivered']);
  receiver.answer(ep.path, 500);
  await sendAs(keyA, 'DEMO', numbers(40, firstNumber));
  await tickWebhooks(gw.ctx, 'loop-a');
  return ep;
}

describe('an endpoint that keeps failing', () => {
  it('is paused: its deliveries wait, not dropped and not counted as attempts, then go out', async () => {
    const ep = await failingEndpointAfterOneTick(200);
    const tried = receiver.on(ep.path).length;
    // A few at once, then the failures pause it before the rest are tried.
    expect(tried).toBeGreaterThanOrEqual(5);
    expect(tried).toBeLessThan(40);

    // Retries come due; paused, nothing is sent and nothing is counted.
    gw.clock.advance(2_000);
    await tickWebhooks(gw.ctx, 'loop-a');
    expect(receiver.on(ep.path)).toHaveLength(tried);
    const waiting = (await deliveries(keyA, ep.id)).body.data;
    expect(waiting).toHaveLength(40);
    expect(waiting.every((d: any) => d.state === 'pending')).toBe(true);
    expect(waiting.reduce((n: number, d: any) => n + d.attemptCount, 0)).toBe(tried);

    // The receiver is back: after the pause every delivery goes out.
    receiver.answer(ep.path, 200);
    gw.clock.advance(3_600_000);
    for (let i = 0; i < 5; i += 1) await tickWebhooks(gw.ctx, 'loop-a');
    const done = (await deliveries(keyA, ep.id)).body.data;
    expect(done.map((d: any) => d.state)).toEqual(Array(40).fill('succeeded'));
    expect(
      new Set(
        receiver
          .on(ep.path)
          .filter((r) => r.verified)
          .map((r) => r.headers['webhook-id']),
      ).size,
    ).toBe(40);
  });

  it('is paused a minute by attempts that failed together, and longer only by a failure after the pause', async () => {
    const ep = await failingEndpointAfterOneTick(400);
    // Sixteen attempts went out at once and all failed: the five that closed the breaker count, the
    // rest were under way when it paused (before, they took the pause to an hour at one stroke).
    expect(receiver.on(ep.path).length).toBeGreaterThan(BREAKER_AFTER);
    const pausedFor = async () => {
      const row = await gw.ctx.db
        .selectFrom('webhook_endpoints')
        .select(['failures', 'paused_until'])
        .where('id', '=', ep.id)
        .executeTakeFirstOrThrow();
      return { failures: row.failures, ms: Number(row.paused_until) - gw.ctx.now() };
    };
    expect(await pausedFor()).toEqual({ failures: BREAKER_AFTER, ms: 60_000 });
    // After the minute one attempt is tried; it fails, and the next pause is twice as long.
    gw.clock.advance(60_000);
    const before = receiver.on(ep.path).length;
    await tickWebhooks(gw.ctx, 'loop-a');
    expect(receiver.on(ep.path).length).toBe(before + 1);
    expect(await pausedFor()).toEqual({ failures: BREAKER_AFTER + 1, ms: 120_000 });
  });

  it('gets less time once it keeps timing out', async () => {
    gw.ctx.webhookTimeoutMs = 1_500;
    const ep = await endpoint(keyA, receiver, ['message.delivered']);
    receiver.answer(ep.path, 'hang');
    await sendAs(keyA, 'DEMO', numbers(2, 300));
    await tickWebhooks(gw.ctx, 'loop-a');
    gw.clock.advance(6_000);
    await tickWebhooks(gw.ctx, 'loop-a');
    const tried = (await deliveries(keyA, ep.id)).body.data;
    const seconds = tried.flatMap((d: any) => d.attempts.filter((x: any) => x.attempt === 2));
    expect(seconds).toHaveLength(2);
    for (const attempt of seconds) {
      expect(attempt.statusCode).toBeNull();
      expect(attempt.durationMs).toBeLessThan(1_500);
    }
  });
});

describe("test mode's free deliveries", () => {
  it('are bounded per account and hour; sendTestWebhook says so past the bound', async () => {
    gw.clock.advance(3_600_000);
    gw.ctx.webhookFreeQuota = 25;
    const ep = await endpoint(keyA, receiver, ['message.delivered']);
    await sendAs(keyA, 'DEMO', numbers(40, 400));
    await tickWebhooks(gw.ctx, 'loop-a');
    expect((await deliveries(keyA, ep.id)).body.data).toHaveLength(25);
    const refused = await v1(gw, 'POST', `/webhook-endpoints/${ep.id}/test`, { auth: keyA.secret });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('free_webhooks_limit');
    expect(refused.body.error.message).toContain('25');
    // Another account's are its own.
    const other = await endpoint(keyB, receiver, ['message.delivered']);
    expect((await v1(gw, 'POST', `/webhook-endpoints/${other.id}/test`, { auth: keyB.secret })).status).toBe(201);
    gw.clock.advance(3_600_000);
    expect((await v1(gw, 'POST', `/webhook-endpoints/${ep.id}/test`, { auth: keyA.secret })).status).toBe(201);
  });
});
