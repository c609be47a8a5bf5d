import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { startFakePaystack, type FakePaystack } from './helpers/fake-paystack';
import { createUser } from '../../server/src/seed/accounts';
import { PAYSTACK_DOWN, PAYSTACK_NOT_SET_UP } from '../../server/src/payments/paystack';

// Credit only what Paystack confirms (docs/api.md#paystack-no-token), once per reference, against a local stand-in that
// speaks Paystack's documented shapes. GHS 100 on the main domain buys 3,760 credits (tier 100 at 0.0266).

const CREDITS_FOR_100 = 3760;

describe('Paystack payments: initialize, callback, webhook', () => {
  let gw: TestGateway;
  let paystack: FakePaystack;
  let demo: Session;
  let acmeClient: Session;

  beforeAll(async () => {
    paystack = await startFakePaystack(['sk_test_main', 'sk_test_acme']);
    gw = await makeTestApp({ paystackBaseUrl: paystack.url });
    demo = await login(gw, 'demouser', 'demo12345');
    acmeClient = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
  });
  afterAll(async () => {
    await gw.close();
    await paystack.close();
  });
  beforeEach(() => paystack.transactions.clear());

  const as = (s: Session, path: string, body: Record<string, unknown>, host = 'localhost') =>
    call(gw, path, { profile_id: s.profile_id, ...body }, { token: s.token, host });
  const link = (s: Session, amount: unknown, host = 'localhost') =>
    as(s, 'paystack-link/', { amount, currency: 'GHS', country: 'Ghana', title: 'SMS credit', description: '' }, host);
  const balance = async (username: string) =>
    Number(
      (
        await gw.ctx.db
          .selectFrom('users')
          .select('creditbalance')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).creditbalance,
    );
  const payments = (profileId: number) =>
    gw.ctx.db.selectFrom('payments').selectAll().where('profile_id', '=', profileId).execute();
  const checkout = (reference: string) =>
    gw.ctx.db.selectFrom('checkouts').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
  const callback = async (reference: string, host = 'localhost') => {
    const res = await gw.app.inject({
      method: 'GET',
      url: `/smsgateway/paystack/callback?trxref=${reference}&reference=${reference}`,
      headers: { host },
    });
    expect(res.statusCode).toBe(303);
    return res.headers.location;
  };
  const webhook = (body: string, signature?: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/smsgateway/paystack/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
    });
  /** Starts a GHS 100 purchase as demouser; answers the Paystack reference. */
  const started = async () => {
    const res = await link(demo, '100');
    expect(res.body.status).toBe(true);
    return paystack.only().reference;
  };

  it('initializes with the domain key, pesewas, GHS, a unique reference and the callback; the link is Paystack’s page', async () => {
    const res = await link(demo, '100');
    expect(res.status).toBe(200);
    const tx = paystack.only();
    expect(res.body).toEqual({ status: true, link: `${paystack.url}/checkout/${tx.accessCode}` });
    expect(tx).toMatchObject({ secretKey: 'sk_test_main', amount: 10_000, currency: 'GHS', email: 'demo@example.com' });
    expect(tx.reference).toMatch(/^[0-9a-f]{48}$/);
    expect(tx.callbackUrl).toBe('http://localhost/smsgateway/paystack/callback');
    expect(tx.metadata).toMatchObject({ cancel_action: 'http://localhost/purchasesms?payment=cancelled' });
    expect(paystack.initializeBodies.at(-1)).toMatchObject({ amount: '10000' });
    // Nothing is credited for starting a payment, nor for an unpaid return, and the simulated page cannot pay it.
    expect(await callback(tx.reference)).toBe('/purchasesms?payment=cancelled');
    const sim = await gw.app.inject({ method: 'GET', url: `/smsgateway/pay/${tx.reference}` });
    expect(sim.statusCode).toBe(404);
    const simPay = await gw.app.inject({
      method: 'POST',
      url: `/smsgateway/pay/${tx.reference}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(simPay.statusCode).toBe(409);
    expect(await payments(demo.profile_id)).toHaveLength(0);
  });

  it('a success credits once: the callback, then the webhook, then the callback again', async () => {
    const before = await balance('demouser');
    const reference = await started();
    paystack.settle(reference, 'success');
    expect(await callback(reference)).toBe('/purchasesms?payment=success');
    expect(await balance('demouser')).toBe(before + CREDITS_FOR_100);
    const { body, signature } = paystack.event(reference);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await callback(reference)).toBe('/purchasesms?payment=success');
    expect(await balance('demouser')).toBe(before + CREDITS_FOR_100);
    const rows = await payments(demo.profile_id);
    expect(rows.filter((r) => r.kind === 'paystack')).toHaveLength(1);
    expect(rows.at(-1)).toMatchObject({ amount: 100, currency: 'GHS', balanceadded: CREDITS_FOR_100 });
    expect((await checkout(reference)).status).toBe('paid');
  });

  it('a success credits once when the webhook comes first, and when both arrive together', async () => {
    const before = await balance('demouser');
    const first = await started();
    paystack.settle(first, 'success');
    const event = paystack.event(first);
    expect((await webhook(event.body, event.signature)).json()).toEqual({ received: true });
    expect(await callback(first)).toBe('/purchasesms?payment=success');
    paystack.transactions.clear();

    const second = await started();
    paystack.settle(second, 'success');
    const again = paystack.event(second);
    const [hook, back] = await Promise.all([webhook(again.body, again.signature), callback(second)]);
    expect(hook.statusCode).toBe(200);
    expect(back).toBe('/purchasesms?payment=success');
    expect(await balance('demouser')).toBe(before + 2 * CREDITS_FOR_100);
  });

  it('failed and abandoned payments credit nothing and say so', async () => {
    const before = await balance('demouser');
    const failed = await started();
    paystack.settle(failed, 'failed');
    expect(await callback(failed)).toBe('/purchasesms?payment=failed');
    expect((await checkout(failed)).status).toBe('failed');
    expect((await checkout(failed)).provider_note).toBe('Declined');
    const failedEvent = paystack.event(failed, { event: 'charge.failed' });
    expect((await webhook(failedEvent.body, failedEvent.signature)).statusCode).toBe(200);
    paystack.transactions.clear();

    const abandoned = await started();
    paystack.settle(abandoned, 'abandoned');
    expect(await callback(abandoned)).toBe('/purchasesms?payment=cancelled');
    expect((await checkout(abandoned)).status).toBe('pending');
    expect(await balance('demouser')).toBe(before);
  });

  it('a confirmed success after a failed attempt on the same page still credits', async () => {
    const before = await balance('demouser');
    const reference = await started();
    paystack.settle(reference, 'failed');
    expect(await callback(reference)).toBe('/purchasesms?payment=failed');
    paystack.settle(reference, 'success');
    const { body, signature } = paystack.event(reference);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await balance('demouser')).toBe(before + CREDITS_FOR_100);
  });

  it('a mismatched amount or currency credits nothing, by callback or webhook', async () => {
    const before = await balance('demouser');
    const cheap = await started();
    paystack.settle(cheap, 'success', { amount: 100, currency: 'GHS' });
    expect(await callback(cheap)).toBe('/purchasesms?payment=mismatch');
    expect((await checkout(cheap)).status).toBe('mismatch');
    expect((await checkout(cheap)).provider_note).toBe('paid GHS 1, expected GHS 100');
    paystack.transactions.clear();

    const naira = await started();
    paystack.settle(naira, 'success', { amount: 10_000, currency: 'NGN' });
    const { body, signature } = paystack.event(naira);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await checkout(naira)).status).toBe('mismatch');
    expect(await callback(naira)).toBe('/purchasesms?payment=mismatch');
    expect(await balance('demouser')).toBe(before);
  });

  it('forged, unsigned or malformed webhooks credit nothing', async () => {
    const before = await balance('demouser');
    const reference = await started();
    paystack.settle(reference, 'success');
    const other = paystack.event(reference, { signWith: 'sk_test_acme' });
    expect((await webhook(other.body, other.signature)).statusCode).toBe(401);
    const genuine = paystack.event(reference);
    // The signature covers the exact bytes: the same event with its amount raised is refused.
    const tampered = genuine.body.replace('"amount":10000', '"amount":10001');
    expect((await webhook(tampered, genuine.signature)).statusCode).toBe(401);
    expect((await webhook(genuine.body, 'ab'.repeat(64))).statusCode).toBe(401);
    expect((await webhook(genuine.body, 'not-hex')).statusCode).toBe(401);
    expect((await webhook(genuine.body)).statusCode).toBe(400);
    expect((await webhook('{"event":', genuine.signature)).statusCode).toBe(400);
    expect((await webhook('[]', genuine.signature)).statusCode).toBe(400);
    const unknown = JSON.stringify({ event: 'charge.success', data: { reference: 'f'.repeat(48), amount: 1 } });
    expect((await webhook(unknown, genuine.signature)).json()).toEqual({ received: true });
    expect((await webhook('x'.repeat(70_000), genuine.signature)).statusCode).toBe(413);
    expect(await balance('demouser')).toBe(before);
    expect((await checkout(reference)).status).toBe('pending');
    // Made-up or malformed references on the way back are unknown, never a 500.
    expect(await callback('f'.repeat(48))).toBe('/purchasesms?payment=unknown');
    expect(await callback('../../etc')).toBe('/purchasesms?payment=unknown');
  });

  it('a reseller’s client pays the reseller’s Paystack account, and the reseller hands over its credit', async () => {
    const acmeBefore = await balance('acmeadmin');
    const clientBefore = await balance('acmeclient');
    const res = await link(acmeClient, 100, 'acme.localhost');
    expect(res.body.status).toBe(true);
    const tx = paystack.only();
    expect(tx.secretKey).toBe('sk_test_acme');
    expect(tx.callbackUrl).toBe('http://acme.localhost/smsgateway/paystack/callback');
    paystack.settle(tx.reference, 'success');
    expect(await callback(tx.reference, 'acme.localhost')).toBe('/purchasesms?payment=success');
    const added = (await balance('acmeclient')) - clientBefore;
    expect(added).toBeGreaterThan(0);
    expect(await balance('acmeadmin')).toBe(acmeBefore - added);
  });

  it('a domain without a key, a refused key and an unreachable Paystack start nothing and say why', async () => {
    const noKey = await createUser(gw.ctx, { username: 'keyless', password: 'keyless123', supid: 6 });
    await gw.ctx.db.updateTable('domains').set({ paystackseckey: '' }).where('profile_id', '=', 6).execute();
    const keyless = await login(gw, 'keyless', 'keyless123');
    expect((await link(keyless, 100)).body).toEqual({
      status: false,
      error: { status: 'failed', message: PAYSTACK_NOT_SET_UP },
    });
    await gw.ctx.db.updateTable('domains').set({ paystackseckey: 'sk_wrong' }).where('profile_id', '=', 6).execute();
    expect((await link(keyless, 100)).body.error.message).toBe(PAYSTACK_NOT_SET_UP);
    await gw.ctx.db
      .updateTable('domains')
      .set({ paystackseckey: 'sk_test_main' })
      .where('profile_id', '=', 6)
      .execute();
    expect(noKey.profile_id).toBeGreaterThan(0);

    const down = await makeTestApp({ paystackBaseUrl: 'http://127.0.0.1:9' });
    try {
      const s = await login(down, 'demouser', 'demo12345');
      const res = await call(
        down,
        'paystack-link/',
        { profile_id: s.profile_id, amount: 100, currency: 'GHS' },
        { token: s.token },
      );
      expect(res.body).toEqual({ status: false, error: { status: 'failed', message: PAYSTACK_DOWN } });
      const rows = await down.ctx.db.selectFrom('checkouts').select('status').execute();
      expect(rows).toEqual([{ status: 'failed' }]);
    } finally {
      await down.close();
    }
  });

  it('amounts that are not amounts are a 400 before Paystack is asked', async () => {
    const small = await makeTestApp({ paystackBaseUrl: paystack.url, maxPurchaseGhs: 5000 });
    try {
      const s = await login(small, 'demouser', 'demo12345');
      const calls = paystack.initializeBodies.length;
      for (const [amount, message] of [
        ['6000', 'Amount must be at most 5,000'],
        ['NaN', 'Amount must be a number'],
        ['Infinity', 'Amount must be a number'],
        ['-100', 'Amount must be greater than zero'],
        ['100.005', 'Amount can have at most two decimals'],
        [true, 'Amount must be a number'],
        [[100], 'Amount must be a number'],
      ] as const) {
        const res = await call(
          small,
          'paystack-link/',
          { profile_id: s.profile_id, amount, currency: 'GHS' },
          { token: s.token },
        );
        expect(res.status, String(amount)).toBe(400);
        expect(res.body.error.message, String(amount)).toBe(message);
      }
      expect(paystack.initializeBodies.length).toBe(calls);
      expect(await small.ctx.db.selectFrom('checkouts').selectAll().execute()).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
