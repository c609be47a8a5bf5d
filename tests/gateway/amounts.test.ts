import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeTestApp, type TestGateway, type Session } from './helpers/test-app';

// Amounts and rates (docs/product.md#dates-money-and-balances) are finite, positive, bounded and exact; a refusal is a 400
// (or the call's own refusal field) with a message, and never leaves a payment row or a balance change.

describe('amounts and rates that the gateway stores', () => {
  let gw: TestGateway;
  let sup: Session;
  let demo: Session;
  beforeAll(async () => {
    gw = await makeTestApp();
    sup = await login(gw, 'supervisor', 'supervisor123');
    demo = await login(gw, 'demouser', 'demo12345');
  });
  afterAll(() => gw.close());

  const raw = (s: Session, path: string, json: string) =>
    gw.app.inject({
      method: 'POST',
      url: `/smsgateway/api/frontend/${path}`,
      payload: json,
      headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
    });
  const state = async () => ({
    payments: (await gw.ctx.db.selectFrom('payments').select('id').execute()).length,
    demo: (
      await gw.ctx.db
        .selectFrom('users')
        .select('creditbalance')
        .where('profile_id', '=', demo.profile_id)
        .executeTakeFirstOrThrow()
    ).creditbalance,
  });

  it.each([
    ['1e400', 'Amount must be a number'],
    ['"Infinity"', 'Amount must be a number'],
    ['"NaN"', 'Amount must be a number'],
    ['-5', 'Amount must be greater than zero'],
    ['0', 'Amount must be greater than zero'],
    ['12.5', 'Credits are given in whole numbers'],
    ['1e30', 'Amount must be at most 100,000,000'],
    ['"1e3"', 'Amount must be a number'],
  ])('manualcreditpurchase refuses the amount %s: "%s", nothing written', async (amount, message) => {
    const before = await state();
    const res = await raw(
      sup,
      'manualcreditpurchase',
      `{"profile_id":6,"amount":${amount},"currency":"GHS","clientprofile_id":${demo.profile_id}}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { status: 'failed', message } });
    expect(await state()).toEqual(before);
  });

  it.each([
    ['1e400', '0.03', 'Amount must be a number'],
    ['10', '1e400', 'Rate must be a number'],
    ['10', '0', 'Rate must be greater than zero'],
    ['10', '1e300', 'Rate must be at most 100'],
    ['10.123', '0.03', 'Amount can have at most two decimals'],
    ['2000000', '0.03', 'Amount must be at most 1,000,000'],
    ['-1', '0.03', 'Amount must be greater than zero'],
    ['1000000', '0.00000001', 'This amount and rate make no usable number of credits'],
  ])('directcreditpurchase refuses amount %s at rate %s: "%s", nothing written', async (amount, rate, message) => {
    const before = await state();
    const res = await raw(
      sup,
      'directcreditpurchase',
      `{"profile_id":6,"amount":${amount},"rate":${rate},"currency":"GHS","clientprofile_id":${demo.profile_id}}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { status: 'failed', message } });
    expect(await state()).toEqual(before);
  });

  it('gives whole credits by rate: 10 GHS at 0.03 is 334 credits, one row', async () => {
    const before = await state();
    const res = await raw(
      sup,
      'directcreditpurchase',
      `{"profile_id":6,"amount":"10","rate":"0.03","currency":"GHS","clientprofile_id":${demo.profile_id}}`,
    );
    expect(res.json()).toEqual({ status: 'successful', message: '334 credits given to demouser' });
    expect(await state()).toEqual({ payments: before.payments + 1, demo: before.demo + 334 });
  });

  it.each([
    ['1e400', 'Amount must be a number'],
    ['1e30', 'Amount must be at most 1,000,000'],
    ['20.001', 'Amount can have at most two decimals'],
    ['-20', 'Amount must be greater than zero'],
  ])('checksupcredit and paystack-link/ refuse %s with "%s"', async (amount, message) => {
    const check = await raw(demo, 'checksupcredit', `{"profile_id":${demo.profile_id},"amount":${amount}}`);
    expect(check.statusCode).toBe(400);
    expect(check.json()).toEqual({ error: { status: 'failed', message } });
    const link = await raw(
      demo,
      'paystack-link/',
      `{"profile_id":${demo.profile_id},"amount":${amount},"currency":"GHS"}`,
    );
    expect(link.statusCode).toBe(400);
    expect(link.json()).toEqual({ error: { status: 'failed', message } });
    const checkouts = await gw.ctx.db.selectFrom('checkouts').selectAll().execute();
    expect(checkouts).toHaveLength(0);
  });
});
