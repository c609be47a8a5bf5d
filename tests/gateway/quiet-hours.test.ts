// Quiet hours (docs/product.md#quiet-hours): a promotional send, scheduled run or recurring run due inside
// the account's quiet hours is stored and paid, and goes out once when they end, also after a restart;
// transactional sends, tests and SMPP submits are never held.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf, carrierRows, numbers, restart, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { tickScheduler } from '../../server/src/scheduler/scheduler';
import { releaseHeld } from '../../server/src/messaging/held';
import { STAGE } from '../../server/src/db/schema-messaging';
import { makeKey, v1 } from './helpers/api-v1';

const HOUR = 3_600_000;
// The test clock starts at 2026-11-20 10:00 UTC (a Friday), which is 10:00 in Accra.
const AT_21 = Date.parse('2026-11-20T21:00:00Z');
const NEXT_8 = Date.parse('2026-11-21T08:00:00Z');

describe('quiet hours', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    // The seed's own registrations would run too: these tests count what reaches the carrier.
    await gw.ctx.db.deleteFrom('message_recipients').execute();
    await gw.ctx.db.deleteFrom('messages').execute();
  });
  afterEach(() => gw.close());

  const setQuietHours = (body: Record<string, unknown>) =>
    call(gw, 'setquiethours', { profile_id: demo.profile_id, ...body }, { token: demo.token });

  /** Every part the carrier was handed for a job: [number, recipient index]. */
  const delivered = async (job: string) => (await carrierRows(gw, job)).map((r) => [r.to_number, r.recipient_index]);

  /** Lets the carrier and the scheduler do all they would by now. */
  async function tick() {
    await tickScheduler(gw.ctx);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
  }

  const quick = (job: string, to: string, overrides: Record<string, unknown> = {}) =>
    sendSms(gw, demo.apikey, [sendItem({ destinationAddress: to, ...overrides })], {
      key: `${job}:0-${to.split(',').length - 1}`,
    });

  it('keeps the quiet hours an account sets, and refuses times that are not times', async () => {
    const set = await setQuietHours({ start: '20:00', end: '08:00', sundays: true });
    expect(set.status).toBe(200);
    expect(set.body.userInfo).toMatchObject({ quietstart: '20:00', quietend: '08:00', quietsundays: true });
    const bad = await setQuietHours({ start: '8pm', end: '08:00', sundays: false });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Please give quiet hours as HH:mm, e.g. 20:00');
    const same = await setQuietHours({ start: '08:00', end: '08:00', sundays: false });
    expect(same.status).toBe(400);
    expect(JSON.stringify(same.body)).toContain('Quiet hours must start and end at different times');
    const off = await setQuietHours({ start: '', end: '', sundays: false });
    expect(off.body.userInfo).toMatchObject({ quietstart: '', quietend: '', quietsundays: false });
  });

  it('holds a promotional send until 08:00, paid at once, and sends each recipient once after a restart', async () => {
    await setQuietHours({ start: '20:00', end: '08:00', sundays: false });
    gw.clock.advance(AT_21 - gw.clock.now);
    const before = await balanceOf(gw, 'demouser');
    const job = randomUUID();
    const res = await quick(job, numbers(3));
    expect(res.body).toMatchObject({ message: 'Messages sent successfully', heldUntil: NEXT_8 });
    expect(await balanceOf(gw, 'demouser')).toBe(before - 3);
    await tick();
    expect(await delivered(job)).toEqual([]);

    const status = await call(gw, `status/${res.body.message_id}`, { page: 1, size: 10 }, { token: demo.token });
    expect(status.body.campaign).toMatchObject({ heldUntil: NEXT_8 });
    expect(status.body.status.map((r: { status: string }) => r.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);

    gw.clock.advance(NEXT_8 - gw.clock.now - 1);
    await tick();
    expect(await delivered(job)).toEqual([]);
    // The gateway stops and starts again at the end of the quiet hours: the hold is in the database.
    gw.clock.advance(1);
    gw = await restart(gw);
    await tick();
    await tick();
    expect((await delivered(job)).sort()).toEqual(
      numbers(3)
        .split(',')
        .map((n, i) => [n, i]),
    );
    expect(await balanceOf(gw, 'demouser')).toBe(before - 3);
    const after = await call(gw, `status/${res.body.message_id}`, { page: 1, size: 10 }, { token: demo.token });
    expect(after.body.campaign.heldUntil).toBeUndefined();
  });

  it('never holds a transactional send or a test to oneself', async () => {
    await setQuietHours({ start: '20:00', end: '08:00', sundays: false });
    gw.clock.advance(AT_21 - gw.clock.now);
    const job = randomUUID();
    const res = await quick(job, numbers(2), { category: 'transactional' });
    expect(res.body.heldUntil).toBeUndefined();
    await tick();
    expect(await delivered(job)).toHaveLength(2);
    const self = await call(
      gw,
      'sendtesttoself',
      { profile_id: demo.profile_id, sourceAddress: 'DEMO', text: 'A test at night' },
      { token: demo.token },
    );
    expect(self.status).toBe(200);
    const parts = await gw.ctx.db
      .selectFrom('message_recipients')
      .select('stage')
      .where('message_id', '=', self.body.message_id)
      .execute();
    expect(parts.map((p) => p.stage)).not.toContain(STAGE.held);
    const refused = await quick(randomUUID(), numbers(1), { category: 'advert' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("must be 'promotional' or 'transactional'");
  });

  it('holds a scheduled run due at night and a Saturday night into a quiet Sunday', async () => {
    await setQuietHours({ start: '20:00', end: '08:00', sundays: true });
    const job = randomUUID();
    const res = await sendSms(
      gw,
      demo.apikey,
      [
        sendItem({
          messageType: 'scheduled sms',
          typeandsubtype: 'scheduled:regular',
          // Saturday 2026-11-21 22:00 in Accra: Sunday is quiet too, so Monday 08:00.
          expectedDeliveryTime: '2026-11-21 22:00:00',
          destinationAddress: numbers(2),
        }),
      ],
      { key: `${job}:0-1` },
    );
    expect(res.status).toBe(200);
    gw.clock.advance(Date.parse('2026-11-21T22:00:00Z') - gw.clock.now);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    await tick();
    expect(await delivered(job)).toEqual([]);
    gw.clock.advance(Date.parse('2026-11-22T15:00:00Z') - gw.clock.now);
    await tick();
    expect(await delivered(job)).toEqual([]);
    gw.clock.advance(Date.parse('2026-11-23T08:00:00Z') - gw.clock.now);
    await tick();
    await tick();
    expect((await delivered(job)).sort()).toEqual(
      numbers(2)
        .split(',')
        .map((n, i) => [n, i]),
    );
  });

  it('queues each held recipient once when two instances release together', async () => {
    await setQuietHours({ start: '20:00', end: '08:00', sundays: false });
    gw.clock.advance(AT_21 - gw.clock.now);
    const job = randomUUID();
    await quick(job, numbers(40));
    gw.clock.advance(NEXT_8 - gw.clock.now + HOUR);
    const released = await Promise.all([releaseHeld(gw.ctx.db, gw.clock.now), releaseHeld(gw.ctx.db, gw.clock.now)]);
    expect(released[0] + released[1]).toBe(40);
    await tick();
    await tick();
    const sent = await delivered(job);
    expect(sent).toHaveLength(40);
    expect(new Set(sent.map(([n]) => n)).size).toBe(40);
  });

  it('holds an API send unless it or its template is transactional', async () => {
    await setQuietHours({ start: '20:00', end: '08:00', sundays: false });
    const key = await makeKey(gw, demo.token, { scopes: ['messages:send', 'messages:read'] });
    const code = await v1(gw, 'POST', '/templates', {
      auth: key.secret,
      body: { name: 'Code', text: 'Your code is {code}', category: 'transactional' },
    });
    expect(code.status).toBe(201);
    gw.clock.advance(AT_21 - gw.clock.now);
    const send = (body: Record<string, unknown>) =>
      v1(gw, 'POST', '/messages', { auth: key.secret, body: { from: 'DEMO', ...body } });
    const offer = await send({ to: ['233241000010'], text: 'Half price today' });
    const receipt = await send({ to: ['233241000020'], text: 'Paid, thank you', category: 'transactional' });
    const fromTemplate = await send({ to: ['233241000030'], templateId: code.body.id, fields: { code: '1234' } });
    for (const res of [offer, receipt, fromTemplate]) expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stageOf = async (number: string) =>
      (
        await gw.ctx.db
          .selectFrom('message_recipients')
          .select('stage')
          .where('number', '=', number)
          .executeTakeFirstOrThrow()
      ).stage;
    expect(await stageOf('233241000010')).toBe(STAGE.held);
    expect(await stageOf('233241000020')).toBe(STAGE.queued);
    expect(await stageOf('233241000030')).toBe(STAGE.queued);
    // The API calls a held message queued, as it is.
    expect(offer.body.messages[0].status).toBe('queued');
    const read = await v1(gw, 'GET', `/messages/${offer.body.messages[0].messageId}`, { auth: key.secret });
    expect(read.body).toMatchObject({ status: 'queued' });
  });
});
