// A person's data (docs/compliance.md#a-persons-data): an account exports everything it holds about one
// number, and erases it in one transaction: contacts deleted, the number masked in every table of the
// account's history, its opt-out kept so it is never messaged again, the erasure in the audit log.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { account, balanceOf, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { storeReceipts } from '../../server/src/carrier/parts/receipts';
import { matchInDoubtReceipts } from '../../server/src/carrier/parts/receipt-rematch';
import { PART } from '../../server/src/db/schema-carrier';
import { tickScheduler } from '../../server/src/scheduler/scheduler';
import { inboundLedger } from '../../server/src/optouts/inbound';

const HOUR = 3_600_000;
const PERSON = '233241000550';
const OTHER = '233241000560';
const MASKED = '*********550';

describe("a person's data", () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  let acme: Session;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
  });
  afterEach(() => gw.close());

  const as = (s: { token: string; profile_id: number }, path: string, body: Record<string, unknown> = {}) =>
    call(gw, path, { profile_id: s.profile_id, ...body }, { token: s.token });
  const deliver = async () => {
    await tickCarrier(gw.ctx);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
  };

  /** The run a scheduled send made when its time came. */
  const runOf = (scheduledId: number) =>
    gw.ctx.db.selectFrom('messages').selectAll().where('parent_id', '=', scheduledId).executeTakeFirstOrThrow();

  /** A contact in two books, a delivered send with another number, a scheduled one, a reply. */
  async function personWithHistory() {
    for (const groupname of ['Choir', 'Shop']) {
      await as(demo, 'creategroup', { groupname });
      await as(demo, 'createcontact', {
        groupname,
        firstname: 'Ama',
        phonenumber: '024 100 0550',
        consentsource: 'Signed form',
        consentdate: '2026-01-05',
      });
    }
    await as(demo, 'createcontact', { groupname: 'Shop', firstname: 'Kofi', phonenumber: OTHER });
    const quick = await sendSms(gw, demo.apikey, [
      sendItem({ shortMessage: 'Your order is ready', destinationAddress: `0241000550,${OTHER}` }),
    ]);
    expect(quick.status).toBe(200);
    await deliver();
    const scheduled = await sendSms(
      gw,
      demo.apikey,
      [
        sendItem({
          messageType: 'scheduled sms',
          typeandsubtype: 'scheduled:regular',
          expectedDeliveryTime: '2026-11-20 12:00:00',
          destinationAddress: `${PERSON},${OTHER}`,
        }),
      ],
      { key: `${randomUUID()}:0-1` },
    );
    expect(scheduled.status).toBe(200);
    await inboundLedger.store(
      gw.ctx.db,
      [{ connector: 'sim', from: '+233241000550', to: 'DEMO', text: 'Thanks, see you' }],
      gw.clock.now,
    );
    return { quickId: quick.body.message_id as number, scheduledId: scheduled.body.message_id as number };
  }

  it('counts what the account holds about a number written any way, and only its own', async () => {
    await personWithHistory();
    const summary = await as(demo, 'persondata', { number: '+233 24 100 0550' });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ number: PERSON, contacts: 2, messages: 2, pending: 0, inbound: 1, optout: null });
    // Another tenant asking for the same number sees nothing of demo's; asking as demo is refused.
    expect((await as(acme, 'persondata', { number: PERSON })).body).toMatchObject({
      contacts: 0,
      messages: 0,
      inbound: 0,
    });
    const foreign = await call(
      gw,
      'persondata',
      { profile_id: demo.profile_id, number: PERSON },
      { token: acme.token },
    );
    expect(foreign.status).toBe(403);
    expect((await call(gw, 'persondata', { profile_id: demo.profile_id, number: PERSON })).status).toBe(401);
    const bad = await as(demo, 'persondata', { number: 'Ama Mensah' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please enter a phone number, for example 024 123 4567');
  });

  it('exports the contacts, the messages sent to it, its opt-out and its replies, and records the export', async () => {
    const { quickId } = await personWithHistory();
    await as(demo, 'optoutadd', { numbers: ['0241000550'], reason: 'complaint' });
    const res = await as(demo, 'persondataexport', { number: '0241000550' });
    expect(res.status).toBe(200);
    expect(res.body.number).toBe(PERSON);
    expect(res.body.contacts.map((c: any) => [c.groupname, c.firstname, c.consentsource, c.consentdate])).toEqual([
      ['Choir', 'Ama', 'Signed form', '2026-01-05'],
      ['Shop', 'Ama', 'Signed form', '2026-01-05'],
    ]);
    expect(res.body.messages).toEqual([
      expect.objectContaining({ message_id: quickId, sender: 'DEMO', text: 'Your order is ready', status: 'SENT' }),
      expect.objectContaining({ sender: 'DEMO', text: 'Hello from the test', status: 'SCHEDULED' }),
    ]);
    expect(res.body.messages[0].time).toMatch(/^2026-11-20T10:/);
    expect(res.body.optout).toMatchObject({ number: PERSON, reason: 'complaint' });
    expect(res.body.inbound).toEqual([{ time: expect.any(String), to: 'DEMO', text: 'Thanks, see you' }]);
    const logged = await gw.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'data_exported')
      .executeTakeFirstOrThrow();
    expect(logged.profile_id).toBe(demo.profile_id);
    expect(JSON.parse(logged.details)).toEqual({ kind: 'person', number: MASKED, count: 5 });
  });

  it('exports a cancelled scheduled send as CANCELLED, one that ran as FINISHED beside its delivery, a waiting one as SCHEDULED', async () => {
    const schedule = async (text: string, at: string) => {
      const res = await sendSms(
        gw,
        demo.apikey,
        [
          sendItem({
            messageType: 'scheduled sms',
            typeandsubtype: 'scheduled:regular',
            expectedDeliveryTime: at,
            shortMessage: text,
            destinationAddress: PERSON,
          }),
        ],
        { key: `${randomUUID()}:0-0` },
      );
      expect(res.status).toBe(200);
      return res.body.message_id as number;
    };
    const cancelled = await schedule('Cancelled one', '2026-11-22 12:00:00');
    expect((await as(demo, 'deletescheduled', { message_id: cancelled })).status).toBe(200);
    await schedule('Ran one', '2026-11-20 11:00:00');
    await schedule('Waiting one', '2026-11-25 12:00:00');
    gw.clock.advance(2 * 3600_000);
    await tickScheduler(gw.ctx);
    await deliver();
    const res = await as(demo, 'persondataexport', { number: PERSON });
    const statuses = res.body.messages.map((m: any) => [m.text, m.status]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        ['Cancelled one', 'CANCELLED'],
        ['Ran one', 'FINISHED'],
        ['Ran one', 'SENT'],
        ['Waiting one', 'SCHEDULED'],
      ]),
    );
    expect(statuses).toHaveLength(4);
  });

  it('refuses an erasure whose confirmation is another number, or another account’s, and changes nothing', async () => {
    await personWithHistory();
    const mismatch = await as(demo, 'persondataerase', { number: PERSON, confirm: '0241000551' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe(
      'The number typed to confirm is not the number being erased: nothing was erased',
    );
    const foreign = await call(
      gw,
      'persondataerase',
      { profile_id: demo.profile_id, number: PERSON, confirm: PERSON },
      { token: acme.token },
    );
    expect(foreign.status).toBe(403);
    // Acme erasing the number from its own account touches nothing of demo's.
    expect((await as(acme, 'persondataerase', { number: PERSON, confirm: PERSON })).body).toMatchObject({
      contactsDeleted: 0,
      messagesMasked: 0,
    });
    expect((await as(demo, 'persondata', { number: PERSON })).body).toMatchObject({
      contacts: 2,
      messages: 2,
      inbound: 1,
    });
  });

  it('refuses while a message to the number is still on its way', async () => {
    await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: PERSON })]);
    const res = await as(demo, 'persondataerase', { number: PERSON, confirm: PERSON });
    expect(res.status).toBe(409);
    expect((await as(demo, 'persondata', { number: PERSON })).body).toMatchObject({ messages: 1, pending: 1 });
  });

  it('never sends a scheduled run to a masked number, even after its opt-out is removed and the account has none left', async () => {
    const { scheduledId } = await personWithHistory();
    expect((await as(demo, 'persondataerase', { number: PERSON, confirm: PERSON })).status).toBe(200);
    const removed = await as(demo, 'optoutremove', { number: PERSON, reason: 'opted in again' });
    expect(removed.status).toBe(200);
    const db = gw.ctx.db;
    expect(await db.selectFrom('optouts').select('number').execute()).toEqual([]);
    // Only this registration runs: the demo's own due sends would move the balance too.
    await db.updateTable('messages').set({ next_run_at: null }).where('id', '!=', scheduledId).execute();
    const before = await balanceOf(gw, 'demouser');
    gw.clock.advance(2 * HOUR);
    expect(await tickScheduler(gw.ctx)).toBeGreaterThanOrEqual(1);
    const run = await runOf(scheduledId);
    expect(run).toMatchObject({ posted: 2, opted_out: 1 });
    await tickCarrier(gw.ctx);
    // On the wire: the other number once more, never the person, and no new part to the masked form.
    const sentTo = (await db.selectFrom('carrier_parts').select('to_number').execute()).map((p) => p.to_number);
    expect(sentTo.filter((n) => n === PERSON)).toEqual([]);
    expect(sentTo.filter((n) => n === MASKED)).toHaveLength(1);
    expect(sentTo.filter((n) => n === OTHER)).toHaveLength(2);
    // Both parts were paid at registration; the masked number's goes back when its run skips it.
    expect(await balanceOf(gw, 'demouser')).toBe(before + 1);
  });

  it('leaves another account’s waiting receipt of the number alone: its part in doubt still finds it', async () => {
    await personWithHistory();
    const db = gw.ctx.db;
    const acmeKey = await account(gw, 'acmeadmin');
    const theirs = await sendSms(gw, acmeKey.apikey, [sendItem({ sourceAddress: 'ACME', destinationAddress: PERSON })]);
    expect(theirs.status).toBe(200);
    await tickCarrier(gw.ctx);
    // Acme's submit answer was lost: its part is in doubt, and the carrier's receipt came under an id
    // never heard, waiting for that part by its number.
    const part = await db
      .selectFrom('carrier_parts as p')
      .innerJoin('message_recipients as r', 'r.id', 'p.recipient_id')
      .innerJoin('messages as m', 'm.id', 'r.message_id')
      .select(['p.id', 'p.connector'])
      .where('m.profile_id', '=', acme.profile_id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('carrier_parts')
      .set({ state: PART.inDoubt, carrier_id: null })
      .where('id', '=', part.id)
      .execute();
    await storeReceipts(gw.ctx, part.connector, [
      { carrierId: 'answer-lost', state: 'DELIVRD', error: '000', doneAt: null, to: PERSON },
    ]);
    expect((await as(demo, 'persondataerase', { number: PERSON, confirm: PERSON })).status).toBe(200);
    const waiting = await db
      .selectFrom('carrier_receipts')
      .select('to_number')
      .where('carrier_id', '=', 'answer-lost')
      .executeTakeFirstOrThrow();
    expect(waiting.to_number).toBe(PERSON);
    expect(await matchInDoubtReceipts(gw.ctx, part.connector, 0)).toBe(1);
    expect(
      await db.selectFrom('carrier_parts').select(['state', 'result']).where('id', '=', part.id).executeTakeFirst(),
    ).toEqual({ state: PART.final, result: 'DELIVRD' });
  });

  it('erases: contacts deleted, the number masked in every table, the opt-out kept, the audit entry written', async () => {
    const { quickId, scheduledId } = await personWithHistory();
    // A carrier's intermediate receipt of the person's part (en route) that came before its submit
    // answer was kept, then given its part: it holds the number too.
    const part = await gw.ctx.db
      .selectFrom('carrier_parts')
      .select(['id', 'connector', 'carrier_id'])
      .where('to_number', '=', PERSON)
      .where('carrier_id', 'is not', null)
      .executeTakeFirstOrThrow();
    await gw.ctx.db
      .insertInto('carrier_receipts')
      .values({
        connector: part.connector,
        carrier_id: part.carrier_id!,
        state: 'ENROUTE',
        error: '',
        to_number: PERSON,
        received_at: gw.ctx.now(),
        part_id: part.id,
      })
      .execute();
    await storeReceipts(gw.ctx, part.connector, [
      // One that came after its part's answer is not kept: the part holds its outcome.
      { carrierId: part.carrier_id!, state: 'ENROUTE', error: '', doneAt: null, to: PERSON },
      // One no part took: an id the gateway never gave.
      { carrierId: 'never-given', state: 'DELIVRD', error: '000', doneAt: null, to: PERSON },
    ]);
    const res = await as(demo, 'persondataerase', { number: '0241000550', confirm: '+233 24 100 0550' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'successful',
      number: MASKED,
      contactsDeleted: 2,
      messagesMasked: 2,
      inboundMasked: 1,
      optOutAdded: true,
    });
    const db = gw.ctx.db;
    expect(await db.selectFrom('contacts').select('firstname').where('phonenumber', '=', PERSON).execute()).toEqual([]);
    expect(await db.selectFrom('contacts').select('firstname').where('phonenumber', '=', OTHER).execute()).toEqual([
      { firstname: 'Kofi' },
    ]);
    const recipients = await db
      .selectFrom('message_recipients')
      .select(['message_id', 'number'])
      .where('message_id', 'in', [quickId, scheduledId])
      .orderBy('id')
      .execute();
    expect(recipients.map((r) => r.number).sort()).toEqual([MASKED, MASKED, OTHER, OTHER].sort());
    const messages = await db
      .selectFrom('messages')
      .select(['destination_preview', 'search_text'])
      .where('id', 'in', [quickId, scheduledId])
      .execute();
    for (const m of messages) {
      expect(m.destination_preview).toContain(MASKED);
      expect(m.destination_preview).toContain(OTHER);
      expect(`${m.destination_preview} ${m.search_text}`).not.toMatch(/241000550/);
    }
    const wire = await db.selectFrom('carrier_parts').select('to_number').execute();
    expect(wire.map((p) => p.to_number)).toContain(MASKED);
    expect(wire.map((p) => p.to_number)).not.toContain(PERSON);
    const receipts = await db.selectFrom('carrier_receipts').select(['carrier_id', 'state', 'to_number']).execute();
    expect(receipts.map((r) => r.to_number)).not.toContain(PERSON);
    expect(receipts.filter((r) => r.to_number === MASKED).map((r) => r.state)).toContain('ENROUTE');
    expect(receipts.filter((r) => r.carrier_id === 'never-given')).toEqual([
      { carrier_id: 'never-given', state: 'DELIVRD', to_number: MASKED },
    ]);
    const inbound = await db.selectFrom('inbound_messages').select(['from_number', 'text']).execute();
    expect(inbound).toEqual([{ from_number: MASKED, text: 'Thanks, see you' }]);
    // The opt-out is kept in full, so the number is never messaged again.
    expect(await db.selectFrom('optouts').select(['number', 'reason']).execute()).toEqual([
      { number: PERSON, reason: 'manual' },
    ]);
    const logged = await db.selectFrom('audit_log').selectAll().where('action', '=', 'data_erased').execute();
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!.details)).toMatchObject({ number: MASKED, contactsDeleted: 2, messagesMasked: 2 });
    expect(logged[0]!.details).not.toContain('241000550');
    expect((await as(demo, 'persondata', { number: PERSON })).body).toMatchObject({
      contacts: 0,
      messages: 0,
      inbound: 0,
      optout: { number: PERSON, reason: 'manual' },
    });

    // A send after the erasure skips the number; the scheduled run skips its masked recipient.
    const after = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: `0241000550,${OTHER}` })]);
    expect(after.body).toMatchObject({ optedOut: 1 });
    gw.clock.advance(2 * HOUR);
    expect(await tickScheduler(gw.ctx)).toBeGreaterThanOrEqual(1);
    const run = await runOf(scheduledId);
    expect(run).toMatchObject({ posted: 2, opted_out: 1 });
    await tickCarrier(gw.ctx);
    const sentTo = await db.selectFrom('carrier_parts').select('to_number').execute();
    expect(sentTo.filter((p) => p.to_number === PERSON)).toEqual([]);
    expect(sentTo.filter((p) => p.to_number === MASKED)).toHaveLength(1);
  });
});
