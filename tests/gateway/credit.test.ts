import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway, type Session, signInDemoTenants } from './helpers/test-app';

describe('credit giving and numbers', () => {
  let gw: TestGateway;
  let sup: Session;
  let demo: Session;
  let acme: Session;
  let acmeClient: Session;
  beforeAll(async () => {
    gw = await makeTestApp();
    ({ sup, demo, acme, acmeClient } = await signInDemoTenants(gw));
  });
  afterAll(() => gw.close());

  const as = (s: Session, path: string, body: Record<string, unknown>) =>
    call(gw, path, { profile_id: s.profile_id, currency: 'GHS', ...body }, { token: s.token });
  const user = (username: string) =>
    gw.ctx.db
      .selectFrom('users')
      .select(['creditbalance', 'creditexpires'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  const historyOf = async (username: string) =>
    gw.ctx.db
      .selectFrom('payments')
      .innerJoin('users', 'users.profile_id', 'payments.profile_id')
      .selectAll('payments')
      .where('users.username', '=', username)
      .orderBy('payments.id', 'desc')
      .execute();

  it('manualcreditpurchase: profile 6 grants credit to its client and records it', async () => {
    const before = await user('demouser');
    const supBefore = await user('supervisor');
    const res = await as(sup, 'manualcreditpurchase', { amount: '500', clientprofile_id: demo.profile_id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'successful', message: '500 credits given to demouser' });
    expect((await user('demouser')).creditbalance).toBe(before.creditbalance + 500);
    expect((await user('supervisor')).creditbalance).toBe(supBefore.creditbalance);
    expect((await historyOf('demouser'))[0]).toMatchObject({
      kind: 'manual',
      amount: 500,
      balanceadded: 500,
      previousbalance: before.creditbalance,
      newbalance: before.creditbalance + 500,
      paymentassist: 'supervisor',
    });
  });

  it('manualcreditpurchase: a reseller hands over its own credit, never more than it holds', async () => {
    const acmeBefore = await user('acmeadmin');
    const clientBefore = await user('acmeclient');
    const res = await as(acme, 'manualcreditpurchase', {
      amount: 1000,
      clientprofile_id: String(acmeClient.profile_id),
    });
    expect(res.body.status).toBe('successful');
    expect((await user('acmeadmin')).creditbalance).toBe(acmeBefore.creditbalance - 1000);
    expect((await user('acmeclient')).creditbalance).toBe(clientBefore.creditbalance + 1000);
    const tooMuch = await as(acme, 'manualcreditpurchase', {
      amount: 10_000_000,
      clientprofile_id: acmeClient.profile_id,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toBe('You do not have enough credit to give this amount');
    expect((await user('acmeclient')).creditbalance).toBe(clientBefore.creditbalance + 1000);
  });

  it('manualcreditpurchase refusals: amount, beneficiary, tenant wall, role', async () => {
    const bad = await as(sup, 'manualcreditpurchase', { amount: '12a', clientprofile_id: demo.profile_id });
    expect(bad.body).toEqual({ error: { status: 'failed', message: 'Amount must be a number' } });
    expect(
      (await as(sup, 'manualcreditpurchase', { amount: '-5', clientprofile_id: demo.profile_id })).body.error.message,
    ).toBe('Amount must be greater than zero');
    const nobody = await as(sup, 'manualcreditpurchase', { amount: 5, clientprofile_id: 999_999 });
    expect(nobody.status).toBe(404);
    expect(nobody.body.error.message).toBe('User not found');
    // Another tenant's user is not found either, and is not credited.
    const before = await user('demouser');
    const cross = await as(acme, 'manualcreditpurchase', { amount: 5, clientprofile_id: demo.profile_id });
    expect(cross.body.error.message).toBe('User not found');
    expect((await as(sup, 'manualcreditpurchase', { amount: 5, clientprofile_id: acmeClient.profile_id })).status).toBe(
      404,
    );
    expect((await user('demouser')).creditbalance).toBe(before.creditbalance);
    expect((await as(demo, 'manualcreditpurchase', { amount: 5, clientprofile_id: demo.profile_id })).status).toBe(403);
    expect((await call(gw, 'manualcreditpurchase', { amount: 5 })).status).toBe(401);
    const asOther = await call(
      gw,
      'manualcreditpurchase',
      { profile_id: 6, amount: 5, clientprofile_id: acmeClient.profile_id },
      { token: acme.token },
    );
    expect(asOther.status).toBe(403);
  });

  it('directcreditpurchase gives amount / rate credits (rounded up) to local accounts’ clients', async () => {
    const before = await user('acmeclient');
    const res = await as(acme, 'directcreditpurchase', {
      amount: '100',
      rate: '0.03',
      clientprofile_id: acmeClient.profile_id,
    });
    expect(res.body).toEqual({ status: 'successful', message: '3334 credits given to acmeclient' });
    expect((await user('acmeclient')).creditbalance).toBe(before.creditbalance + 3334);
    expect((await historyOf('acmeclient'))[0]).toMatchObject({
      kind: 'direct',
      amount: 100,
      balanceadded: 3334,
      paymentassist: 'acmeadmin',
    });

    const rate = await as(acme, 'directcreditpurchase', {
      amount: '100',
      rate: 'cheap',
      clientprofile_id: acmeClient.profile_id,
    });
    expect(rate.body.error.message).toBe('Rate must be a number');
    const amount = await as(acme, 'directcreditpurchase', {
      amount: 'lots',
      rate: '0.03',
      clientprofile_id: acmeClient.profile_id,
    });
    expect(amount.body.error.message).toBe('Amount must be a number');
    const zero = await as(acme, 'directcreditpurchase', {
      amount: '100',
      rate: '0',
      clientprofile_id: acmeClient.profile_id,
    });
    expect(zero.body.error.message).toBe('Rate must be greater than zero');
    const cross = await as(acme, 'directcreditpurchase', {
      amount: '100',
      rate: '0.03',
      clientprofile_id: demo.profile_id,
    });
    expect(cross.body.error.message).toBe('User not found');

    await gw.ctx.db
      .updateTable('users')
      .set({ content: 'international' })
      .where('username', '=', 'acmeadmin')
      .execute();
    const intl = await as(acme, 'directcreditpurchase', {
      amount: '100',
      rate: '0.03',
      clientprofile_id: acmeClient.profile_id,
    });
    expect(intl.status).toBe(403);
    expect(intl.body.error.message).toBe('Credit by rate is only available to local accounts');
    await gw.ctx.db.updateTable('users').set({ content: 'local' }).where('username', '=', 'acmeadmin').execute();
  });

  it('a gift to a lapsed account makes its credit valid for at least a quarter year', async () => {
    await gw.ctx.db.updateTable('users').set({ creditexpires: 1000 }).where('username', '=', 'demouser').execute();
    await as(sup, 'manualcreditpurchase', { amount: 1, clientprofile_id: demo.profile_id });
    expect((await user('demouser')).creditexpires).toBe(Math.floor((gw.clock.now + 0.25 * 365 * 86_400_000) / 1000));
  });

  it('numbers/ pages the distinct phone book numbers, 1,000 a page, for profile 6 only', async () => {
    const first = await call(gw, 'numbers/', { profile_id: 6, pageNum: 1 }, { token: sup.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 13, pageNum: 1, hasMore: false });
    expect(first.body.numbers).toContain('233551000001');
    expect(first.body.numbers).toEqual([...first.body.numbers].sort());

    await call(gw, 'creategroup', { profile_id: demo.profile_id, groupname: 'Many' }, { token: demo.token });
    const rows = Array.from({ length: 1500 }, (_, i) => ({ numbers: 233_500_000_000 + (i % 1200) }));
    await call(
      gw,
      'createcontactexel',
      { profile_id: demo.profile_id, groupname: 'Many', excelData: rows },
      { token: demo.token },
    );
    const page1 = await call(gw, 'numbers/', { profile_id: 6, pageNum: 1 }, { token: sup.token });
    expect(page1.body).toMatchObject({ total: 1213, hasMore: true });
    expect(page1.body.numbers).toHaveLength(1000);
    const page2 = await call(gw, 'numbers/', { profile_id: 6, pageNum: '2' }, { token: sup.token });
    expect(page2.body).toMatchObject({ total: 1213, pageNum: 2, hasMore: false });
    expect(page2.body.numbers).toHaveLength(213);

    expect((await call(gw, 'numbers/', { pageNum: 1 }, { token: acme.token })).status).toBe(403);
    expect((await call(gw, 'numbers/', { pageNum: 1 }, { token: demo.token })).status).toBe(403);
  });
});
