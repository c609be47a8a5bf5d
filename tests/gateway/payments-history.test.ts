import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway, type Session, signInDemoTenants } from './helpers/test-app';

describe('purchasehistory and allpurchasehistory', () => {
  let gw: TestGateway;
  let sup: Session;
  let demo: Session;
  let acme: Session;
  let acmeClient: Session;
  beforeAll(async () => {
    gw = await makeTestApp();
    ({ sup, demo, acme, acmeClient } = await signInDemoTenants(gw));
    // 23 gifts to demouser, one a minute, and one to acmeclient.
    for (let i = 1; i <= 23; i++) {
      await call(
        gw,
        'manualcreditpurchase',
        { profile_id: 6, amount: i, currency: 'GHS', clientprofile_id: demo.profile_id },
        { token: sup.token },
      );
      gw.clock.advance(60_000);
    }
    await call(
      gw,
      'manualcreditpurchase',
      { profile_id: acme.profile_id, amount: 77, currency: 'GHS', clientprofile_id: acmeClient.profile_id },
      { token: acme.token },
    );
  });
  afterAll(() => gw.close());

  const list = (s: Session, path: string, body: Record<string, unknown>) =>
    call(gw, path, { profile_id: s.profile_id, ...body }, { token: s.token });

  it('purchasehistory pages the own lines by 20, newest first', async () => {
    const first = await list(demo, 'purchasehistory', { search: '', pageNum: 1 });
    expect(first.body.credithistory).toHaveLength(20);
    expect(first.body).toMatchObject({ pageNum: 1, hasMore: true });
    expect(first.body.credithistory[0]).toMatchObject({ amount: 23, balanceadded: 23, currency: 'GHS' });
    expect(Object.keys(first.body.credithistory[0]).sort()).toEqual(
      [
        'amount',
        'balanceadded',
        'currency',
        'date',
        'description',
        'newbalance',
        'paymentassist',
        'paymentid',
        'previousbalance',
      ].sort(),
    );
    const second = await list(demo, 'purchasehistory', { search: '', pageNum: 2 });
    expect(second.body).toMatchObject({ pageNum: 2, hasMore: false });
    expect(second.body.credithistory.map((p: any) => p.amount)).toEqual([3, 2, 1]);
    expect((await list(acmeClient, 'purchasehistory', {})).body.credithistory.map((p: any) => p.amount)).toEqual([77]);
  });

  it('search is case-insensitive over shown fields, not ids', async () => {
    const bySupervisor = await list(demo, 'purchasehistory', { search: 'SUPERVISOR' });
    expect(bySupervisor.body.credithistory).toHaveLength(20);
    // 5,000 + 1 + ... + 6 = 5,021: the new balance of the sixth gift, the previous one of the seventh.
    const byBalance = await list(demo, 'purchasehistory', { search: '5021' });
    expect(byBalance.body.credithistory.map((p: any) => p.amount)).toEqual([7, 6]);
    const paymentid = (await list(demo, 'purchasehistory', {})).body.credithistory[0].paymentid as string;
    expect((await list(demo, 'purchasehistory', { search: paymentid })).body.credithistory).toEqual([]);
    expect((await list(demo, 'purchasehistory', { search: '100%' })).body.credithistory).toEqual([]);
  });

  it('allpurchasehistory shows the admin’s clients’ lines with who they are, within its tenant', async () => {
    const mine = await list(sup, 'allpurchasehistory', { search: '', pageNum: 1 });
    expect(mine.body.allcredithistory).toHaveLength(20);
    expect(mine.body.hasMore).toBe(true);
    expect(mine.body.allcredithistory[0]).toMatchObject({
      username: 'demouser',
      email: 'demo@example.com',
      telnumber: '233241234567',
      paymentassist: 'supervisor',
      supid: 6,
    });
    expect(mine.body.allcredithistory.every((p: any) => p.username === 'demouser')).toBe(true);
    const acmeView = await list(acme, 'allpurchasehistory', { search: '' });
    expect(acmeView.body.allcredithistory.map((p: any) => p.username)).toEqual(['acmeclient']);
    expect((await list(acme, 'allpurchasehistory', { search: 'demo' })).body.allcredithistory).toEqual([]);
    expect((await list(sup, 'allpurchasehistory', { search: 'DEMO@EXAMPLE' })).body.allcredithistory).toHaveLength(20);
    expect((await list(demo, 'allpurchasehistory', {})).status).toBe(403);
    expect((await call(gw, 'purchasehistory', {})).status).toBe(401);
  });
});
