import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, call, type TestGateway } from './helpers/test-app';
import { balanceOf, fundedAccount, list, sendItem, sendSms } from './helpers/messaging';
import { STAGE } from '../../server/src/db/schema-messaging';
import { tickScheduler } from '../../server/src/scheduler/scheduler';
import { personalize, TEMPLATE_NOT_KEPT } from '../../src/domain/messages/personalize';
import { countSms } from '../../src/domain/messages/sms';
import { formatAccra } from '../../src/domain/dates';

// Editing a personalized scheduled send edits its template: every recipient's own text is filled
// again from its own values, and the prepaid first delivery is charged or refunded the difference.

type Account = Awaited<ReturnType<typeof fundedAccount>>;

const PEOPLE = [
  { numbers: '233241000010', firstname: 'Kojo', amount: '10' },
  { numbers: '233241000020', firstname: 'Ama', amount: '2,500' },
  { numbers: '233241000030', firstname: 'Nana Akua Boatemaa', amount: '7' },
];
const fieldsOf = (p: (typeof PEOPLE)[number]) => ({ numbers: p.numbers, firstname: p.firstname, amount: p.amount });

const FIRST = 'Dear {firstname}, your bill is GHS {amount}.';
/** 130 characters besides the fields: Kojo's and Ama's texts stay within 160, the long name's takes 2 parts. */
const LONGER = `Dear {firstname}, ${'Your statement for this month is ready. '.repeat(3).padEnd(130, '.')}Bill: GHS {amount}.`;
const SHORT = 'Hi {firstname}';

const textsOf = (template: string) => PEOPLE.map((p) => personalize(template, fieldsOf(p)));
const partsOf = (template: string) => textsOf(template).reduce((n, t) => n + countSms(t).parts, 0);

describe('editing a personalized scheduled send', () => {
  let gw: TestGateway;
  let demo: Account;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await fundedAccount(gw, 'demouser', 100);
  });
  afterAll(() => gw.close());
  const setBalance = (credits: number) =>
    gw.ctx.db.updateTable('users').set({ creditbalance: credits }).where('username', '=', 'demouser').execute();
  beforeEach(() => setBalance(100));

  const edit = (body: Record<string, unknown>) => call(gw, 'updatescheduled', body, { token: demo.token });

  async function register(template: string | null, people = PEOPLE, recurring = false) {
    const kind = recurring
      ? {
          messageType: 'recurring sms',
          typeandsubtype: 'recurring:personalized',
          recurringPeriod: 'Daily',
          recurringInterval: 1,
        }
      : { messageType: 'scheduled sms', typeandsubtype: 'scheduled:personalized' };
    const items = people.map((p) =>
      sendItem({
        ...kind,
        expectedDeliveryTime: formatAccra(gw.clock.now + 86_400_000, 'yyyy-MM-dd HH:mm:00'),
        destinationAddress: p.numbers,
        shortMessage: personalize(FIRST, fieldsOf(p)),
        ...(template === null ? {} : { template, fields: fieldsOf(p) }),
      }),
    );
    const res = await sendSms(gw, demo.apikey, items);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Number(res.body.message_id);
  }

  /** Each recipient's own text as it would go, in recipient order. */
  async function storedTexts(id: number) {
    const { db } = gw.ctx;
    const reg = await db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('message_recipients')
      .select(['text', 'parts'])
      .where('message_id', '=', id)
      .where('stage', '=', STAGE.template)
      .orderBy('recipient_index')
      .execute();
    return { template: reg.template, credits: reg.credits, texts: rows.map((r) => r.text ?? reg.short_message) };
  }

  it('fills every recipient from the new template and charges, then refunds, exactly the difference', async () => {
    const id = await register(FIRST);
    expect(await balanceOf(gw, 'demouser')).toBe(100 - partsOf(FIRST));
    expect(textsOf(LONGER).map((t) => countSms(t).parts)).toEqual([1, 1, 2]);

    // The quote changes nothing and says what the change costs.
    const quote = await edit({ message_id: id, template: LONGER, preview: true });
    expect(quote.status).toBe(200);
    expect(quote.body.quote).toMatchObject({ recipients: 3, credits: partsOf(LONGER), change: partsOf(LONGER) - 3 });
    expect(quote.body.quote.fields).toEqual(['numbers', 'firstname', 'amount']);
    expect((await storedTexts(id)).texts).toEqual(textsOf(FIRST));

    let before = await balanceOf(gw, 'demouser');
    const grown = await edit({ message_id: id, template: LONGER });
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    expect(await storedTexts(id)).toEqual({ template: LONGER, credits: partsOf(LONGER), texts: textsOf(LONGER) });
    expect(await balanceOf(gw, 'demouser')).toBe(before - (partsOf(LONGER) - partsOf(FIRST)));
    expect(Number(grown.body.creditbalance)).toBe(await balanceOf(gw, 'demouser'));

    before = await balanceOf(gw, 'demouser');
    const shrunk = await edit({ message_id: id, template: SHORT, messageDescription: 'Renamed' });
    expect(shrunk.status).toBe(200);
    expect(await storedTexts(id)).toEqual({ template: SHORT, credits: 3, texts: textsOf(SHORT) });
    expect(await balanceOf(gw, 'demouser')).toBe(before + (partsOf(LONGER) - 3));

    // The list shows the template beside the first recipient's text.
    const page = await list(gw, demo.token, 'scheduledrequest', { search: 'Renamed' });
    expect(page.body.scheduled[0]).toMatchObject({ template: SHORT, shortMessage: 'Hi Kojo' });
  });

  it('refuses a growth the balance cannot cover, and changes nothing', async () => {
    const id = await register(FIRST);
    await setBalance(0);
    const refused = await edit({ message_id: id, template: LONGER, messageDescription: 'Not saved' });
    expect(refused.status).toBe(402);
    const change = partsOf(LONGER) - partsOf(FIRST);
    expect(refused.body.error.message).toBe(`Insufficient credit: this change needs ${change} credits, you have 0`);
    expect(await storedTexts(id)).toEqual({ template: FIRST, credits: partsOf(FIRST), texts: textsOf(FIRST) });
    expect(await balanceOf(gw, 'demouser')).toBe(0);
    const reg = await gw.ctx.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(reg.description).toBe('test campaign');
  });

  it("refuses one recipient's text in place of the template, and a template on a regular send", async () => {
    const id = await register(FIRST);
    const one = await edit({ message_id: id, shortMessage: 'Dear Kojo, new words' });
    expect(one.status).toBe(400);
    expect((await storedTexts(id)).texts).toEqual(textsOf(FIRST));
    // What the old dialog sends back unchanged (the first recipient's text) is no change.
    expect((await edit({ message_id: id, shortMessage: textsOf(FIRST)[0], messageDescription: 'x' })).status).toBe(200);
    const regular = await sendSms(gw, demo.apikey, [
      sendItem({ messageType: 'scheduled sms', expectedDeliveryTime: '2026-11-21 09:00:00' }),
    ]);
    const res = await edit({ message_id: regular.body.message_id, template: 'Hi {firstname}' });
    expect(res.status).toBe(400);
  });

  it('keeps a send stored without its template from changing only its first recipient', async () => {
    const id = await register(null);
    const res = await edit({ message_id: id, shortMessage: 'Dear Kojo, new words' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(TEMPLATE_NOT_KEPT);
    expect((await storedTexts(id)).texts).toEqual(textsOf(FIRST));
    // Its other fields still change.
    expect((await edit({ message_id: id, messageDescription: 'Still editable' })).status).toBe(200);
  });

  it("refuses a send whose item's text is not its template filled from its fields", async () => {
    const res = await sendSms(gw, demo.apikey, [
      sendItem({
        typeandsubtype: 'quick:personalized',
        shortMessage: 'Dear Ama',
        template: 'Dear {firstname}',
        fields: { firstname: 'Kojo' },
      }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Invalid request: messageobject.0.shortMessage is not its template filled from its fields',
    );
  });

  it("drops a deleted send's values, and shows each recipient its own text on the status page of the run", async () => {
    const id = await register(FIRST);
    const other = await register(FIRST);
    expect((await edit({ message_id: id, template: LONGER })).status).toBe(200);
    expect((await call(gw, 'deletescheduled', { message_id: other }, { token: demo.token })).status).toBe(200);
    const kept = await gw.ctx.db
      .selectFrom('recipient_fields')
      .select('message_id')
      .where('message_id', '=', other)
      .execute();
    expect(kept).toEqual([]);
    gw.clock.advance(2 * 86_400_000);
    expect(await tickScheduler(gw.ctx)).toBeGreaterThan(0);
    const reg = await gw.ctx.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const status = await call(gw, `status/${reg.last_run_id}`, { page: 1, size: 5 }, { token: demo.token });
    expect(status.body.status.map((r: { text: string }) => r.text)).toEqual(textsOf(LONGER));
    const dashboard = await list(gw, demo.token, 'quickrequest');
    expect(dashboard.body.bulksms.find((m: { message_id: number }) => m.message_id === reg.last_run_id)).toMatchObject({
      template: LONGER,
    });
  });
  it("drops a recipient's kept values when the person's data is erased", async () => {
    // Numbers no other test sent to: a message still on its way would hold the erasure back.
    const people = PEOPLE.map((p, i) => ({ ...p, numbers: `23324200000${i}` }));
    const id = await register(FIRST, people);
    const number = people[1]!.numbers;
    const erased = await call(gw, 'persondataerase', { number, confirm: number }, { token: demo.token });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const kept = await gw.ctx.db
      .selectFrom('recipient_fields')
      .select('recipient_index')
      .where('message_id', '=', id)
      .orderBy('recipient_index')
      .execute();
    expect(kept.map((k) => k.recipient_index)).toEqual([0, 2]);
  });
  it("shows a quick personalized send's template on the dashboard and each recipient's text on its status page", async () => {
    const items = PEOPLE.map((p) =>
      sendItem({
        typeandsubtype: 'quick:personalized',
        destinationAddress: p.numbers,
        shortMessage: personalize(FIRST, fieldsOf(p)),
        template: FIRST,
        messageDescription: 'Quick bills',
      }),
    );
    const sent = await sendSms(gw, demo.apikey, items);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const dashboard = await list(gw, demo.token, 'quickrequest', { search: 'Quick bills' });
    expect(dashboard.body.bulksms[0]).toMatchObject({ template: FIRST, shortMessage: textsOf(FIRST)[0] });
    const status = await call(gw, `status/${sent.body.message_id}`, { page: 1, size: 5 }, { token: demo.token });
    expect(status.body.status.map((r: { text: string }) => r.text)).toEqual(textsOf(FIRST));
    // A regular send's rows carry no text.
    const regular = await sendSms(gw, demo.apikey, [sendItem()]);
    const plain = await call(gw, `status/${regular.body.message_id}`, { page: 1 }, { token: demo.token });
    expect(plain.body.status[0].text).toBeUndefined();
  });
  it('edits a recurring send the same way: its prepaid first delivery is charged, later runs pay their own', async () => {
    const id = await register(FIRST, PEOPLE, true);
    const editRecurring = (body: Record<string, unknown>) => call(gw, 'updaterecurring', body, { token: demo.token });
    let before = await balanceOf(gw, 'demouser');
    expect((await editRecurring({ message_id: id, template: LONGER })).status).toBe(200);
    expect(await storedTexts(id)).toEqual({ template: LONGER, credits: partsOf(LONGER), texts: textsOf(LONGER) });
    expect(await balanceOf(gw, 'demouser')).toBe(before - (partsOf(LONGER) - partsOf(FIRST)));
    // After the first run nothing is prepaid: the texts change and the balance does not.
    gw.clock.advance(2 * 86_400_000);
    expect(await tickScheduler(gw.ctx)).toBeGreaterThan(0);
    before = await balanceOf(gw, 'demouser');
    const quote = await editRecurring({ message_id: id, template: SHORT, preview: true });
    expect(quote.body.quote).toMatchObject({ recipients: 3, credits: 3, change: 0 });
    expect((await editRecurring({ message_id: id, template: SHORT })).status).toBe(200);
    expect((await storedTexts(id)).texts).toEqual(textsOf(SHORT));
    expect(await balanceOf(gw, 'demouser')).toBe(before);
  });
});
