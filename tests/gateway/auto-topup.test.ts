// Card auto top-up (docs/product.md#auto-top-up) against the Paystack stand-in and a real SMTP
// capture: a card purchase saves the card (mobile money does not), a send that takes the balance
// under the level buys once (also with two loops ticking at once), at most AUTO_TOPUP_MAX_PER_DAY a
// day, and three failed charges in a row turn it off and say so by SMS and e-mail. The card's
// authorization code is in no answer. GHS 20 on the main domain buys 690 credits (tier 20 at 0.029), and
// 1,000 credits cost GHS 29.00 there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, lastTextTo, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { startFakePaystack, type FakePaystack } from './helpers/fake-paystack';
import { startSmtpCapture, type SmtpCapture } from './helpers/smtp-capture';
import { sendItem, sendSms, numbers, account } from './helpers/messaging';
import { smtpMailer } from '../../server/src/mail/smtp-mailer';
import { tickMail } from '../../server/src/mail/deliver-mail';
import { tickAutoTopups } from '../../server/src/payments/auto-topup-run';
import { AUTO_TOPUP_CARD_ONLY, AUTO_TOPUP_MAX_PER_DAY, AUTO_TOPUP_NO_CARD } from '../../src/domain/money/auto-topup';

const CREDITS_FOR_20 = 690;
const TOPUP_CREDITS = 1000;

let gw: TestGateway;
let paystack: FakePaystack;
let smtp: SmtpCapture;
let demo: Session;
let apikey: string;
const answers: string[] = [];

beforeAll(async () => {
  [paystack, smtp] = await Promise.all([startFakePaystack(['sk_test_main', 'sk_test_acme']), startSmtpCapture()]);
  gw = await makeTestApp({
    paystackBaseUrl: paystack.url,
    mailer: smtpMailer(smtp.url),
    mailFrom: 'no-reply@sms.example.com',
  });
  ({ apikey } = await account(gw, 'demouser'));
  demo = await login(gw, 'demouser', 'demo12345');
});
afterAll(async () => {
  gw.ctx.mailer?.close();
  await gw.close();
  await Promise.all([paystack.close(), smtp.close()]);
});

/** A call as demouser; every answer is kept, to look for the card's authorization code in all of them. */
async function as(path: string, body: Record<string, unknown> = {}) {
  const res = await call(gw, path, { profile_id: demo.profile_id, ...body }, { token: demo.token });
  answers.push(JSON.stringify(res.body));
  return res;
}
const balance = async () =>
  Number(
    (
      await gw.ctx.db
        .selectFrom('users')
        .select('creditbalance')
        .where('profile_id', '=', demo.profile_id)
        .executeTakeFirstOrThrow()
    ).creditbalance,
  );

/** A GHS 20 purchase Paystack confirms, paid by card or mobile money; answers the transaction. */
async function bought(channel: 'card' | 'mobile_money') {
  const before = new Set(paystack.transactions.keys());
  const link = await as('paystack-link/', {
    amount: '20',
    currency: 'GHS',
    country: 'Ghana',
    title: 'SMS',
    description: '',
  });
  expect(link.body.status).toBe(true);
  const tx = [...paystack.transactions.values()].find((t) => !before.has(t.reference))!;
  paystack.payWith(tx.reference, channel);
  paystack.settle(tx.reference, 'success');
  const back = await gw.app.inject({ method: 'GET', url: `/smsgateway/paystack/callback?reference=${tx.reference}` });
  expect(back.headers.location).toBe('/purchasesms?payment=success');
  return tx;
}

/** Sends quick texts costing `credits` (one credit a number). */
async function spend(credits: number) {
  const res = await sendSms(gw, apikey, [sendItem({ destinationAddress: numbers(credits, 500) })]);
  expect(res.status).toBe(200);
}
/** Spends down to one credit under the level: a crossing. */
const cross = async (level: number) => spend((await balance()) - level + 1);
/** Brings the balance back to the level with credit from the operator: the next fall is a new crossing. */
async function refill(level: number) {
  if ((await balance()) >= level) return;
  const sup = await account(gw, 'supervisor');
  const res = await call(
    gw,
    'manualcreditpurchase',
    {
      profile_id: sup.profile_id,
      amount: level - (await balance()) + 5,
      currency: 'GHS',
      clientprofile_id: demo.profile_id,
    },
    { token: sup.token },
  );
  expect(res.status).toBe(200);
}
/** Two loops ticking at once, as two gateways on one database: answers how many charges they made. */
const tickTwice = async () =>
  (await Promise.all([tickAutoTopups(gw.ctx, 'one'), tickAutoTopups(gw.ctx, 'two')])).reduce((a, b) => a + b, 0);

describe('auto top-up by card', () => {
  it('is not offered after a mobile-money payment, and cannot be turned on without a card', async () => {
    await bought('mobile_money');
    const view = await as('autotopup');
    expect(view.body.autoTopup).toMatchObject({ card: null, enabled: false, maxPerDay: AUTO_TOPUP_MAX_PER_DAY });
    const on = await as('setautotopup', { enabled: true, threshold: 100, credits: '1000' });
    expect(on.status).toBe(400);
    expect(on.body.error.message).toBe(AUTO_TOPUP_NO_CARD);
    expect(AUTO_TOPUP_CARD_ONLY).toMatch(/mobile money/);
  });

  it('after a card purchase, a send under the level buys once, even with two loops ticking', async () => {
    const card = await bought('card');
    expect((await as('autotopup')).body.autoTopup).toMatchObject({ card: 'visa •••• 4081', enabled: false });
    const level = (await balance()) - 10;
    const refused = await as('setautotopup', { enabled: true, threshold: level, credits: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('Enter the credits to buy');
    const on = await as('setautotopup', { enabled: true, threshold: level, credits: '1,000' });
    expect(on.body.autoTopup).toMatchObject({ enabled: true, threshold: level, credits: TOPUP_CREDITS, failures: 0 });

    await spend(5);
    expect(await tickTwice()).toBe(0);
    await cross(level);
    const under = await balance();
    expect(await tickTwice()).toBe(1);
    expect(paystack.chargeBodies).toHaveLength(1);
    expect(paystack.chargeBodies[0]).toMatchObject({
      email: 'demo@example.com',
      amount: '2900',
      currency: 'GHS',
      authorization_code: card.authorizationCode,
    });
    expect(await balance()).toBe(under + TOPUP_CREDITS);
    // Back over the level: ticks buy nothing more for that crossing.
    expect(await tickTwice()).toBe(0);
    expect(paystack.chargeBodies).toHaveLength(1);

    // The ledger says auto top-up, the statement shows it, an invoice was issued and e-mailed.
    const row = await gw.ctx.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('profile_id', '=', demo.profile_id)
      .where('reason', '=', 'auto_topup')
      .executeTakeFirstOrThrow();
    expect(Number(row.amount)).toBe(TOPUP_CREDITS);
    const month = new Date(gw.clock.now).toISOString().slice(0, 7);
    const statement = await as('statement', { month });
    expect(statement.body.statement.lines).toContainEqual({ line: 'auto_topup', credits: TOPUP_CREDITS });
    const invoice = statement.body.statement.entries.find((e: { line: string }) => e.line === 'auto_topup');
    expect(invoice.cause.kind).toBe('invoice');
    expect((await as('invoice', { paymentid: invoice.cause.id })).status).toBe(200);
    await tickMail(gw.ctx);
    expect(smtp.mails.some((m) => m.to.includes('demo@example.com') && /INV-/.test(m.text))).toBe(true);
  });

  it(`buys at most ${AUTO_TOPUP_MAX_PER_DAY} times an Accra day`, async () => {
    const level = Number((await as('autotopup')).body.autoTopup.threshold);
    const bought = () => paystack.chargeBodies.length;
    const start = bought();
    for (let i = bought() - start + 1; i < AUTO_TOPUP_MAX_PER_DAY; i += 1) {
      await cross(level);
      expect(await tickTwice()).toBe(1);
      expect(await tickTwice()).toBe(0);
    }
    await cross(level);
    expect(await tickTwice()).toBe(0);
    expect(bought()).toBe(AUTO_TOPUP_MAX_PER_DAY);
    const view = (await as('autotopup')).body.autoTopup;
    expect(view).toMatchObject({ enabled: true, boughtToday: AUTO_TOPUP_MAX_PER_DAY });
    expect(view.lastError).toMatch(/^Already 3 top-ups today/);

    // The next day a new crossing buys again.
    gw.clock.advance(86_400_000);
    await refill(level);
    expect(await tickTwice()).toBe(0);
    await cross(level);
    expect(await tickTwice()).toBe(1);
    expect((await as('autotopup')).body.autoTopup.boughtToday).toBe(1);
  });

  it('a charge whose answer was lost is asked about once its claim lapses, and credited once', async () => {
    gw.clock.advance(86_400_000);
    // Here on a setting saved before top-ups were counted in credits: it buys for its GHS amount, as it did.
    await gw.ctx.db
      .updateTable('auto_topups')
      .set({ credits: 0, amount: 20 })
      .where('profile_id', '=', demo.profile_id)
      .execute();
    const level = Number((await as('autotopup')).body.autoTopup.threshold);
    await refill(level);
    expect(await tickTwice()).toBe(0);
    await cross(level);
    const under = await balance();
    paystack.chargeOutcomes.push('lost');
    expect(await tickTwice()).toBe(1);
    expect(await balance()).toBe(under);
    // Within the claim nobody touches it; once it lapses, Paystack's word on the reference settles it.
    expect(await tickTwice()).toBe(0);
    gw.clock.advance(61_000);
    await tickTwice();
    expect(await balance()).toBe(under + CREDITS_FOR_20);
    await tickTwice();
    expect(await balance()).toBe(under + CREDITS_FOR_20);
    expect((await as('autotopup')).body.autoTopup).toMatchObject({ failures: 0, enabled: true });
  });

  it('turns itself off after three failed charges in a row, and says so by SMS and e-mail', async () => {
    const level = Number((await as('autotopup')).body.autoTopup.threshold);
    paystack.chargeOutcomes.push('failed', 'failed', 'failed');
    gw.clock.advance(86_400_000);
    smtp.mails.length = 0;
    for (let failures = 1; failures <= 3; failures += 1) {
      await refill(level);
      expect(await tickTwice()).toBe(0);
      await cross(level);
      const before = await balance();
      expect(await tickTwice()).toBe(1);
      expect(await balance()).toBe(before);
      expect((await as('autotopup')).body.autoTopup).toMatchObject({ failures, enabled: failures < 3 });
    }
    const text = await lastTextTo(gw, demo.telnumber);
    expect(text?.text).toMatch(/auto top-up is off: your card was declined 3 times in a row/);
    await tickMail(gw.ctx);
    const mail = smtp.mails.find((m) => m.subject === 'Your auto top-up is off');
    expect(mail?.to).toEqual(['demo@example.com']);
    // Off: a further crossing buys nothing.
    await refill(level);
    await tickTwice();
    await cross(level);
    expect(await tickTwice()).toBe(0);
  });

  it('never answers the card’s authorization code', async () => {
    const codes = [...paystack.transactions.values()].map((t) => t.authorizationCode);
    await as('fetchuser');
    for (const answer of answers) for (const code of codes) expect(answer).not.toContain(code);
  });
});
