// Sending and reading through the integrators' API (docs/api-v1.md): batches through the app's send
// path and its credit, rejected numbers, Idempotency-Key, cursor paging and filters, cancel with refund,
// test mode's outcomes, and what another account (or the other mode) can see. Every answer is checked
// against the OpenAPI document (v1()).
import { failureReason } from '../../src/domain/messages/failure-reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf, list } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { tickScheduler } from '../../server/src/scheduler/scheduler';
import { sha256 } from '../../server/src/auth/tokens';
import { storedKey } from '../../server/src/messaging/idempotency';

let gw: TestGateway;
let demo: Awaited<ReturnType<typeof account>>;
let live: { secret: string };
let test: { secret: string };
let acmeKey: { secret: string };

beforeAll(async () => {
  gw = await makeTestApp();
  demo = await account(gw, 'demouser');
  const acme = await account(gw, 'acmeclient');
  live = await makeKey(gw, demo.token);
  test = await makeKey(gw, demo.token, { mode: 'test' });
  acmeKey = await makeKey(gw, acme.token);
});
afterAll(() => gw.close());

const send = (secret: string, body: unknown, headers: Record<string, string> = {}) =>
  v1(gw, 'POST', '/messages', { auth: secret, body, headers });

/** The simulated carrier sends, then reports a second later. */
async function deliver() {
  await tickCarrier(gw.ctx);
  gw.clock.advance(gw.ctx.carrierDelayMs);
  await tickCarrier(gw.ctx);
}

describe('sendMessages', () => {
  it('sends one text to many numbers, charging its parts, and lists invalid numbers as rejected', async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await send(live.secret, {
      from: 'DEMO',
      to: ['233241000010', '0241 000 020', '12345', 'not a number'],
      text: 'Your order has shipped',
      reference: 'order-1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mode: 'live', reference: 'order-1', accepted: 2, rejected: 2, parts: 2, cost: 2 });
    expect(res.body.batchId).toMatch(/^bat_\d+$/);
    expect(res.body.messages.map((m: any) => [m.to, m.status, m.reason])).toEqual([
      ['233241000010', 'queued', null],
      ['0241 000 020', 'queued', null],
      ['12345', 'rejected', 'invalid_number'],
      ['not a number', 'rejected', 'invalid_number'],
    ]);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);

    await deliver();
    const message = await v1(gw, 'GET', `/messages/${res.body.messages[0].messageId}`, { auth: live.secret });
    expect(message.status).toBe(200);
    expect(message.body).toMatchObject({
      to: '233241000010',
      from: 'DEMO',
      text: 'Your order has shipped',
      status: 'delivered',
      parts: 1,
      cost: 1,
      reference: 'order-1',
      error: null,
      // The number's network by its prefix (024: MTN), as link.clicked names it.
      network: 'mtn',
    });
    expect(message.body.history.map((h: any) => h.status)).toEqual(['queued', 'delivered']);
    const second = await v1(gw, 'GET', `/messages/${res.body.messages[1].messageId}`, { auth: live.secret });
    // Stored in the canonical form, as every number is (docs/product.md#phone-numbers).
    expect(second.body.to).toBe('233241000020');
  });

  it('sends one text per number, each with its own parts', async () => {
    const long = 'x'.repeat(200);
    const res = await send(live.secret, {
      from: 'DEMO',
      messages: [
        { to: '233241000030', text: 'Hi Ama' },
        { to: '233241000040', text: long },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.messages.map((m: any) => m.parts)).toEqual([1, 2]);
    expect(res.body.cost).toBe(3);
    const two = await v1(gw, 'GET', `/messages/${res.body.messages[1].messageId}`, { auth: live.secret });
    expect(two.body.text).toBe(long);
  });

  it('refuses a sender ID that is not approved, naming the field, and sends nothing', async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await send(live.secret, { from: 'NOTMINE', to: ['233241000050'], text: 'Hi' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'sender_not_approved', param: 'from' });
    expect(res.body.error.doc_url).toContain('sender_not_approved');
    expect(await balanceOf(gw, 'demouser')).toBe(before);
  });

  it('refuses a send with no valid number, and one the balance does not cover', async () => {
    const none = await send(live.secret, { from: 'DEMO', to: ['1'], text: 'Hi' });
    expect(none.status).toBe(422);
    expect(none.body.error).toMatchObject({ code: 'invalid_number', param: 'to' });
    const poor = await makeTestApp();
    try {
      const user = await account(poor, 'demouser');
      await poor.ctx.db
        .updateTable('users')
        .set({ creditbalance: 0 })
        .where('profile_id', '=', user.profile_id)
        .execute();
      const key = await makeKey(poor, user.token);
      const res = await v1(poor, 'POST', '/messages', {
        auth: key.secret,
        body: { from: 'DEMO', to: ['233241000060'], text: 'Hi' },
      });
      expect(res.status).toBe(402);
      expect(res.body.error.code).toBe('insufficient_credit');
    } finally {
      await poor.close();
    }
  });

  it('refuses a body with both forms, or neither, naming the field', async () => {
    const both = await send(live.secret, { from: 'DEMO', to: ['233241000070'], text: 'a', messages: [] });
    expect(both.status).toBe(400);
    const neither = await send(live.secret, { from: 'DEMO' });
    expect(neither.status).toBe(400);
    expect(neither.body.error.param).toBe('to');
    const unknown = await send(live.secret, { from: 'DEMO', to: ['233241000070'], text: 'a', sender: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.param).toBe('sender');
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer and sends and charges once', async () => {
    const body = { from: 'DEMO', to: ['233241000110', '233241000120'], text: 'Once only' };
    const before = await balanceOf(gw, 'demouser');
    const first = await send(live.secret, body, { 'idempotency-key': 'order-77' });
    const again = await send(live.secret, body, { 'idempotency-key': 'order-77' });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);
    const listed = await v1(gw, 'GET', `/messages?batchId=${first.body.batchId}`, { auth: live.secret });
    expect(listed.body.data).toHaveLength(2);
  });

  it('refuses the same key with another body (409)', async () => {
    await send(live.secret, { from: 'DEMO', to: ['233241000130'], text: 'A' }, { 'idempotency-key': 'k-409' });
    const other = await send(
      live.secret,
      { from: 'DEMO', to: ['233241000130'], text: 'B' },
      { 'idempotency-key': 'k-409' },
    );
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });

  it('sends once when two requests with one key race', async () => {
    const body = { from: 'DEMO', to: ['233241000140', '233241000150', '233241000160'], text: 'Race' };
    const before = await balanceOf(gw, 'demouser');
    const [a, b] = await Promise.all([
      send(live.secret, body, { 'idempotency-key': 'race-1' }),
      send(live.secret, body, { 'idempotency-key': 'race-1' }),
    ]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.batchId).toBe(a.body.batchId);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 3);
  });

  it('sends only one of two racing requests with one key and different bodies', async () => {
    const before = await balanceOf(gw, 'demouser');
    const [a, b] = await Promise.all([
      send(live.secret, { from: 'DEMO', to: ['233241000180'], text: 'A' }, { 'idempotency-key': 'race-2' }),
      send(
        live.secret,
        { from: 'DEMO', to: ['233241000190', '233241000200', '233241000220'], text: 'B' },
        { 'idempotency-key': 'race-2' },
      ),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const won = a.status === 201 ? a : b;
    expect(await balanceOf(gw, 'demouser')).toBe(before - won.body.accepted);
  });

  it('refuses a key another body holds while its request still runs', async () => {
    await gw.ctx.db
      .insertInto('idempotent_answers')
      .values({
        profile_id: demo.profile_id,
        mode: 'live',
        idem_key: storedKey('in-flight'),
        body_hash: sha256('another body'),
        answer: '',
        created_at: gw.clock.now,
      })
      .execute();
    const before = await balanceOf(gw, 'demouser');
    const res = await send(
      live.secret,
      { from: 'DEMO', to: ['233241000230'], text: 'A' },
      { 'idempotency-key': 'in-flight' },
    );
    expect(res.status).toBe(409);
    expect(await balanceOf(gw, 'demouser')).toBe(before);
  });

  it('frees the key of a refused request, so it can be retried', async () => {
    const refused = await send(
      live.secret,
      { from: 'NOTMINE', to: ['233241000210'], text: 'A' },
      { 'idempotency-key': 'retry-1' },
    );
    expect(refused.status).toBe(422);
    const fixed = await send(
      live.secret,
      { from: 'DEMO', to: ['233241000210'], text: 'A' },
      { 'idempotency-key': 'retry-1' },
    );
    expect(fixed.status).toBe(201);
  });

  it('keeps keys of the live and test modes apart, and refuses a malformed key', async () => {
    const body = { from: 'DEMO', to: ['233241000170'], text: 'Mode' };
    const inLive = await send(live.secret, body, { 'idempotency-key': 'shared' });
    const inTest = await send(test.secret, body, { 'idempotency-key': 'shared' });
    expect(inTest.body.batchId).not.toBe(inLive.body.batchId);
    const bad = await send(live.secret, body, { 'idempotency-key': 'has space' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('Idempotency-Key');
  });
});

describe('listMessages', () => {
  let batch: string;
  beforeAll(async () => {
    const res = await send(live.secret, {
      from: 'DEMO',
      to: Array.from({ length: 25 }, (_, i) => `23324200${String(i).padStart(2, '0')}0`),
      text: 'Paging',
      reference: 'paging',
    });
    batch = res.body.batchId;
  });

  it('pages newest first with a cursor, each message once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/messages?batchId=${batch}&limit=10${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await v1(gw, 'GET', query, { auth: live.secret });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((m: any) => m.id));
      cursor = page.body.nextCursor;
      expect(page.body.hasMore).toBe(cursor !== null);
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const ids = seen.map((id) => Number(id.slice(4)));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by status, reference, sender and time', async () => {
    const byRef = await v1(gw, 'GET', '/messages?reference=paging&limit=100', { auth: live.secret });
    expect(byRef.body.data).toHaveLength(25);
    const queued = await v1(gw, 'GET', `/messages?batchId=${batch}&status=queued&limit=100`, { auth: live.secret });
    expect(queued.body.data).toHaveLength(25);
    const other = await v1(gw, 'GET', '/messages?from=OTHER', { auth: live.secret });
    expect(other.body.data).toHaveLength(0);
    const now = new Date(gw.clock.now).toISOString();
    const later = new Date(gw.clock.now + 1000).toISOString();
    const since = await v1(gw, 'GET', `/messages?reference=paging&since=${later}`, { auth: live.secret });
    expect(since.body.data).toHaveLength(0);
    const until = await v1(gw, 'GET', `/messages?reference=paging&until=${later}&since=${now}&limit=5`, {
      auth: live.secret,
    });
    expect(until.body.data).toHaveLength(5);
    await deliver();
    const delivered = await v1(gw, 'GET', `/messages?batchId=${batch}&status=delivered&limit=100`, {
      auth: live.secret,
    });
    expect(delivered.body.data).toHaveLength(25);
  });

  it('refuses a cursor it never gave, a limit out of range and an unknown filter', async () => {
    const cursor = await v1(gw, 'GET', '/messages?cursor=bogus', { auth: live.secret });
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.param).toBe('cursor');
    expect((await v1(gw, 'GET', '/messages?limit=1000', { auth: live.secret })).body.error.param).toBe('limit');
    expect((await v1(gw, 'GET', '/messages?limit=abc', { auth: live.secret })).status).toBe(400);
    expect((await v1(gw, 'GET', '/messages?colour=red', { auth: live.secret })).body.error.param).toBe('colour');
    expect((await v1(gw, 'GET', '/messages?status=lost', { auth: live.secret })).status).toBe(400);
    expect((await v1(gw, 'GET', '/messages?status=sent&status=failed', { auth: live.secret })).status).toBe(400);
  });
});

describe('batches: counts, schedule, cancel and refund', () => {
  it('counts a batch by status', async () => {
    const res = await send(live.secret, { from: 'DEMO', to: ['233241000210', '233241000213'], text: 'Count' });
    const queued = await v1(gw, 'GET', `/batches/${res.body.batchId}`, { auth: live.secret });
    expect(queued.body).toMatchObject({ status: 'sending', recipients: 2, parts: 2, cost: 2, scheduleAt: null });
    expect(queued.body.counts.queued).toBe(2);
    await deliver();
    const done = await v1(gw, 'GET', `/batches/${res.body.batchId}`, { auth: live.secret });
    expect(done.body).toMatchObject({ status: 'completed' });
    expect(done.body.counts).toMatchObject({ delivered: 1, failed: 1, queued: 0 });
  });

  it('cancels a scheduled batch before it runs and gives its credit back, once', async () => {
    const before = await balanceOf(gw, 'demouser');
    const at = new Date(gw.clock.now + 3_600_000).toISOString();
    const res = await send(live.secret, {
      from: 'DEMO',
      to: ['233241000310', '233241000320'],
      text: 'Tomorrow',
      scheduleAt: at,
    });
    expect(res.status).toBe(201);
    expect(res.body.scheduleAt).toBe(at);
    expect(res.body.messages.map((m: any) => m.status)).toEqual(['scheduled', 'scheduled']);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);
    const batch = await v1(gw, 'GET', `/batches/${res.body.batchId}`, { auth: live.secret });
    expect(batch.body).toMatchObject({ status: 'scheduled', scheduleAt: at, counts: { scheduled: 2 } });

    const cancelled = await v1(gw, 'POST', `/batches/${res.body.batchId}/cancel`, { auth: live.secret });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refunded: 2, counts: { cancelled: 2 } });
    expect(await balanceOf(gw, 'demouser')).toBe(before);
    const message = await v1(gw, 'GET', `/messages/${res.body.messages[0].messageId}`, { auth: live.secret });
    expect(message.body.status).toBe('cancelled');

    const again = await v1(gw, 'POST', `/batches/${res.body.batchId}/cancel`, { auth: live.secret });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('batch_not_cancellable');
    expect(await balanceOf(gw, 'demouser')).toBe(before);
    // Its time comes and goes: nothing of it reaches the carrier.
    gw.clock.advance(3_600_000);
    await tickScheduler(gw.ctx);
    await deliver();
    const carried = await gw.ctx.db
      .selectFrom('carrier_parts')
      .select('id')
      .where('to_number', 'in', ['233241000310', '233241000320'])
      .execute();
    expect(carried).toHaveLength(0);
    const after = await v1(gw, 'GET', `/batches/${res.body.batchId}`, { auth: live.secret });
    expect(after.body.counts.cancelled).toBe(2);
  });

  it('reads a scheduled message through its delivery once it has run, and refuses to cancel it then', async () => {
    const at = new Date(gw.clock.now + 60_000).toISOString();
    const res = await send(live.secret, { from: 'DEMO', to: ['233241000410'], text: 'Soon', scheduleAt: at });
    gw.clock.advance(60_000);
    await tickScheduler(gw.ctx);
    await deliver();
    const message = await v1(gw, 'GET', `/messages/${res.body.messages[0].messageId}`, { auth: live.secret });
    expect(message.body).toMatchObject({ status: 'delivered', scheduleAt: at });
    expect(message.body.history.map((h: any) => h.status)).toEqual(['scheduled', 'queued', 'delivered']);
    const cancel = await v1(gw, 'POST', `/batches/${res.body.batchId}/cancel`, { auth: live.secret });
    expect(cancel.status).toBe(409);
  });

  it('refuses to cancel a batch sent at once', async () => {
    const res = await send(live.secret, { from: 'DEMO', to: ['233241000510'], text: 'Now' });
    const cancel = await v1(gw, 'POST', `/batches/${res.body.batchId}/cancel`, { auth: live.secret });
    expect(cancel.status).toBe(409);
  });

  it('refuses a time already gone', async () => {
    const res = await send(live.secret, {
      from: 'DEMO',
      to: ['233241000610'],
      text: 'Past',
      scheduleAt: new Date(gw.clock.now - 3_600_000).toISOString(),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain('already passed');
    const noOffset = await send(live.secret, {
      from: 'DEMO',
      to: ['233241000610'],
      text: 'x',
      scheduleAt: '2026-12-01 10:00',
    });
    expect(noOffset.status).toBe(400);
    expect(noOffset.body.error.param).toBe('scheduleAt');
  });
});

describe('test mode', () => {
  it('gives each documented ending its outcome, takes no credit and reaches no carrier', async () => {
    const before = await balanceOf(gw, 'demouser');
    const numbers = ['233249000010', '233249000013', '233249000014', '233249000099'];
    const res = await send(test.secret, { from: 'DEMO', to: numbers, text: 'Test' });
    expect(res.status).toBe(201);
    expect(res.body.mode).toBe('test');
    expect(res.body.messages.map((m: any) => m.status)).toEqual(['delivered', 'failed', 'expired', 'unknown']);
    await deliver();
    expect(await balanceOf(gw, 'demouser')).toBe(before);
    const carried = await gw.ctx.db
      .selectFrom('carrier_parts')
      .select('id')
      .where('to_number', 'in', numbers)
      .execute();
    expect(carried).toHaveLength(0);
    const simulated = await gw.ctx.db
      .selectFrom('carrier_messages')
      .select('id')
      .where('to_number', 'in', numbers)
      .execute();
    expect(simulated).toHaveLength(0);

    const failed = await v1(gw, 'GET', `/messages/${res.body.messages[1].messageId}`, { auth: test.secret });
    // Each failure in the words the app's status page gives it (src/domain/messages/failure-reasons.ts).
    expect(failed.body).toMatchObject({
      status: 'failed',
      mode: 'test',
      error: { code: 'UNDELIV', description: failureReason('FAILED', 'UNDELIV', 'UNDELIV') },
    });
    const expired = await v1(gw, 'GET', `/messages/${res.body.messages[2].messageId}`, { auth: test.secret });
    expect(expired.body.error).toEqual({
      code: 'EXPIRED',
      description: 'The phone was off or out of coverage until the network gave up',
    });

    // Recorded through messaging: the recipients' events carry the outcomes.
    const events = await gw.ctx.db
      .selectFrom('recipient_events')
      .select(['recipient_id', 'new_status', 'error'])
      .where(
        'recipient_id',
        'in',
        res.body.messages.map((m: any) => Number(m.messageId.slice(4))),
      )
      .where('old_status', '<>', '')
      .orderBy('recipient_id')
      .execute();
    expect(events.map((e) => [e.new_status, e.error])).toEqual([
      ['SENT', ''],
      ['FAILED', 'UNDELIV'],
      ['FAILED', 'EXPIRED'],
      ['UNKNOWN', ''],
    ]);
  });

  it("keeps a test key's batches out of the app's lists, and shows a live key's", async () => {
    const inTest = await send(test.secret, { from: 'DEMO', to: ['233249000310'], text: 'Not real' });
    const inLive = await send(live.secret, { from: 'DEMO', to: ['233249000320'], text: 'Real' });
    const page = await list(gw, demo.token, 'quickrequest');
    const ids = page.body.bulksms.map((m: any) => m.message_id);
    expect(ids).toContain(Number(inLive.body.batchId.slice(4)));
    expect(ids).not.toContain(Number(inTest.body.batchId.slice(4)));
  });

  it('refuses to schedule with a test key', async () => {
    const res = await send(test.secret, {
      from: 'DEMO',
      to: ['233249000110'],
      text: 'Later',
      scheduleAt: new Date(gw.clock.now + 3_600_000).toISOString(),
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'test_mode_unsupported', param: 'scheduleAt' });
  });

  it('keeps test and live messages apart', async () => {
    const inTest = await send(test.secret, { from: 'DEMO', to: ['233249000210'], text: 'T' });
    const inLive = await send(live.secret, { from: 'DEMO', to: ['233249000220'], text: 'L' });
    expect((await v1(gw, 'GET', `/messages/${inTest.body.messages[0].messageId}`, { auth: live.secret })).status).toBe(
      404,
    );
    expect((await v1(gw, 'GET', `/messages/${inLive.body.messages[0].messageId}`, { auth: test.secret })).status).toBe(
      404,
    );
    expect((await v1(gw, 'GET', `/batches/${inTest.body.batchId}`, { auth: live.secret })).status).toBe(404);
    const listed = await v1(gw, 'GET', '/messages?limit=100', { auth: test.secret });
    expect(listed.body.data.every((m: any) => m.mode === 'test')).toBe(true);
  });
});

describe("another account's view", () => {
  it("never reads or cancels another account's messages and batches", async () => {
    const at = new Date(gw.clock.now + 3_600_000).toISOString();
    const mine = await send(live.secret, { from: 'DEMO', to: ['233241000710'], text: 'Private', scheduleAt: at });
    const messageId = mine.body.messages[0].messageId;
    for (const path of [`/messages/${messageId}`, `/batches/${mine.body.batchId}`]) {
      const res = await v1(gw, 'GET', path, { auth: acmeKey.secret });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const cancel = await v1(gw, 'POST', `/batches/${mine.body.batchId}/cancel`, { auth: acmeKey.secret });
    expect(cancel.status).toBe(404);
    const listed = await v1(gw, 'GET', `/messages?batchId=${mine.body.batchId}`, { auth: acmeKey.secret });
    expect(listed.body.data).toHaveLength(0);
    const mineStill = await v1(gw, 'GET', `/batches/${mine.body.batchId}`, { auth: live.secret });
    expect(mineStill.body.status).toBe('scheduled');
  });

  it('answers ids that are not ids with 404, never a fault', async () => {
    for (const id of ['1', 'msg_', 'msg_99999999999', 'bat_1', "msg_1' or 1=1", 'msg_-1']) {
      const res = await v1(gw, 'GET', `/messages/${encodeURIComponent(id)}`, { auth: live.secret });
      expect(res.status, id).toBe(404);
    }
    const batch = await v1(gw, 'GET', '/batches/msg_1', { auth: live.secret });
    expect(batch.status).toBe(404);
  });
});

describe('getBalance and listSenderIds', () => {
  it("answers the app header's figures and the sender IDs", async () => {
    const balance = await v1(gw, 'GET', '/balance', { auth: live.secret });
    const user = await gw.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('profile_id', '=', demo.profile_id)
      .executeTakeFirstOrThrow();
    expect(balance.body).toEqual({
      credits: user.creditbalance,
      internationalBalance: user.internationalcreditbalance,
      unit: 'credits',
      expiresAt: user.creditexpires ? new Date(user.creditexpires * 1000).toISOString() : null,
    });
    const ids = await v1(gw, 'GET', '/sender-ids', { auth: live.secret });
    expect(ids.body.data).toContainEqual({ senderId: 'DEMO', status: 'approved' });
  });
});
