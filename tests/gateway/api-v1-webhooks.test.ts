// Delivery webhooks of the integrators' API (docs/api-v1.md#webhooks): endpoints with a secret shown
// once, one signed delivery per final status of an API message (verified with the standardwebhooks
// package by a local receiver), retries with the same webhook-id, 410 disabling, timeouts, unsafe URLs
// refused outside dev mode, and two loops on one database sending each attempt once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { makeKey, openApi, v1 } from './helpers/api-v1';
import { z } from 'zod';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';
import { pruneDeliveries, tickWebhooks } from '../../server/src/integrations/webhooks/deliver';
import { eventTypeOf, fanOutEvents } from '../../server/src/integrations/webhooks/events';
import { openDatabase } from '../../server/src/db/database';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { tickScheduler } from '../../server/src/scheduler/scheduler';
import type { GatewayContext } from '../../server/src/core/context';
import { configFromEnv } from '../../server/src/config';
import { unconfirmedEvent } from '../../server/src/db/migrations/036-unconfirmed-event';

const ALL_EVENTS = [
  'message.unconfirmed',
  'message.delivered',
  'message.failed',
  'message.expired',
  'message.rejected',
];
const SCOPES = ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'];

let gw: TestGateway;
let receiver: Receiver;
let demo: Awaited<ReturnType<typeof account>>;
let testKey: { secret: string };
let liveKey: { secret: string };
let otherKey: { secret: string };
let path = 0;

beforeAll(async () => {
  gw = await makeTestApp();
  receiver = await startReceiver();
  demo = await account(gw, 'demouser');
  testKey = await makeKey(gw, demo.token, { mode: 'test', scopes: SCOPES });
  liveKey = await makeKey(gw, demo.token, { mode: 'live', scopes: SCOPES });
  const acme = await account(gw, 'acmeclient');
  otherKey = await makeKey(gw, acme.token, { mode: 'test', scopes: SCOPES });
});
afterAll(async () => {
  await receiver.close();
  await gw.close();
});

/** Each test's endpoints are removed after it, so later sends reach only their own. */
afterEach(async () => {
  for (const key of [testKey, liveKey]) {
    const listed = await v1(gw, 'GET', '/webhook-endpoints', { auth: key.secret });
    for (const e of listed.body.data) await v1(gw, 'DELETE', `/webhook-endpoints/${e.id}`, { auth: key.secret });
  }
  gw.ctx.devMode = true;
  delete gw.ctx.webhookTimeoutMs;
  delete gw.ctx.lookupHost;
});

/** A new endpoint at a fresh path of the receiver, its secret known to the receiver. */
async function endpoint(events = ALL_EVENTS, key = testKey) {
  const at = `/hook-${(path += 1)}`;
  const res = await v1(gw, 'POST', '/webhook-endpoints', { auth: key.secret, body: { url: receiver.url(at), events } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  receiver.secretFor(at, res.body.secret);
  return { path: at, id: res.body.id as string, secret: res.body.secret as string };
}

const send = (to: string[], key = testKey) =>
  v1(gw, 'POST', '/messages', { auth: key.secret, body: { from: 'DEMO', to, text: 'Your order has shipped' } });

const tick = (owner = 'loop-a') => tickWebhooks(gw.ctx, owner);

const deliveries = (id: string, key = testKey) =>
  v1(gw, 'GET', `/webhook-endpoints/${id}/deliveries`, { auth: key.secret });

describe('webhook endpoints', () => {
  it('answers the signing secret once; lists show the endpoint without it', async () => {
    const res = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: testKey.secret,
      body: { url: receiver.url('/shop'), events: ['message.delivered', 'message.failed'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(res.body).toMatchObject({
      url: receiver.url('/shop'),
      events: ['message.delivered', 'message.failed'],
      mode: 'test',
      status: 'enabled',
      disabledReason: null,
    });
    const listed = await v1(gw, 'GET', '/webhook-endpoints', { auth: testKey.secret });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e: any) => e.id)).toEqual([res.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain(res.body.secret);
    // The other mode's key and another account see none of it.
    expect((await v1(gw, 'GET', '/webhook-endpoints', { auth: liveKey.secret })).body.data).toEqual([]);
    expect((await v1(gw, 'GET', '/webhook-endpoints', { auth: otherKey.secret })).body.data).toEqual([]);
    const foreign = await v1(gw, 'DELETE', `/webhook-endpoints/${res.body.id}`, { auth: otherKey.secret });
    expect(foreign.status).toBe(404);

    const deleted = await v1(gw, 'DELETE', `/webhook-endpoints/${res.body.id}`, { auth: testKey.secret });
    expect(deleted.body).toEqual({ id: res.body.id, deleted: true });
    expect((await v1(gw, 'GET', '/webhook-endpoints', { auth: testKey.secret })).body.data).toEqual([]);
  });

  it('needs the webhooks:manage scope and known event types', async () => {
    const narrow = await makeKey(gw, demo.token, { mode: 'test' });
    const refused = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: narrow.secret,
      body: { url: receiver.url('/x'), events: ['message.delivered'] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('missing_scope');
    const unknown = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: testKey.secret,
      body: { url: receiver.url('/x'), events: ['message.opened'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.param).toBe('events.0');
    const none = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: testKey.secret,
      body: { url: 'not a url', events: ['message.delivered'] },
    });
    expect(none.status).toBe(400);
    expect(none.body.error.param).toBe('url');
  });

  it('refuses unsafe URLs outside dev mode, when made and again when delivered', async () => {
    gw.ctx.devMode = false;
    const addresses: Record<string, string> = {
      'hooks.example.com': '93.184.216.34',
      'intranet.example.com': '192.168.1.5',
      'rebind.example.com': '93.184.216.35',
    };
    gw.ctx.lookupHost = async (host) => [{ address: addresses[host] ?? '127.0.0.1', family: 4 }];
    const create = (url: string) =>
      v1(gw, 'POST', '/webhook-endpoints', { auth: testKey.secret, body: { url, events: ['message.delivered'] } });
    for (const url of [
      'http://hooks.example.com/sms',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://intranet.example.com/hook',
      'https://localhost/hook',
      'ftp://hooks.example.com/',
    ]) {
      const res = await create(url);
      expect(res.status, url).toBe(422);
      expect(res.body.error, url).toMatchObject({ code: 'unsafe_url', param: 'url' });
    }
    const fine = await create('https://hooks.example.com/sms');
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);

    // Public when made; the loopback address at delivery time: nothing reaches it.
    const rebound = await create(`https://rebind.example.com:${new URL(receiver.url('/')).port}/rebind`);
    expect(rebound.status).toBe(201);
    addresses['rebind.example.com'] = '127.0.0.1';
    const before = receiver.received.length;
    await send(['233241000210']);
    await tick();
    expect(receiver.received.length).toBe(before);
    const listed = await deliveries(rebound.body.id);
    expect(listed.body.data[0]).toMatchObject({ state: 'pending', lastStatusCode: null });
    expect(listed.body.data[0].attempts[0].error).toContain('may not reach');
  });
});

describe('deliveries', () => {
  it('refuses at delivery time an address made in dev mode, once the gateway runs outside it', async () => {
    const ep = await endpoint(['message.delivered']);
    gw.ctx.devMode = false;
    await send(['233241000200']);
    await tick();
    expect(receiver.on(ep.path)).toHaveLength(0);
    const [delivery] = (await deliveries(ep.id)).body.data;
    expect(delivery).toMatchObject({ state: 'pending', attemptCount: 1, lastStatusCode: null });
    expect(delivery.attempts[0].error).toBe('The URL is not an https URL on a public address');
  });

  it("turns a test key's outcomes into signed events, each once", async () => {
    const all = await endpoint();
    const failedOnly = await endpoint(['message.failed']);
    const sent = await send(['233241000110', '233241000113', '233241000114', '233241000199']);
    expect(sent.status).toBe(201);
    const ids = sent.body.messages.map((m: any) => m.messageId);
    await tick();
    await tick();

    const got = receiver.on(all.path);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(got.map((r) => [r.json.type, r.json.data.id, r.json.data.status]).sort()).toEqual(
      [
        ['message.delivered', ids[0], 'delivered'],
        ['message.failed', ids[1], 'failed'],
        ['message.expired', ids[2], 'expired'],
        ['message.unconfirmed', ids[3], 'unknown'],
      ].sort(),
    );
    const failed = got.find((r) => r.json.type === 'message.failed')!;
    expect(failed.json.data).toMatchObject({
      to: '233241000113',
      batchId: sent.body.batchId,
      mode: 'test',
      error: { code: 'UNDELIV' },
    });
    expect(failed.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(4);
    expect(receiver.on(failedOnly.path).map((r) => r.json.data.id)).toEqual([ids[1]]);

    // Each body is the one the OpenAPI document's webhooks section states for its type.
    const doc = (await openApi(gw)) as unknown as { webhooks: Record<string, any> };
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      [...ALL_EVENTS, 'balance.low', 'link.clicked', 'webhook.test'].sort(),
    );
    for (const r of got) {
      const schema = doc.webhooks[r.json.type].post.requestBody.content['application/json'].schema;
      const parsed = z.fromJSONSchema(schema).safeParse(r.json);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    }

    // A live send reaches no test endpoint; nothing is sent twice.
    await send(['233241000120'], liveKey);
    await tick();
    expect(receiver.on(all.path)).toHaveLength(4);
  });

  it('retries failures on the schedule with the same webhook-id, then succeeds', async () => {
    const ep = await endpoint(['message.delivered']);
    receiver.answer(ep.path, 500, 503, 200);
    await send(['233241000130']);
    await tick();
    expect(receiver.on(ep.path)).toHaveLength(1);
    await tick(); // not due yet
    expect(receiver.on(ep.path)).toHaveLength(1);
    gw.clock.advance(5_600);
    await tick();
    expect(receiver.on(ep.path)).toHaveLength(2);
    gw.clock.advance(331_000);
    await tick();
    const got = receiver.on(ep.path);
    expect(got).toHaveLength(3);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    gw.clock.advance(3_600_000);
    await tick();
    expect(receiver.on(ep.path)).toHaveLength(3);

    const [delivery] = (await deliveries(ep.id)).body.data;
    expect(delivery).toMatchObject({
      id: got[0]!.headers['webhook-id'],
      type: 'message.delivered',
      state: 'succeeded',
      attemptCount: 3,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });
    expect(delivery.attempts.map((a: any) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(delivery.attempts.every((a: any) => a.durationMs >= 0 && a.at)).toBe(true);

    // A redelivery is one more attempt with the same webhook-id.
    const again = await v1(gw, 'POST', `/webhook-deliveries/${delivery.id}/redeliver`, { auth: testKey.secret });
    expect(again.status).toBe(200);
    expect(again.body.state).toBe('pending');
    await tick();
    expect(receiver.on(ep.path).map((r) => r.headers['webhook-id'])).toEqual(Array(4).fill(delivery.id));
    const foreign = await v1(gw, 'POST', `/webhook-deliveries/${delivery.id}/redeliver`, { auth: otherKey.secret });
    expect(foreign.status).toBe(404);
  });

  it('gives up when the schedule runs out', async () => {
    gw.ctx.webhookRetrySchedule = [1];
    try {
      const ep = await endpoint(['message.delivered']);
      receiver.answer(ep.path, 500);
      await send(['233241000140']);
      await tick();
      gw.clock.advance(2_000);
      await tick();
      gw.clock.advance(3_600_000);
      await tick();
      expect(receiver.on(ep.path)).toHaveLength(2);
      const [delivery] = (await deliveries(ep.id)).body.data;
      expect(delivery).toMatchObject({ state: 'failed', attemptCount: 2, lastStatusCode: 500 });
    } finally {
      delete gw.ctx.webhookRetrySchedule;
    }
  });

  it('disables an endpoint that answers 410, and says so', async () => {
    const ep = await endpoint(['message.delivered']);
    receiver.answer(ep.path, 410);
    await send(['233241000150']);
    await tick();
    expect(receiver.on(ep.path)).toHaveLength(1);
    const listed = await v1(gw, 'GET', '/webhook-endpoints', { auth: testKey.secret });
    expect(listed.body.data.find((e: any) => e.id === ep.id)).toMatchObject({
      status: 'disabled',
      disabledReason: 'The endpoint answered 410 Gone',
    });
    await send(['233241000151']);
    gw.clock.advance(3_600_000);
    await tick();
    expect(receiver.on(ep.path)).toHaveLength(1);
    const [delivery] = (await deliveries(ep.id)).body.data;
    expect(delivery.state).toBe('failed');
    const redo = await v1(gw, 'POST', `/webhook-deliveries/${delivery.id}/redeliver`, { auth: testKey.secret });
    expect(redo.status).toBe(409);
    expect(redo.body.error.code).toBe('endpoint_disabled');
  });

  it('cuts an endpoint that does not answer in time and retries it', async () => {
    gw.ctx.webhookTimeoutMs = 300;
    const ep = await endpoint(['message.delivered']);
    receiver.answer(ep.path, 'hang', 200);
    await send(['233241000160']);
    await tick();
    const [first] = (await deliveries(ep.id)).body.data;
    expect(first).toMatchObject({ state: 'pending', attemptCount: 1, lastStatusCode: null });
    expect(first.attempts[0].error).toBe('No answer within 0 s');
    expect(first.attempts[0].durationMs).toBeGreaterThanOrEqual(250);
    gw.clock.advance(6_000);
    await tick();
    const [second] = (await deliveries(ep.id)).body.data;
    expect(second).toMatchObject({ state: 'succeeded', attemptCount: 2, lastStatusCode: 200 });
    expect(new Set(receiver.on(ep.path).map((r) => r.headers['webhook-id'])).size).toBe(1);
  });
});

describe('live messages', () => {
  it("reach the live key's endpoints through the carrier; a scheduled batch's by the id its send answered", async () => {
    const ep = await endpoint(['message.delivered', 'message.failed'], liveKey);
    const now = await v1(gw, 'POST', '/messages', {
      auth: liveKey.secret,
      body: { from: 'DEMO', to: ['233241000310', '233241000313'], text: 'Now', reference: 'r-1' },
    });
    const at = new Date(gw.clock.now + 60_000).toISOString();
    const later = await v1(gw, 'POST', '/messages', {
      auth: liveKey.secret,
      body: { from: 'DEMO', to: ['233241000320'], text: 'Later', scheduleAt: at },
    });
    expect([now.status, later.status]).toEqual([201, 201]);
    gw.clock.advance(60_000);
    await tickScheduler(gw.ctx);
    await tickCarrier(gw.ctx);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    await tick();
    // An earlier test's live message is delivered by the same carrier ticks: only these batches count.
    const batches = [now.body.batchId, later.body.batchId];
    const got = receiver.on(ep.path).filter((r) => batches.includes(r.json.data.batchId));
    expect(got.every((r) => r.verified)).toBe(true);
    expect(got.map((r) => [r.json.type, r.json.data.id, r.json.data.batchId, r.json.data.mode]).sort()).toEqual(
      [
        ['message.delivered', now.body.messages[0].messageId, now.body.batchId, 'live'],
        ['message.failed', now.body.messages[1].messageId, now.body.batchId, 'live'],
        ['message.delivered', later.body.messages[0].messageId, later.body.batchId, 'live'],
      ].sort(),
    );
    expect(got.find((r) => r.json.data.to === '233241000310')!.json.data.reference).toBe('r-1');
  });
});

describe('event types', () => {
  it('name each final status; a first status sends none', () => {
    expect(eventTypeOf({ new_status: 'SENT', error: '' })).toEqual({ type: 'message.delivered', status: 'delivered' });
    expect(eventTypeOf({ new_status: 'FAILED', error: 'REJECTD' })).toEqual({
      type: 'message.rejected',
      status: 'failed',
    });
    expect(eventTypeOf({ new_status: 'FAILED', error: 'EXPIRED' })).toEqual({
      type: 'message.expired',
      status: 'expired',
    });
    expect(eventTypeOf({ new_status: 'FAILED', error: '001' })).toEqual({ type: 'message.failed', status: 'failed' });
    expect(eventTypeOf({ new_status: 'UNKNOWN', error: '' })).toEqual({
      type: 'message.unconfirmed',
      status: 'unknown',
    });
    expect(eventTypeOf({ new_status: 'PENDING', error: '' })).toBeNull();
    expect(eventTypeOf({ new_status: 'SCHEDULED', error: '' })).toBeNull();
  });
});

describe('what an endpoint answers', () => {
  it('follows no redirect: a 3xx is retried', async () => {
    const ep = await endpoint(['message.delivered']);
    receiver.answer(ep.path, 'redirect');
    await send(['233241000190']);
    await tick();
    expect(receiver.on('/elsewhere')).toHaveLength(0);
    const [delivery] = (await deliveries(ep.id)).body.data;
    expect(delivery).toMatchObject({ state: 'pending', lastStatusCode: 302 });
  });

  it('reads no more than 4 KB of an answer: a body without end is cut, not waited for', async () => {
    gw.ctx.webhookTimeoutMs = 5_000;
    const ep = await endpoint(['message.delivered']);
    receiver.answer(ep.path, 'stream');
    await send(['233241000191']);
    await tick();
    const [delivery] = (await deliveries(ep.id)).body.data;
    expect(delivery).toMatchObject({ state: 'succeeded', lastStatusCode: 200 });
    expect(delivery.lastDurationMs).toBeLessThan(5_000);
  });
});

describe('loops of two gateways on one database', () => {
  const LOOPS_PER_GATEWAY = 4;

  it('deliver 1,000 events with no attempt sent twice', async () => {
    const ep = await endpoint(['message.delivered']);
    // Every number ends in 50: delivered in test mode.
    const numbers = Array.from({ length: 1000 }, (_, i) => `23324${String(i).padStart(5, '0')}50`);
    const sent = await send(numbers);
    expect(sent.body.accepted).toBe(1000);

    // On PostgreSQL the second gateway has its own pool, as another instance would; each pool runs
    // several loops at once, so claims race (without the claim's checks some attempts are sent twice).
    let second: GatewayContext = gw.ctx;
    let closeSecond = async () => {};
    if (gw.ctx.db.dialectName === 'postgres') {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(gw.ctx.db);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      const db = openDatabase({ databaseUrl: url.toString() });
      second = { ...gw.ctx, db };
      closeSecond = () => db.destroy();
    }
    const made = new Map<string, number>();
    // A loop that finds another fanning out skips its step: it goes on until every event has arrived,
    // then until it has nothing left in flight, so every loop takes part in the claims.
    const drain = async (ctx: GatewayContext, owner: string) => {
      for (let idle = 0; idle < 3;) {
        const n = await tickWebhooks(ctx, owner);
        made.set(owner, (made.get(owner) ?? 0) + n);
        idle = n === 0 && receiver.on(ep.path).length >= numbers.length ? idle + 1 : 0;
      }
    };
    try {
      await Promise.all(
        Array.from({ length: LOOPS_PER_GATEWAY }, (_, i) => [drain(gw.ctx, `a${i}`), drain(second, `b${i}`)]).flat(),
      );
    } finally {
      await closeSecond();
    }
    const got = receiver.on(ep.path);
    expect(got).toHaveLength(1000);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1000);
    expect(new Set(got.map((r) => r.json.data.id)).size).toBe(1000);
    expect([...made.values()].reduce((n, m) => n + m, 0)).toBe(1000);
    const attempts = await gw.ctx.db
      .selectFrom('webhook_attempts')
      .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('webhook_deliveries.endpoint_id', '=', ep.id)
      .executeTakeFirstOrThrow();
    expect(Number(attempts.n)).toBe(1000);
  }, 120_000);
});

describe('the fan-out of one database', () => {
  it('is left by a loop that finds another fanning out, which neither waits nor fans out twice', async () => {
    if (gw.ctx.db.dialectName !== 'postgres') return;
    const ep = await endpoint(['message.delivered']);
    await send(['233241000950']);
    await gw.ctx.db.transaction().execute(async (trx) => {
      // Another gateway's loop holds the cursor for its step.
      await trx.selectFrom('webhook_cursor').select('last_event_id').forUpdate().execute();
      // This one returns at once with nothing done (it waited in line, past the statement timeout
      // on a loaded machine, before).
      expect(await fanOutEvents(gw.ctx)).toBe(0);
    });
    expect(await fanOutEvents(gw.ctx)).toBeGreaterThan(0);
    const made = await gw.ctx.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', ep.id)
      .execute();
    expect(made).toHaveLength(1);
  });
});

describe('a stopped gateway', () => {
  it('leaves its claims to lapse: another loop sends the delivery after the lease', async () => {
    const ep = await endpoint(['message.delivered']);
    receiver.answer(ep.path, 500, 200);
    await send(['233241000170']);
    await tick();
    expect(receiver.on(ep.path)).toHaveLength(1);
    // A gateway claims the retry and stops before sending it.
    gw.clock.advance(6_000);
    await gw.ctx.db
      .updateTable('webhook_deliveries')
      .set({ claimed_by: 'stopped', claimed_until: gw.clock.now + 45_000 })
      .where('endpoint_id', '=', ep.id)
      .execute();
    await tick('loop-b');
    expect(receiver.on(ep.path)).toHaveLength(1);
    gw.clock.advance(46_000);
    await tick('loop-b');
    const got = receiver.on(ep.path);
    expect(got).toHaveLength(2);
    expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
    expect((await deliveries(ep.id)).body.data[0]).toMatchObject({ state: 'succeeded', lastStatusCode: 200 });
  });
});

describe('WEBHOOK_RETRY_SCHEDULE', () => {
  it('is read as comma-separated seconds, and a malformed one stops the start naming it', () => {
    expect(configFromEnv({ GATEWAY_DEV: '1' }).webhookRetrySchedule).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(configFromEnv({ GATEWAY_DEV: '1', WEBHOOK_RETRY_SCHEDULE: '1, 60,3600' }).webhookRetrySchedule).toEqual([
      1, 60, 3600,
    ]);
    for (const bad of ['5,,300', '0', 'soon', '1.5'])
      expect(() => configFromEnv({ GATEWAY_DEV: '1', WEBHOOK_RETRY_SCHEDULE: bad })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });
});

describe('retention', () => {
  it('prunes finished deliveries after 30 days, and keeps pending ones', async () => {
    const ep = await endpoint(['message.delivered', 'message.failed']);
    receiver.answer(ep.path, 200, 500);
    await send(['233241000180', '233241000113']);
    await tick();
    const states = async () => (await deliveries(ep.id)).body.data.map((d: any) => d.state).sort();
    expect(await states()).toEqual(['pending', 'succeeded']);
    gw.clock.advance(30 * 24 * 3_600_000 - 60_000);
    expect(await pruneDeliveries(gw.ctx)).toBe(0);
    gw.clock.advance(120_000);
    expect(await pruneDeliveries(gw.ctx)).toBe(1);
    expect(await states()).toEqual(['pending']);
  });
});

describe('the event of a message with no delivery report', () => {
  it('is message.unconfirmed: the old name message.sent is refused for a new endpoint, with the types listed', async () => {
    const res = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: testKey.secret,
      body: { url: receiver.url('/old-name'), events: ['message.sent'] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('message.unconfirmed');
  });

  it('migration 036 renames what an endpoint takes and what waits, and keeps a sent body as it was sent', async () => {
    const ep = await endpoint(['message.delivered', 'message.failed']);
    await sql`update webhook_endpoints set events = 'message.sent,message.delivered' where id = ${ep.id}`.execute(
      gw.ctx.db,
    );
    const body = (type: string) =>
      JSON.stringify({ type, timestamp: '2026-12-01T10:00:00.000Z', data: { id: 'msg_test_old', status: 'unknown' } });
    const row = (n: number, state: 'pending' | 'succeeded') => ({
      webhook_id: `msg_old_${n}`,
      endpoint_id: ep.id,
      event_id: 900_000 + n,
      event_type: 'message.sent' as never,
      payload: body('message.sent'),
      state,
      next_attempt_at: state === 'pending' ? Date.now() + 3_600_000 : null,
      created_at: Date.now(),
    });
    await gw.ctx.db
      .insertInto('webhook_deliveries')
      .values([row(1, 'pending'), row(2, 'succeeded')])
      .execute();

    await unconfirmedEvent(gw.ctx.db.dialectName).up(gw.ctx.db as never);

    const listed = await v1(gw, 'GET', '/webhook-endpoints', { auth: testKey.secret });
    expect(listed.body.data.find((e: { id: string }) => e.id === ep.id).events).toEqual([
      'message.unconfirmed',
      'message.delivered',
    ]);
    const rows = await gw.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['webhook_id', 'event_type', 'payload'])
      .where('endpoint_id', '=', ep.id)
      .orderBy('webhook_id')
      .execute();
    expect(rows.map((r) => [r.webhook_id, r.event_type, JSON.parse(r.payload).type])).toEqual([
      ['msg_old_1', 'message.unconfirmed', 'message.unconfirmed'],
      ['msg_old_2', 'message.unconfirmed', 'message.sent'],
    ]);
    // The delivery log answers both under the new type.
    const log = (await deliveries(ep.id)).body.data.map((d: { type: string }) => d.type);
    expect(log).toEqual(['message.unconfirmed', 'message.unconfirmed']);
  });
});
