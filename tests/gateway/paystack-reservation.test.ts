import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { startFakePaystack, type FakePaystack } from './helpers/fake-paystack';
import { createUser } from '../../server/src/seed/accounts';
import { SELLER_SHORT } from '../../server/src/payments/quote';
import { CHECKOUT_TTL_MS, PENDING_LINKS_MAX, TOO_MANY_PENDING } from '../../server/src/payments/checkout';
import { expireCheckouts } from '../../server/src/payments/reservations';

// A reseller hands its clients credit it holds: a checkout sets the credits aside when its link is
// made, gives them back once if it ends unpaid, and a payment never takes the reseller below zero,
// whoever signs the webhook (the reseller holds its own Paystack secret key).
// Acme holds 50,000 credits; at its prices GHS 1,000 buys 37,038 credits (0.027) and GHS 300 buys 10,000 (0.03).

const ACME_START = 50_000;
const CLIENT_START = 800;
const FOR_1000 = 37_038;
const FOR_300 = 10_000;
const TEST_KEY_REFUSED =
  'Paystack test keys (sk_test_, pk_test_) take no real money: please enter your live keys (sk_live_, pk_live_)';

describe('a reseller’s credits for its clients’ card payments', () => {
  let paystack: FakePaystack;
  let gw: TestGateway;
  let client: Session;
  let acmeId: number;

  beforeAll(async () => {
    paystack = await startFakePaystack(['sk_test_main', 'sk_test_acme']);
  });
  afterAll(() => paystack.close());
  afterEach(async () => {
    paystack.transactions.clear();
    await gw?.close();
  });

  async function start(options: { simulated?: boolean } = {}) {
    gw = await makeTestApp(options.simulated ? {} : { paystackBaseUrl: paystack.url });
    client = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
    acmeId = (
      await gw.ctx.db
        .selectFrom('users')
        .select('profile_id')
        .where('username', '=', 'acmeadmin')
        .executeTakeFirstOrThrow()
    ).profile_id;
  }

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
  const checkout = async (reference: string) => {
    const row = await gw.ctx.db
      .selectFrom('checkouts')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    return { status: row.status, reserved: Number((row as { reserved?: number }).reserved ?? 0) };
  };
  /** Acme's balance, what its open checkouts hold, and what its clients (and their referrers) received. */
  const ledger = async (referrers: string[] = []) => {
    const rows = await gw.ctx.db.selectFrom('checkouts').selectAll().where('seller_id', '=', acmeId).execute();
    const held = rows.reduce((sum, r) => sum + Number((r as { reserved?: number }).reserved ?? 0), 0);
    let handed = (await balance('acmeclient')) - CLIENT_START;
    for (const name of referrers) handed += await balance(name);
    return { acme: await balance('acmeadmin'), held, handed };
  };
  /** Acme never below zero, and not one credit made or lost: balance + reserved + handed over = 50,000. */
  const expectConserved = async (referrers: string[] = []) => {
    const l = await ledger(referrers);
    expect(l.acme).toBeGreaterThanOrEqual(0);
    expect(l.acme + l.held + l.handed).toBe(ACME_START);
    return l;
  };

  const link = (amount: number) =>
    call(
      gw,
      'paystack-link/',
      {
        profile_id: client.profile_id,
        amount,
        currency: 'GHS',
        country: 'Ghana',
        title: 'SMS credit',
        description: '',
      },
      { token: client.token, host: 'acme.localhost' },
    );
  /** A link the client got: its reference (Paystack's, or the simulated page's). */
  const linked = async (amount: number) => {
    const res = await link(amount);
    expect(res.body.status, JSON.stringify(res.body)).toBe(true);
    const sim = /\/smsgateway\/pay\/([0-9a-f]{48})$/.exec(res.body.link);
    if (sim) return sim[1]!;
    const tx = [...paystack.transactions.values()].find((t) => res.body.link.endsWith(`/checkout/${t.accessCode}`));
    return tx!.reference;
  };
  const refusedShort = async (amount: number) =>
    expect((await link(amount)).body).toEqual({ status: false, error: { status: 'failed', message: SELLER_SHORT } });

  /** A charge.success the reseller writes and signs with its own secret key: no money moved anywhere. */
  const selfSigned = (reference: string, ghs: number) => {
    const body = JSON.stringify({
      event: 'charge.success',
      data: { status: 'success', reference, amount: ghs * 100, currency: 'GHS', gateway_response: 'Successful' },
    });
    return { body, signature: createHmac('sha512', 'sk_test_acme').update(body).digest('hex') };
  };
  const webhook = async ({ body, signature }: { body: string; signature: string }) => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/paystack/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
    expect(res.statusCode).toBe(200);
  };
  const callback = async (reference: string) => {
    const res = await gw.app.inject({
      method: 'GET',
      url: `/smsgateway/paystack/callback?trxref=${reference}&reference=${reference}`,
      headers: { host: 'acme.localhost' },
    });
    expect(res.statusCode).toBe(303);
    return res.headers.location;
  };
  const simSubmit = (reference: string, action: 'pay' | 'cancel') =>
    gw.app.inject({
      method: 'POST',
      url: `/smsgateway/pay/${reference}`,
      payload: `action=${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('five GHS 1,000 links by one client, settled by webhooks the reseller signs and by the return page, hand over only what it held', async () => {
    await start();
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await link(1000)).body);
      await expectConserved();
    }
    const references = answers
      .filter((body) => body.status === true)
      .map((body) => [...paystack.transactions.values()].find((t) => body.link.endsWith(`/checkout/${t.accessCode}`))!);
    // Three settled by charge.success events the reseller signs with its own key, two by the return page.
    for (const [i, tx] of references.entries()) {
      if (i < 3) {
        await webhook(selfSigned(tx.reference, 1000));
      } else {
        paystack.settle(tx.reference, 'success');
        expect(await callback(tx.reference)).toBe('/purchasesms?payment=success');
      }
      await expectConserved();
    }
    // The first link set the reseller's credits aside; the other four were refused at once.
    expect(answers.filter((body) => body.status === true)).toHaveLength(1);
    for (const body of answers.slice(1)) {
      expect(body).toEqual({ status: false, error: { status: 'failed', message: SELLER_SHORT } });
    }
    // Replaying every settlement changes nothing.
    for (const tx of references) {
      await webhook(selfSigned(tx.reference, 1000));
      expect(await callback(tx.reference)).toBe('/purchasesms?payment=success');
      expect(await checkout(tx.reference)).toEqual({ status: 'paid', reserved: 0 });
    }
    expect(await expectConserved()).toEqual({ acme: ACME_START - FOR_1000, held: 0, handed: FOR_1000 });
    await refusedShort(1000);
  });

  it('one client holds at most 3 unpaid links, even asked 20 at once: the reseller’s other credits stay free', async () => {
    await start();
    const answers = await Promise.all(Array.from({ length: 20 }, () => link(30)));
    expect(answers.filter((a) => a.body.status === true)).toHaveLength(PENDING_LINKS_MAX);
    for (const a of answers.filter((x) => x.body.status !== true))
      expect(a.body).toEqual({ status: false, error: { status: 'failed', message: TOO_MANY_PENDING } });
    const { held } = await expectConserved();
    const one = held / PENDING_LINKS_MAX; // GHS 30 of credits at Acme's price
    expect(one).toBeGreaterThan(0);
    // A link that ends frees its place: cancelled, expired, or paid.
    gw.clock.advance(CHECKOUT_TTL_MS + 1);
    await expireCheckouts(gw.ctx);
    expect((await link(30)).body.status).toBe(true);
    expect(await expectConserved()).toMatchObject({ acme: ACME_START - one, held: one });
  });

  it('a failed payment gives the reservation back once; a later confirmation is paid only if the reseller covers it again, else it is unsettled', async () => {
    await start();
    const failed = await linked(300);
    expect(await balance('acmeadmin')).toBe(ACME_START - FOR_300);
    paystack.settle(failed, 'failed');
    expect(await callback(failed)).toBe('/purchasesms?payment=failed');
    expect(await checkout(failed)).toEqual({ status: 'failed', reserved: 0 });
    expect(await balance('acmeadmin')).toBe(ACME_START);
    // Told again, by the return page and by Paystack's failure event: given back once only.
    expect(await callback(failed)).toBe('/purchasesms?payment=failed');
    const failedEvent = paystack.event(failed, { event: 'charge.failed' });
    await webhook(failedEvent);
    expect(await balance('acmeadmin')).toBe(ACME_START);
    await expectConserved();

    // The freed credits go to two new links: 50,000 - 37,038 - 10,000 = 2,962 left.
    const big = await linked(1000);
    const other = await linked(300);
    expect(await balance('acmeadmin')).toBe(ACME_START - FOR_1000 - FOR_300);

    // The reseller signs a success for the failed link itself: it cannot cover it, so nothing moves.
    await webhook(selfSigned(failed, 300));
    expect(await checkout(failed)).toEqual({ status: 'unsettled', reserved: 0 });
    paystack.settle(failed, 'success');
    expect(await callback(failed)).toBe('/purchasesms?payment=unsettled');
    expect(await balance('acmeclient')).toBe(CLIENT_START);
    expect(await expectConserved()).toEqual({ acme: 2_962, held: FOR_1000 + FOR_300, handed: 0 });

    // Once the reseller has the credit again, the confirmed payment is paid, once.
    paystack.settle(other, 'failed');
    expect(await callback(other)).toBe('/purchasesms?payment=failed');
    expect(await callback(failed)).toBe('/purchasesms?payment=success');
    await webhook(selfSigned(failed, 300));
    expect(await checkout(failed)).toEqual({ status: 'paid', reserved: 0 });
    expect(await expectConserved()).toEqual({ acme: 2_962, held: FOR_1000, handed: FOR_300 });
    expect(await checkout(big)).toEqual({ status: 'pending', reserved: FOR_1000 });
  });

  it('an expired link gives the reservation back once: by the sweep, when touched, and against a racing late confirmation', async () => {
    await start();
    const swept = await linked(300);
    gw.clock.advance(CHECKOUT_TTL_MS + 1);
    await expireCheckouts(gw.ctx);
    expect(await checkout(swept)).toEqual({ status: 'expired', reserved: 0 });
    expect(await balance('acmeadmin')).toBe(ACME_START);
    await expireCheckouts(gw.ctx);
    paystack.settle(swept, 'abandoned');
    expect(await callback(swept)).toBe('/purchasesms?payment=cancelled');
    expect(await balance('acmeadmin')).toBe(ACME_START);
    await expectConserved();

    // Touched: the client's next link finds the expired one and its credits first.
    const touched = await linked(1000);
    gw.clock.advance(CHECKOUT_TTL_MS + 1);
    const next = await linked(1000);
    expect(await checkout(touched)).toEqual({ status: 'expired', reserved: 0 });
    expect(await checkout(next)).toEqual({ status: 'pending', reserved: FOR_1000 });
    expect(await balance('acmeadmin')).toBe(ACME_START - FOR_1000);
    await expectConserved();

    // The sweep, the return page and Paystack's event all at once on an expired link that was paid late.
    gw.clock.advance(CHECKOUT_TTL_MS + 1);
    paystack.settle(next, 'success');
    const event = paystack.event(next);
    const [, back] = await Promise.all([expireCheckouts(gw.ctx), callback(next), webhook(event)]);
    expect(back).toBe('/purchasesms?payment=success');
    expect(await checkout(next)).toEqual({ status: 'paid', reserved: 0 });
    expect(await expectConserved()).toEqual({ acme: ACME_START - FOR_1000, held: 0, handed: FOR_1000 });
  });

  it('the simulated page: links reserve, two at once cannot share the last credits, Cancel and expiry give back once, Pay hands over the reservation with the referral bonus', async () => {
    await start({ simulated: true });
    const [a, b] = await Promise.all([link(1000), link(1000)]);
    expect([a.body.status, b.body.status].sort()).toEqual([false, true]);
    const first = /([0-9a-f]{48})$/.exec((a.body.status ? a : b).body.link)![1]!;
    expect(await balance('acmeadmin')).toBe(ACME_START - FOR_1000);
    await refusedShort(1000);

    expect((await simSubmit(first, 'cancel')).statusCode).toBe(303);
    expect(await checkout(first)).toEqual({ status: 'cancelled', reserved: 0 });
    expect(await balance('acmeadmin')).toBe(ACME_START);
    expect((await simSubmit(first, 'cancel')).statusCode).toBe(409);
    expect((await simSubmit(first, 'pay')).statusCode).toBe(409);
    expect(await balance('acmeadmin')).toBe(ACME_START);
    await expectConserved();

    // Expired: its page says so and gives the credits back; neither Pay nor the sweep gives them twice.
    const late = await linked(1000);
    gw.clock.advance(CHECKOUT_TTL_MS + 1);
    const page = await gw.app.inject({ method: 'GET', url: `/smsgateway/pay/${late}` });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This payment link has expired');
    expect(await balance('acmeadmin')).toBe(ACME_START);
    expect((await simSubmit(late, 'pay')).body).toContain('This payment link has expired');
    await expireCheckouts(gw.ctx);
    expect(await balance('acmeadmin')).toBe(ACME_START);
    await expectConserved();

    // A referred client: the reservation holds the 10 % bonus too, and Pay hands over exactly that.
    const friend = await createUser(gw.ctx, { username: 'acmefriend', password: 'friend1234', supid: acmeId });
    await gw.ctx.db
      .updateTable('users')
      .set({ referred_by: friend.profile_id })
      .where('username', '=', 'acmeclient')
      .execute();
    const referred = await linked(300);
    expect(await checkout(referred)).toEqual({ status: 'pending', reserved: FOR_300 + 1_000 });
    expect(await balance('acmeadmin')).toBe(ACME_START - FOR_300 - 1_000);
    const [payA, payB] = await Promise.all([simSubmit(referred, 'pay'), simSubmit(referred, 'pay')]);
    expect([payA.statusCode, payB.statusCode].sort()).toEqual([303, 409]);
    expect(await balance('acmefriend')).toBe(1_000);
    expect(await expectConserved(['acmefriend'])).toEqual({
      acme: ACME_START - FOR_300 - 1_000,
      held: 0,
      handed: FOR_300 + 1_000,
    });
  });

  it('a reseller’s Paystack test keys are refused outside dev mode; an empty secret keeps the saved key', async () => {
    gw = await makeTestApp({ devMode: false, paystackBaseUrl: paystack.url });
    const acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    const save = (body: Record<string, unknown>) =>
      call(
        gw,
        'update-domain-details/',
        { profile_id: acme.profile_id, ...body },
        { token: acme.token, host: 'acme.localhost' },
      );
    const keys = async () =>
      gw.ctx.db
        .selectFrom('domains')
        .select(['paystackseckey', 'paystackpubkey'])
        .where('host', '=', 'acme.localhost')
        .executeTakeFirstOrThrow();
    for (const body of [
      { paystackseckey: 'sk_test_0123456789abcdef', paystackpubkey: 'pk_live_0123456789abcdef' },
      { paystackseckey: 'sk_live_0123456789abcdef', paystackpubkey: 'pk_test_0123456789abcdef' },
      { paystackseckey: 'SK_TEST_0123456789abcdef' },
    ]) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: { status: 'failed', message: TEST_KEY_REFUSED } });
    }
    const live = await save({ paystackseckey: 'sk_live_0123456789abcdef', paystackpubkey: 'pk_live_0123456789abcdef' });
    expect(live.body.status).toBe('successful');
    // The app never holds the secret: a save with the field empty keeps the saved one.
    expect((await save({ paystackseckey: '', companyname: 'Acme SMS' })).body.status).toBe('successful');
    expect(await keys()).toEqual({
      paystackseckey: 'sk_live_0123456789abcdef',
      paystackpubkey: 'pk_live_0123456789abcdef',
    });
    await gw.close();

    // Dev mode takes test keys (the demo's own).
    gw = await makeTestApp();
    const devAcme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    const dev = await call(
      gw,
      'update-domain-details/',
      {
        profile_id: devAcme.profile_id,
        paystackseckey: 'sk_test_0123456789abcdef',
        paystackpubkey: 'pk_test_01234567',
      },
      { token: devAcme.token, host: 'acme.localhost' },
    );
    expect(dev.body.status).toBe('successful');
  });

  it('the Paystack and reCAPTCHA secret keys are never in an answer: login, fetchuser, allusers, the domain, a settings save', async () => {
    await start();
    const secret = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0beef';
    const captcha = '6LcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAcafe';
    await gw.ctx.db
      .updateTable('domains')
      .set({ paystackseckey: secret, recaptcha_secret_key: captcha })
      .where('host', '=', 'acme.localhost')
      .execute();
    const secretParts = [secret, secret.slice(0, 20), secret.slice(8, 30), captcha, captcha.slice(0, 20)];
    const loginRes = await call(
      gw,
      'login',
      { emailusername: 'acmeadmin', password: 'acme12345', domain: 'acme.localhost', domain_supid: 0, humanKey: '' },
      { host: 'acme.localhost' },
    );
    const acme = loginRes.body.userInfo as Session;
    const sup = await login(gw, 'supervisor', 'supervisor123');
    const answers = [
      loginRes.body,
      (await call(gw, 'fetchuser', { profile_id: acme.profile_id }, { token: acme.token, host: 'acme.localhost' }))
        .body,
      (await call(gw, 'allusers', { profile_id: sup.profile_id }, { token: sup.token })).body,
      (await gw.app.inject({ method: 'GET', url: '/smsgateway/api/domain?domain=acme.localhost' })).json(),
      (
        await call(
          gw,
          'update-domain-details/',
          { profile_id: acme.profile_id, companyname: 'Acme SMS' },
          { token: acme.token, host: 'acme.localhost' },
        )
      ).body,
      (await call(gw, 'fetchuser', { profile_id: client.profile_id }, { token: client.token, host: 'acme.localhost' }))
        .body,
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      for (const part of secretParts) expect(text).not.toContain(part);
    }
    // Its owner is told only that a key is saved, and its last four characters.
    expect(answers[0].userInfo).toMatchObject({ paystackseckey: '', paystackseckeyending: 'beef' });
    expect(answers[0].userInfo).toMatchObject({ recaptcha_secret_key: '', recaptchasecretkeyending: 'cafe' });
    expect(answers[1].userInfo).toMatchObject({ paystackseckey: '', paystackseckeyending: 'beef' });
    expect(answers[5].userInfo).toMatchObject({ paystackseckey: '', paystackseckeyending: '' });
  });
});
