// Group commit of submit_sm (docs/smpp.md#sending): the whole submits waiting on every bind are stored
// and charged in one transaction, each answered after it commits. A submit refused inside a group
// (short of credit, sender no longer approved) is answered alone without undoing the others; a fault
// of the transaction fails only the submit at fault, the others stored again without it
// (smpp-server-unstorable.test.ts has more); a killed gateway loses no answered submit;
// the balance moves by exactly the parts of the submits answered with an id. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import smpp, { type PDU } from 'smpp';
import { sql } from 'kysely';
import { useTestGateway } from './helpers/test-app';
import { balanceOf, fundedAccount } from './helpers/messaging';
import { bind, gsmAscii, smppAccessFor, startSmpp, submit, type Customer } from './helpers/smpp-customer';
import { suppress } from '../../server/src/optouts/suppression';
import { SubmitDesk } from '../../server/src/smpp-server/submits';
import type { SubmitRequest } from '../../server/src/smpp-server/submit-answers';
import { eventually } from './helpers/eventually';

const setup = useTestGateway();

async function setUp(credits: number, maxBinds = 5) {
  const gw = await setup.open();
  const instance = await startSmpp(gw, { carrier: false });
  setup.onStop(instance.stop);
  await fundedAccount(gw, 'demouser', credits);
  const { systemId, user } = await smppAccessFor(gw, 'demouser', { maxBinds });
  return { instance, systemId, user };
}

async function customer(port: number, systemId: string) {
  const c = await bind(port, systemId);
  expect(c.status).toBe(0);
  setup.onStop(c.close);
  return c;
}

/** Two instances over one database, the account funded and bound to each: `a` to the first, `b` to the second. */
async function twoInstances(credits: number, throughput: number) {
  const gw = await setup.open();
  const one = await startSmpp(gw, { carrier: false });
  const two = await startSmpp(gw, { carrier: false });
  setup.onStop(one.stop, two.stop);
  await fundedAccount(gw, 'demouser', credits);
  const { systemId, user } = await smppAccessFor(gw, 'demouser', { throughput });
  return { a: await customer(one.port, systemId), b: await customer(two.port, systemId), user };
}

/** Submits written in one write, so the gateway reads them together and stores them as one group. */
function together(c: Customer, list: Record<string, unknown>[]) {
  c.session.socket.cork();
  const answers = list.map((fields) => submit(c.session, fields));
  c.session.socket.uncork();
  return Promise.all(answers);
}

const longGsm = (n: number) => Array.from({ length: n }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[i % 26]).join('');
/** A whole text of `parts` parts in message_payload (153 GSM characters a part past the first 160). */
const payload = (parts: number) => ({
  message_payload: gsmAscii(longGsm(parts === 1 ? 100 : 153 * parts - 10)),
  short_message: Buffer.alloc(0),
});

/** The recipients (and their messages) stored for these message_ids. */
async function storedFor(ids: readonly string[]) {
  if (ids.length === 0) return [];
  return setup.gw.ctx.db
    .selectFrom('smpp_submits as s')
    .innerJoin('message_recipients as r', 'r.id', 's.recipient_id')
    .select(['s.id', 'r.message_id', 'r.number', 'r.parts', 'r.status'])
    .where('s.id', 'in', ids.map(Number))
    .orderBy('s.id')
    .execute();
}

async function storedParts() {
  const rows = await setup.gw.ctx.db
    .selectFrom('smpp_submits as s')
    .innerJoin('message_recipients as r', 'r.id', 's.recipient_id')
    .select(['r.parts', 'r.status'])
    .execute();
  return rows.filter((r) => r.status !== 'OPTED_OUT').reduce((n, r) => n + r.parts, 0);
}

describe('a group of submits', () => {
  it('answers each submit of a mixed group with its own status and charges exactly the accepted ones', async () => {
    const { instance, systemId, user } = await setUp(5);
    const c = await customer(instance.port, systemId);
    await suppress(setup.gw.ctx.db, user.profile_id, ['233241000044'], 'manual', user.profile_id, setup.gw.clock.now);
    // ALERTS was approved when the customer bound; it is withdrawn before the group is stored.
    await setup.gw.ctx.db
      .updateTable('users')
      .set({ senderidapproved: 'DEMO' })
      .where('profile_id', '=', user.profile_id)
      .execute();
    // One group, charged in this order.
    const answers = await together(c, [
      { destination_addr: '233241000011', short_message: gsmAscii('one part') },
      { destination_addr: '233241000022', ...payload(3) },
      { destination_addr: '233241000033', ...payload(3) },
      { destination_addr: '233241000044', short_message: gsmAscii('opted out') },
      { destination_addr: '233241000055', source_addr: 'ALERTS', short_message: gsmAscii('x') },
      { destination_addr: '233241000066', short_message: gsmAscii('last one') },
    ]);
    expect(answers.map((a) => a.command_status)).toEqual([
      0,
      0,
      smpp.errors.ESME_RSUBMITFAIL,
      0,
      smpp.errors.ESME_RINVSRCADR,
      0,
    ]);
    const ok = answers.filter((a) => a.command_status === 0).map((a) => String(a.message_id));
    const stored = await storedFor(ok);
    expect(stored.map((r) => [r.number, r.parts, r.status])).toEqual([
      ['233241000011', 1, 'PENDING'],
      ['233241000022', 3, 'PENDING'],
      ['233241000044', 1, 'OPTED_OUT'],
      ['233241000066', 1, 'PENDING'],
    ]);
    // One transaction: one message row for the group's sends from DEMO, counted once.
    expect(new Set(stored.map((r) => r.message_id)).size).toBe(1);
    const message = await setup.gw.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', stored[0]!.message_id)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ posted: 4, credits: 5, opted_out: 1, source_address: 'DEMO', kind: 'quick' });
    expect(message.destination_preview).toBe('233241000011,233241000022,233241000044,233241000066');
    expect(await balanceOf(setup.gw, 'demouser')).toBe(0);
    expect(await setup.gw.ctx.db.selectFrom('smpp_submits').select('id').execute()).toHaveLength(4);
  });

  it('stores a group of one account and sender with each recipient once, its first event, its counts and its credit', async () => {
    // One account and one sender, its balance covering all: on PostgreSQL, one statement.
    const byStatus = (rows: { status: string; n: number | string }[]) =>
      Object.fromEntries(
        [...new Set(rows.map((r) => r.status))].map((s) => [
          s,
          rows.filter((r) => r.status === s).reduce((n, r) => n + Number(r.n), 0),
        ]),
      );
    const { instance, systemId, user } = await setUp(100);
    const c = await customer(instance.port, systemId);
    await suppress(setup.gw.ctx.db, user.profile_id, ['233241000044'], 'manual', user.profile_id, setup.gw.clock.now);
    const dayCounts = () =>
      setup.gw.ctx.db
        .selectFrom('daily_counters')
        .select(['status', 'n'])
        .where('profile_id', '=', user.profile_id)
        .execute();
    const daysBefore = byStatus(await dayCounts());
    const numbers = ['233241000011', '233241000022', '233241000033', '233241000044', '233241000055'];
    const answers = await together(
      c,
      numbers.map((to, i) =>
        i === 1
          ? { destination_addr: to, ...payload(2) }
          : { destination_addr: to, short_message: gsmAscii(`text ${i}`) },
      ),
    );
    expect(answers.map((a) => a.command_status)).toEqual([0, 0, 0, 0, 0]);
    const stored = await storedFor(answers.map((a) => String(a.message_id)));
    // Each message_id answered names its own recipient.
    expect(stored.map((r) => [String(r.id), r.number, r.parts, r.status])).toEqual(
      numbers.map((n, i) => [String(answers[i]!.message_id), n, i === 1 ? 2 : 1, i === 3 ? 'OPTED_OUT' : 'PENDING']),
    );
    expect(new Set(stored.map((r) => r.message_id)).size).toBe(1);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(100 - 5);
    const recipientIds = (
      await setup.gw.ctx.db
        .selectFrom('message_recipients')
        .select('id')
        .where('message_id', '=', stored[0]!.message_id)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    // One first event each, appended in the recipients' order.
    const events = await setup.gw.ctx.db
      .selectFrom('recipient_events')
      .select(['recipient_id', 'old_status', 'new_status', 'profile_id'])
      .where('recipient_id', 'in', recipientIds)
      .orderBy('id')
      .execute();
    expect(events).toEqual(
      recipientIds.map((id, i) => ({
        recipient_id: id,
        old_status: '',
        new_status: i === 3 ? 'OPTED_OUT' : 'PENDING',
        profile_id: user.profile_id,
      })),
    );
    // Counted once, on the message's and the day's counters.
    const counters = await setup.gw.ctx.db
      .selectFrom('message_counters')
      .select(['status', 'n'])
      .where('message_id', '=', stored[0]!.message_id)
      .execute();
    expect(byStatus(counters)).toEqual({ PENDING: 4, OPTED_OUT: 1 });
    const days = byStatus(await dayCounts());
    expect(
      Object.fromEntries(
        Object.entries(days)
          .map(([s, n]) => [s, n - (daysBefore[s] ?? 0)])
          .filter(([, n]) => n !== 0),
      ),
    ).toEqual({ PENDING: 4, OPTED_OUT: 1 });
  });

  it('answers ESME_RSYSERR only to the submit whose insert fails, and stores and charges the others once', async () => {
    const { instance, systemId } = await setUp(100);
    const c = await customer(instance.port, systemId);
    const recipients = async () =>
      (await setup.gw.ctx.db.selectFrom('message_recipients').select('id').execute()).length;
    const before = await recipients();
    const failing = '233240000666';
    if (setup.gw.ctx.db.dialectName === 'sqlite') {
      await sql`create trigger fail_submit before insert on smpp_submits when new.destination = ${sql.lit(failing)}
        begin select raise(abort, 'injected fault'); end`.execute(setup.gw.ctx.db);
    } else {
      await sql`create function fail_submit() returns trigger language plpgsql as $$
        begin if new.destination = ${sql.lit(failing)} then raise exception 'injected fault'; end if; return new; end $$`.execute(
        setup.gw.ctx.db,
      );
      await sql`create trigger fail_submit before insert on smpp_submits for each row execute function fail_submit()`.execute(
        setup.gw.ctx.db,
      );
    }
    const answers = await together(
      c,
      ['233241000011', failing, '233241000033'].map((to) => ({ destination_addr: to, short_message: gsmAscii('hi') })),
    );
    expect(answers.map((a) => a.command_status)).toEqual([0, smpp.errors.ESME_RSYSERR, 0]);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(98);
    // The failed one is not counted against the account's throughput.
    const rate = async () =>
      (await setup.gw.ctx.db.selectFrom('smpp_rate').select('parts').execute()).reduce((n, r) => n + r.parts, 0);
    expect(await rate()).toBe(2);
    const stored = await storedFor(answers.filter((a) => a.command_status === 0).map((a) => String(a.message_id)));
    expect(stored.map((r) => r.number)).toEqual(['233241000011', '233241000033']);
    expect(await setup.gw.ctx.db.selectFrom('smpp_submits').select('id').execute()).toHaveLength(2);
    expect(await recipients()).toBe(before + 2);
    // The next group is stored as usual.
    const next = await submit(c.session, { destination_addr: '233241000044', short_message: gsmAscii('hi') });
    expect(next.command_status).toBe(0);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(97);
    expect(await rate()).toBe(3);
  });

  it('loses no answered submit when the gateway is killed mid-group, and charges only what it stored', async () => {
    const { instance, systemId } = await setUp(100_000);
    const c = await customer(instance.port, systemId);
    const answered: string[] = [];
    // Far more than the gateway can store and answer before the customer reads its first answer,
    // even on a loaded machine (400 were all answered first once in six runs; with two cores busy, up to 1,120 were).
    const total = 10_000;
    await new Promise<void>((resolve) => {
      for (let i = 0; i < total; i += 1) {
        const to = `2332410${String(i).padStart(5, '0')}`;
        c.session.send(
          new smpp.PDU('submit_sm', {
            source_addr: 'DEMO',
            destination_addr: to,
            registered_delivery: 1,
            short_message: gsmAscii(`hello ${i}`),
          }),
          (resp: PDU) => {
            expect(resp.command_status).toBe(0);
            answered.push(String(resp.message_id));
            // Killed as the first group's answers go out: later groups are unread, waiting or being stored.
            if (answered.length === 1) {
              instance.server.kill();
              resolve();
            }
          },
        );
      }
    });
    await c.close();
    expect(answered.length).toBeLessThan(total);
    // What was being stored when the process died commits or not, as a whole: the balance always
    // matches what is stored, and every answered submit is among it.
    await eventually(async () => {
      const stored = await setup.gw.ctx.db.selectFrom('smpp_submits').select('id').execute();
      expect(100_000 - (await balanceOf(setup.gw, 'demouser'))).toBe(stored.length);
      expect(await storedParts()).toBe(stored.length);
    });
    const rows = await storedFor(answered);
    expect(rows.map((r) => String(r.id))).toEqual([...answered].sort((a, b) => Number(a) - Number(b)));
    expect(rows.every((r) => r.status === 'PENDING')).toBe(true);
    // A new instance takes the customer's next submits as usual.
    const next = await startSmpp(setup.gw, { carrier: false });
    setup.onStop(next.stop);
    const again = await customer(next.port, systemId);
    expect((await submit(again.session, { short_message: gsmAscii('after') })).command_status).toBe(0);
  });

  it('moves the balance by exactly the parts of the submits answered with an id, over 10 binds at once', async () => {
    const credits = 300;
    const { instance, systemId } = await setUp(credits, 10);
    const binds: Customer[] = [];
    for (let b = 0; b < 10; b += 1) binds.push(await customer(instance.port, systemId));
    const sent: { parts: number; answer: Promise<PDU> }[] = [];
    binds.forEach((c, b) => {
      for (let i = 0; i < 40; i += 1) {
        const parts = (b + i) % 3 === 0 ? 3 : 1;
        const to = `23324${String(b).padStart(2, '0')}${String(i).padStart(5, '0')}`;
        sent.push({ parts, answer: submit(c.session, { destination_addr: to, ...payload(parts) }) });
      }
    });
    const answers = await Promise.all(sent.map(async (s) => ({ parts: s.parts, pdu: await s.answer })));
    const ok = answers.filter((a) => a.pdu.command_status === 0);
    const refused = answers.filter((a) => a.pdu.command_status !== 0);
    expect(refused.every((a) => a.pdu.command_status === smpp.errors.ESME_RSUBMITFAIL)).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    const charged = ok.reduce((n, a) => n + a.parts, 0);
    const left = await balanceOf(setup.gw, 'demouser');
    expect(left).toBeGreaterThanOrEqual(0);
    expect(credits - left).toBe(charged);
    // No refused submit could have been paid for with what was left when it was refused.
    expect(refused.every((a) => a.parts > left)).toBe(true);
    const stored = await storedFor(ok.map((a) => String(a.pdu.message_id)));
    expect(stored).toHaveLength(ok.length);
    expect(await storedParts()).toBe(charged);
  });
});

describe('throughput over instances', () => {
  it("counts an account's parts per second over every instance, not per instance", async () => {
    const { a, b } = await twoInstances(1000, 5);
    const batch = (c: Customer, from: number) =>
      together(
        c,
        Array.from({ length: 5 }, (_, i) => ({
          destination_addr: `23324100${String(from + i).padStart(4, '0')}`,
          short_message: gsmAscii('hi'),
        })),
      );
    const answers = (await Promise.all([batch(a, 0), batch(b, 10)])).flat().map((p) => p.command_status);
    expect(answers.filter((s) => s === 0)).toHaveLength(5);
    expect(answers.filter((s) => s === smpp.errors.ESME_RTHROTTLED)).toHaveLength(5);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(995);
  });

  it('counts the parts of long messages sent in several submit_sm over every instance too', async () => {
    const { a, b } = await twoInstances(1000, 3);
    const part = (c: Customer, ref: number, seq: number) =>
      submit(c.session, {
        destination_addr: `2332410000${ref}`,
        esm_class: 0x40,
        short_message: Buffer.concat([Buffer.from([5, 0, 3, ref, 2, seq]), gsmAscii(`part ${seq} of ${ref}`)]),
      });
    // Two parts through the first instance, then two through the second: the fourth is past 3 a second.
    expect([(await part(a, 11, 1)).command_status, (await part(a, 11, 2)).command_status]).toEqual([0, 0]);
    expect([(await part(b, 12, 1)).command_status, (await part(b, 12, 2)).command_status]).toEqual([
      0,
      smpp.errors.ESME_RTHROTTLED,
    ]);
  });

  it('counts no part of a submit refused for its sender, though the parts are taken as the account is read', async () => {
    const { a, b, user } = await twoInstances(100, 3);
    // ALERTS was approved when the customers bound; it is withdrawn before their groups are stored.
    await setup.gw.ctx.db
      .updateTable('users')
      .set({ senderidapproved: 'DEMO' })
      .where('profile_id', '=', user.profile_id)
      .execute();
    // One part through the second instance, then three submits through the first: of the three
    // parts left in the second, the refused submit takes none.
    expect(
      (await together(b, [{ destination_addr: '233241000011', short_message: gsmAscii('one') }]))[0]!.command_status,
    ).toBe(0);
    const answers = await together(a, [
      { destination_addr: '233241000022', source_addr: 'ALERTS', short_message: gsmAscii('withdrawn') },
      { destination_addr: '233241000033', short_message: gsmAscii('two') },
      { destination_addr: '233241000044', short_message: gsmAscii('three') },
    ]);
    expect(answers.map((p) => p.command_status)).toEqual([smpp.errors.ESME_RINVSRCADR, 0, 0]);
    // The second's three parts are the three sent: one more is throttled.
    const more = await together(b, [{ destination_addr: '233241000055', short_message: gsmAscii('four') }]);
    expect(more.map((p) => p.command_status)).toEqual([smpp.errors.ESME_RTHROTTLED]);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(97);
  });

  it('counts only the parts it stored: submits refused for credit leave the rest of the second to the account', async () => {
    const { a, b } = await twoInstances(2, 5);
    const batch = (c: Customer, from: number, n: number) =>
      together(
        c,
        Array.from({ length: n }, (_, i) => ({
          destination_addr: `23324100${String(from + i).padStart(4, '0')}`,
          short_message: gsmAscii('hi'),
        })),
      );
    // Five parts through the first instance: two paid for, three short of credit.
    const first = (await batch(a, 0, 5)).map((p) => p.command_status);
    expect(first).toEqual([0, 0, ...Array(3).fill(smpp.errors.ESME_RSUBMITFAIL)]);
    // Within the same second the account still has three parts: the second instance sends them.
    await fundedAccount(setup.gw, 'demouser', 10);
    const second = (await batch(b, 10, 3)).map((p) => p.command_status);
    expect(second).toEqual([0, 0, 0]);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(7);
    // The second's five parts are used: one more is throttled.
    expect((await batch(b, 20, 1)).map((p) => p.command_status)).toEqual([smpp.errors.ESME_RTHROTTLED]);
  });
});

/** A whole one-part submit, due now, as a bind hands it to the SubmitDesk. */
const wholeSubmit = (profileId: number, source: string): SubmitRequest => ({
  profileId,
  source,
  destination: '233241000011',
  dataCoding: 0,
  bytes: Buffer.from('hi'),
  ref: null,
  seq: 1,
  total: 1,
  registeredDelivery: 1,
  dueAt: null,
  expiresAt: null,
  throughput: 100,
  parts: 1,
});

describe('a read that fails', () => {
  it('answers its submits ESME_RSYSERR and gives back the parts taken beside the read', async () => {
    const gw = await setup.open();
    await fundedAccount(gw, 'demouser', 100);
    const { user } = await smppAccessFor(gw, 'demouser', { throughput: 100 });
    const desk = new SubmitDesk(gw.ctx);
    // The opt-outs cannot be read: the account's read fails while its parts are taken.
    await sql`alter table optouts rename to optouts_gone`.execute(gw.ctx.db);
    const answer = await desk.submit(wholeSubmit(user.profile_id, 'DEMO'));
    await sql`alter table optouts_gone rename to optouts`.execute(gw.ctx.db);
    expect(answer).toMatchObject({ ok: false, status: 'ESME_RSYSERR' });
    const rate = await gw.ctx.db.selectFrom('smpp_rate').select('parts').execute();
    expect(rate.reduce((n, r) => n + Number(r.parts), 0)).toBe(0);
    expect(await balanceOf(gw, 'demouser')).toBe(100);
  });
});

describe('an account gone while bound', () => {
  it('answers its submits ESME_RSYSERR and stores, charges and counts nothing for them', async () => {
    const gw = await setup.open();
    const desk = new SubmitDesk(gw.ctx);
    const before = (await setup.gw.ctx.db.selectFrom('message_recipients').select('id').execute()).length;
    const gone = wholeSubmit(987_654, 'TEST');
    const answers = await Promise.all([desk.submit(gone), desk.submit({ ...gone, destination: '233241000022' })]);
    expect(answers).toEqual(Array(2).fill({ ok: false, status: 'ESME_RSYSERR', reason: 'account not found' }));
    expect((await gw.ctx.db.selectFrom('message_recipients').select('id').execute()).length).toBe(before);
    // Counted as the account was read (at once), then given back: no part of the second is used.
    const rate = await gw.ctx.db.selectFrom('smpp_rate').select('parts').execute();
    expect(rate.reduce((n, r) => n + Number(r.parts), 0)).toBe(0);
  });
});
