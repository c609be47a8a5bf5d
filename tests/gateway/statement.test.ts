// The Statement screen's call (docs/product.md#statements): a month of an account's credit whose
// opening balance and lines add up to its closing balance, for every demo account and every month of
// its ledger; spending by the kind of send; each row names what it opens; an admin reads only its
// own clients' statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, call, type TestGateway } from './helpers/test-app';
import { account, balanceOf, sendItem, sendSms } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { seededAccounts } from './helpers/roles';
import { addsUp, monthOf } from '../../src/domain/money/statement';

type Statement = {
  month: string;
  account: { profile_id: number; username: string };
  openingBalance: number;
  closingBalance: number;
  lines: { line: string; credits: number }[];
  entries: { id: number; amount: number; reason: string; line: string; cause: { kind: string; id: string } | null }[];
  entryCount: number;
};

let gw: TestGateway;
type Account = Awaited<ReturnType<typeof account>>;
let demo: Account, acme: Account, acmeClient: Account, sup: Account;

const statement = async (who: Account, month: string, clientprofile_id?: number) => {
  const res = await call(
    gw,
    'statement',
    { profile_id: who.profile_id, month, ...(clientprofile_id === undefined ? {} : { clientprofile_id }) },
    { token: who.token, host: who.username.startsWith('acme') ? 'acme.localhost' : 'localhost' },
  );
  return { status: res.status, body: res.body as { statement: Statement; message?: string } };
};
const credits = (s: Statement, line: string) => s.lines.find((l) => l.line === line)?.credits ?? 0;

beforeAll(async () => {
  gw = await makeTestApp();
  demo = await account(gw, 'demouser');
  acme = await account(gw, 'acmeadmin');
  acmeClient = await account(gw, 'acmeclient');
  sup = await account(gw, 'supervisor');
  // A quick send (2 credits), a scheduled registration (its prepaid credits), an API send (3), a gift.
  expect((await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000010,233241000020' })])).status).toBe(
    200,
  );
  const scheduled = sendItem({
    messageType: 'scheduled sms',
    typeandsubtype: 'scheduled:regular',
    expectedDeliveryTime: '2026-11-25 10:00:00',
  });
  expect((await sendSms(gw, demo.apikey, [scheduled])).status).toBe(200);
  const key = await makeKey(gw, demo.token);
  const sent = await v1(gw, 'POST', '/messages', {
    auth: key.secret,
    body: { from: 'DEMO', to: ['233241000030', '233241000040', '233241000050'], text: 'Statement' },
  });
  expect(sent.status).toBe(201);
  const gift = await call(
    gw,
    'manualcreditpurchase',
    { profile_id: acme.profile_id, amount: 25, currency: 'GHS', clientprofile_id: acmeClient.profile_id },
    { token: acme.token, host: 'acme.localhost' },
  );
  expect(gift.status).toBe(200);
});
afterAll(() => gw.close());

describe('the statement', () => {
  it('adds up for every demo account in every month of its ledger, and closes on its balance', async () => {
    const now = monthOf(gw.clock.now);
    const accounts = await seededAccounts(gw);
    expect(accounts.length).toBeGreaterThanOrEqual(4);
    for (const seeded of accounts) {
      const who = await account(gw, seeded.username);
      const first = await gw.ctx.db
        .selectFrom('credit_ledger')
        .select((eb) => eb.fn.min('at').as('at'))
        .where('profile_id', '=', who.profile_id)
        .executeTakeFirstOrThrow();
      let month = monthOf(Number(first.at));
      let opening = 0;
      for (;;) {
        const { status, body } = await statement(who, month);
        expect(status).toBe(200);
        const s = body.statement;
        expect(s.openingBalance, `${who.username} ${month}`).toBe(opening);
        expect(addsUp(s), `${who.username} ${month}`).toBe(true);
        opening = s.closingBalance;
        if (month === now) break;
        month = monthOf(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 1));
      }
      expect(opening, who.username).toBe(await balanceOf(gw, who.username));
    }
  });

  it('counts spending by the kind of send, and each row names what it opens', async () => {
    const { body } = await statement(demo, monthOf(gw.clock.now));
    const s = body.statement;
    expect(credits(s, 'spent_quick')).toBeLessThanOrEqual(-2);
    expect(credits(s, 'spent_scheduled')).toBeLessThanOrEqual(-1);
    expect(credits(s, 'spent_api')).toBe(-3);
    const quick = await gw.ctx.db
      .selectFrom('messages')
      .select(['id', 'random_alpha'])
      .where('profile_id', '=', demo.profile_id)
      .where('kind', '=', 'quick')
      .where('api_mode', '=', '')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const apiSend = s.entries.find((e) => e.reason === 'api_send')!;
    expect(apiSend).toMatchObject({ amount: -3, line: 'spent_api', cause: { kind: 'message' } });
    const sends = s.entries.filter((e) => e.line === 'spent_quick' && e.cause?.id === quick.random_alpha);
    expect(sends.length).toBeGreaterThan(0);
    expect(s.entryCount).toBeGreaterThanOrEqual(s.entries.length);
  });

  it('shows a gift on both sides: out of the reseller, into its client', async () => {
    const month = monthOf(gw.clock.now);
    const given = (await statement(acme, month)).body.statement;
    const received = (await statement(acmeClient, month)).body.statement;
    expect(credits(received, 'gift_in')).toBeGreaterThan(0);
    expect(credits(given, 'gift_out')).toBe(-credits(received, 'gift_in'));
    expect(received.entries.find((e) => e.line === 'gift_in')!.cause).toMatchObject({ kind: 'payment' });
  });

  it("lets an admin read its client's statement, and no one another tenant's", async () => {
    const month = monthOf(gw.clock.now);
    const own = await statement(acme, month, acmeClient.profile_id);
    expect(own.status).toBe(200);
    expect(own.body.statement.account).toEqual({ profile_id: acmeClient.profile_id, username: 'acmeclient' });
    expect(own.body.statement.closingBalance).toBe(await balanceOf(gw, 'acmeclient'));

    const otherTenant = await statement(acme, month, demo.profile_id);
    expect(otherTenant.status).toBe(404);
    expect(JSON.stringify(otherTenant.body)).not.toContain('openingBalance');
    const operatorToAcme = await statement(sup, month, acmeClient.profile_id);
    expect(operatorToAcme.status).toBe(404);
    const plainUser = await statement(demo, month, acmeClient.profile_id);
    expect(plainUser.status).toBe(403);
    const bad = await statement(demo, '2026-13');
    expect(bad.status).toBe(400);
  });
});
