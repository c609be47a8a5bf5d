import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestGateway, type Session } from './helpers/test-app';
import { createUser } from '../../server/src/seed/accounts';

const YEAR_S = 365 * 86_400;

describe('checksupcredit, paystack-link and the checkout page', () => {
  let gw: TestGateway;
  let demo: Session;
  let acmeClient: Session;
  let friendId: number;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await login(gw, 'demouser', 'demo12345');
    acmeClient = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
    const friend = await createUser(gw.ctx, {
      username: 'friendly',
      password: 'friendly1',
      supid: 6,
      creditbalance: 7,
    });
    friendId = friend.profile_id;
    await gw.ctx.db.updateTable('users').set({ referred_by: friendId }).where('username', '=', 'demouser').execute();
  });
  afterAll(() => gw.close());

  const as = (s: Session, path: string, body: Record<string, unknown>, host = 'localhost') =>
    call(gw, path, { profile_id: s.profile_id, ...body }, { token: s.token, host });
  const balanceOf = async (username: string) =>
    gw.ctx.db
      .selectFrom('users')
      .select(['creditbalance', 'creditexpires'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  const link = async (s: Session, amount: unknown, host = 'localhost') =>
    as(
      s,
      'paystack-link/',
      { amount, currency: 'GHS', country: 'Ghana', title: 'SMS credit', description: 'Top-up' },
      host,
    );
  const page = (path: string) => gw.app.inject({ method: 'GET', url: path });
  const submit = (path: string, action: string) =>
    gw.app.inject({
      method: 'POST',
      url: path,
      payload: `action=${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('checksupcredit: go-ahead from the platform; amount and price refusals; a reseller short of credit', async () => {
    expect((await as(demo, 'checksupcredit', { amount: '100' })).body).toEqual({ error: { status: 'successful' } });
    const ten = await as(demo, 'checksupcredit', { amount: 'ten' });
    expect(ten.status).toBe(400);
    expect(ten.body).toEqual({ error: { status: 'failed', message: 'Amount must be a number' } });
    expect((await as(demo, 'checksupcredit', { amount: 0 })).body.error.message).toBe(
      'Amount must be greater than zero',
    );
    expect((await as(demo, 'checksupcredit', { amount: 19 })).body.error.message).toBe(
      'The minimum purchase is GHS 20',
    );
    // Acme sells its own credit: 50,000 held; GHS 500 at 0.027 is 18,519 credits (+10 % referral bonus when referred).
    expect((await as(acmeClient, 'checksupcredit', { amount: 500 }, 'acme.localhost')).body.error.status).toBe(
      'successful',
    );
    const short = await as(acmeClient, 'checksupcredit', { amount: 2000 }, 'acme.localhost');
    expect(short.status).toBe(200);
    expect(short.body.error).toEqual({
      status: 'failed',
      message: 'Your provider cannot supply this much credit right now, please try a smaller amount or contact them',
    });
    expect((await call(gw, 'checksupcredit', { amount: 1 })).status).toBe(401);
  });

  it('paystack-link refuses bad amounts, other currencies and domains without the card gateway', async () => {
    const text = await link(demo, 'abc');
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ error: { status: 'failed', message: 'Amount must be a number' } });
    expect((await link(demo, 5)).body.error.message).toBe('The minimum purchase is GHS 20');
    const usd = await as(demo, 'paystack-link/', { amount: 100, currency: 'USD' });
    expect(usd.body.error.message).toBe('Payments are accepted in GHS only');
    await gw.ctx.db.updateTable('domains').set({ usepaymentgateway: 0 }).where('host', '=', 'acme.localhost').execute();
    const off = await link(acmeClient, 50, 'acme.localhost');
    expect(off.body).toEqual({
      status: false,
      error: { status: 'failed', message: 'Card payments are not enabled on this domain' },
    });
    await gw.ctx.db.updateTable('domains').set({ usepaymentgateway: 1 }).where('host', '=', 'acme.localhost').execute();
    const sup = await login(gw, 'supervisor', 'supervisor123');
    expect((await link(sup, 100)).body.error.message).toBe('Purchases are not available for this account');
  });

  it('pays end to end: page, Pay, balance, expiry, history, referrer bonus; a second Pay is refused', async () => {
    const before = await balanceOf('demouser');
    const res = await link(demo, '100');
    expect(res.body.status).toBe(true);
    expect(res.body.link).toMatch(/^\/smsgateway\/pay\/[0-9a-f]{48}$/);

    const shown = await page(res.body.link);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.body).toContain('GHS 100.00');
    expect(shown.body).toContain('3,760'); // GHS 100 at the 100 tier's 0.0266
    expect(shown.body).toContain(`action="${res.body.link}"`);
    expect(shown.body).not.toMatch(/<script|onclick=|javascript:/i);

    const paid = await submit(res.body.link, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/purchasesms?payment=success');

    const after = await balanceOf('demouser');
    expect(after.creditbalance).toBe(before.creditbalance + 3760);
    expect(after.creditexpires).toBe(before.creditexpires + Math.round(0.25 * YEAR_S));
    const history = await as(demo, 'purchasehistory', { search: '', pageNum: 1 });
    expect(history.body).toMatchObject({ pageNum: 1, hasMore: false });
    expect(history.body.credithistory[0]).toMatchObject({
      amount: 100,
      currency: 'GHS',
      date: new Date(gw.clock.now).toISOString(),
      previousbalance: before.creditbalance,
      balanceadded: 3760,
      newbalance: before.creditbalance + 3760,
    });
    expect(history.body.credithistory[0].paymentid).toMatch(/^PAY-[0-9A-F]{16}$/);
    expect(res.body.link).not.toContain(history.body.credithistory[0].paymentid.slice(4));

    // The referrer gets 10 percent of the credits, recorded in its own history.
    expect((await balanceOf('friendly')).creditbalance).toBe(7 + 376);
    const friendRows = await gw.ctx.db.selectFrom('payments').selectAll().where('profile_id', '=', friendId).execute();
    expect(friendRows).toHaveLength(1);
    expect(friendRows[0]).toMatchObject({ kind: 'referral', balanceadded: 376, previousbalance: 7, newbalance: 383 });

    const again = await submit(res.body.link, 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This payment has already been completed');
    expect((await balanceOf('demouser')).creditbalance).toBe(after.creditbalance);
    expect((await page(res.body.link)).statusCode).toBe(409);
  });

  it('cancel records nothing, and a cancelled or expired link cannot be paid', async () => {
    const before = await balanceOf('demouser');
    const count = async () => (await gw.ctx.db.selectFrom('payments').select('id').execute()).length;
    const rowsBefore = await count();
    const { link: cancelLink } = (await link(demo, 20)).body;
    const cancelled = await submit(cancelLink, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/purchasesms?payment=cancelled');
    expect((await submit(cancelLink, 'pay')).body).toContain('This payment was cancelled');
    expect(await count()).toBe(rowsBefore);
    expect((await balanceOf('demouser')).creditbalance).toBe(before.creditbalance);

    const { link: late } = (await link(demo, 20)).body;
    gw.clock.advance(60 * 60 * 1000 + 1);
    expect((await submit(late, 'pay')).body).toContain('This payment link has expired');
    expect(await count()).toBe(rowsBefore);

    expect((await page('/smsgateway/pay/unknownreferenceunknownreference')).statusCode).toBe(404);
    expect((await submit('/smsgateway/pay/short', 'pay')).statusCode).toBe(404);
    const { link: odd } = (await link(demo, 20)).body;
    expect((await submit(odd, 'steal')).statusCode).toBe(400);
  });

  it('a reseller’s client buys at the reseller’s prices from the reseller’s credit', async () => {
    const before = await balanceOf('acmeclient');
    const seller = await balanceOf('acmeadmin');
    const res = await link(acmeClient, 50, 'acme.localhost');
    expect((await page(res.body.link)).body).toContain('Acme SMS');
    expect((await submit(res.body.link, 'pay')).statusCode).toBe(303);
    expect((await balanceOf('acmeclient')).creditbalance).toBe(before.creditbalance + 1429); // 50 / 0.035, rounded up
    expect((await balanceOf('acmeadmin')).creditbalance).toBe(seller.creditbalance - 1429);
  });

  it('a reseller buys from profile 6 at its volume rate, valid a year', async () => {
    const acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    const before = await balanceOf('acmeadmin');
    const res = await link(acme, 100, 'acme.localhost');
    expect((await submit(res.body.link, 'pay')).statusCode).toBe(303);
    const after = await balanceOf('acmeadmin');
    expect(after.creditbalance).toBe(before.creditbalance + 4000); // 100 / 0.025
    expect(after.creditexpires).toBe(Math.max(before.creditexpires, Math.floor(gw.clock.now / 1000)) + YEAR_S);
  });
});
