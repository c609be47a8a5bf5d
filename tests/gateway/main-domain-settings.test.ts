import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/src/config';
import { prepareDatabase } from '../../server/src/seed/first-start';
import { createUser } from '../../server/src/seed/accounts';
import { logoPng } from '../../server/src/images/png';
import { call, login, makeTestApp, tokenFor, type Session, type TestGateway } from './helpers/test-app';
import { startFakePaystack, type FakePaystack } from './helpers/fake-paystack';
import { sendItem, sendSms } from './helpers/messaging';

// The operator (profile 6) edits the main host's settings as a reseller edits its domain's
// (docs/product.md#reseller-settings), on a production start: its host is MAIN_HOST, and nobody else
// may change them. Secret keys are write-only.

const MAIN = 'sms.example.com';
const OPERATOR_ENV = {
  MAIN_HOST: MAIN,
  CARRIER_URL: 'sim',
  OPERATOR_USERNAME: 'operator',
  OPERATOR_PASSWORD: 'a long passphrase',
  OPERATOR_EMAIL: 'ops@example.com',
  OPERATOR_PHONE: '0244000111',
};
const SECRETS = {
  paystackseckey: 'sk_live_operator_secret_9d2f',
  recaptcha_secret_key: 'captcha_operator_secret_77ab',
};
// GHS 100 buys at 0.05 a credit: 2,000 credits.
const PRICES = {
  REGULAR: [
    { id: 1, price: 20, rate: 0.06, expiry: 0.25 },
    { id: 2, price: 100, rate: 0.05, expiry: 0.25 },
  ],
  PREMIUM: [{ id: 1, price: 50, rate: 0.07, expiry: 1 }],
};
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const holdsNoSecret = (answer: unknown) => {
  const text = JSON.stringify(answer);
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
};

describe("the operator's settings of the main host", () => {
  let gw: TestGateway;
  let paystack: FakePaystack;
  let operator: Session;
  let client: Awaited<ReturnType<typeof tokenFor>>;
  let reseller: Awaited<ReturnType<typeof tokenFor>>;

  beforeAll(async () => {
    paystack = await startFakePaystack([SECRETS.paystackseckey]);
    gw = await makeTestApp({ demo: false, devMode: false, mainHost: MAIN, paystackBaseUrl: paystack.url });
    const config = configFromEnv(OPERATOR_ENV);
    await prepareDatabase(gw.ctx, { seedDemo: false, operator: config.operator, devMode: false });
    operator = await login(gw, 'operator', 'a long passphrase', MAIN);
    await createUser(gw.ctx, { username: 'firstclient', password: 'client123', supid: 6 });
    await createUser(gw.ctx, {
      username: 'resellerone',
      password: 'reseller1',
      supid: 6,
      isAdmin: 1,
      accountType: 'RESELLER',
    });
    client = await tokenFor(gw, 'firstclient');
    reseller = await tokenFor(gw, 'resellerone');
    // The main domain's sender ID is one of the operator's own approved IDs: it asks, then approves.
    const as6 = { token: operator.token, host: MAIN };
    await call(gw, 'senderidrequest', { profile_id: 6, pendingsenderid: 'OPSMS' }, as6);
    const approved = await call(gw, 'approvesenderid', { profile_id: 6, id: 6, pendingsenderid: 'OPSMS' }, as6);
    expect(approved.body.userInfo.senderidapproved).toContain('OPSMS');
  });
  afterAll(async () => {
    await gw.close();
    await paystack.close();
  });

  const save = (s: { token: string; profile_id: number }, body: Record<string, unknown>) =>
    call(gw, 'update-domain-details/', { profile_id: s.profile_id, ...body }, { token: s.token, host: MAIN });
  const details = async () =>
    (await gw.app.inject({ method: 'GET', url: '/smsgateway/api/domain', headers: { host: MAIN } })).json();

  it('saves the brand, prices, sender ID, Paystack and reCAPTCHA keys, and the main host serves them', async () => {
    const res = await save(operator, {
      domain: MAIN,
      companyname: 'Accra Texts',
      logo: dataUrl(logoPng(192, [10, 60, 120], [255, 255, 255])),
      senderid: 'OPSMS',
      localrate: JSON.stringify(PRICES),
      enablereferral: true,
      referralpercentage: '5',
      usepaymentgateway: true,
      paystackpubkey: 'pk_live_operator_public',
      recaptcha_site_key: 'captcha-site-operator',
      enablereseller: true,
      ...SECRETS,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'successful',
      message: 'Domain details updated',
      domainverified: true,
      domainverifyname: '',
      domainverifytoken: '',
    });
    holdsNoSecret(res.body);

    const shown = await details();
    expect(shown).toMatchObject({
      profile_id: 6,
      domain: MAIN,
      companyname: 'Accra Texts',
      logo: res.body.logo,
      usepaymentgateway: true,
      paystackpubkey: 'pk_live_operator_public',
      enablereferral: true,
      referralpercentage: 0.05,
      enablereseller: true,
      recaptcha_site_key: 'captcha-site-operator',
    });
    expect(JSON.parse(shown.localrate)).toEqual(PRICES);
    holdsNoSecret(shown);
    const manifest = await gw.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: MAIN } });
    expect(manifest.json()).toMatchObject({ name: 'Accra Texts' });
    expect(manifest.json().icons[0]).toMatchObject({ src: res.body.logo, sizes: '192x192' });

    // The operator's own view: the host, the sender ID, and only the last four characters of each secret.
    const me = (await call(gw, 'fetchuser', { profile_id: 6 }, { token: operator.token, host: MAIN })).body.userInfo;
    expect(me).toMatchObject({
      domain: MAIN,
      companyname: '',
      senderid: 'OPSMS',
      paystackseckey: '',
      paystackseckeyending: '9d2f',
      recaptcha_secret_key: '',
      recaptchasecretkeyending: '77ab',
      domainverified: true,
    });
    holdsNoSecret(me);
    // The audit log names what changed, never the values.
    const audit = await gw.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'reseller_settings')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.profile_id).toBe(6);
    expect(JSON.parse(audit[0]!.details).fields).toEqual(expect.arrayContaining(['companyname', 'paystackseckey']));
    holdsNoSecret(audit);
  });

  it("sells the main host's credit with the operator's Paystack key, at its prices", async () => {
    const checked = await call(
      gw,
      'checksupcredit',
      { profile_id: client.profile_id, amount: '100' },
      {
        token: client.token,
        host: MAIN,
      },
    );
    expect(checked.body).toEqual({ error: { status: 'successful' } });
    const link = await call(
      gw,
      'paystack-link/',
      {
        profile_id: client.profile_id,
        amount: '100',
        currency: 'GHS',
        country: 'Ghana',
        title: 'SMS',
        description: '',
      },
      { token: client.token, host: MAIN },
    );
    expect(link.body.status).toBe(true);
    const tx = paystack.only();
    expect(tx).toMatchObject({ secretKey: SECRETS.paystackseckey, amount: 10_000, currency: 'GHS' });
    expect(tx.callbackUrl).toBe(`https://${MAIN}/smsgateway/paystack/callback`);
    const checkout = await gw.ctx.db
      .selectFrom('checkouts')
      .selectAll()
      .where('reference', '=', tx.reference)
      .executeTakeFirstOrThrow();
    expect(checkout).toMatchObject({ seller_id: 6, credits: 2000, rate: 0.05 });
    holdsNoSecret(link.body);
  });

  it('keeps a saved secret when it is left empty, and refuses test keys outside dev mode', async () => {
    expect((await save(operator, { paystackseckey: '', recaptcha_secret_key: '' })).body.status).toBe('successful');
    const row = await gw.ctx.db.selectFrom('domains').selectAll().where('host', '=', MAIN).executeTakeFirstOrThrow();
    expect(row).toMatchObject(SECRETS);
    const test = await save(operator, { paystackseckey: 'sk_test_abc' });
    expect(test.status).toBe(400);
    expect(test.body.error.message).toBe(
      'Paystack test keys (sk_test_, pk_test_) take no real money: please enter your live keys (sk_live_, pk_live_)',
    );
  });

  it("keeps the main host's name: it comes from MAIN_HOST", async () => {
    const moved = await save(operator, { domain: 'elsewhere.example', companyname: 'Moved' });
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toBe('The main domain cannot be changed');
    // Typed as a browser shows it, it is the same host.
    expect((await save(operator, { domain: `https://${MAIN.toUpperCase()}/` })).body.status).toBe('successful');
    expect((await details()).companyname).toBe('Accra Texts');
  });

  it("refuses a reseller the main host's settings (403, saying whose they are), and a client any settings", async () => {
    const refusal = `${MAIN} is the main host: only the platform's operator can change its settings`;
    for (const domain of [MAIN, `www.${MAIN}`, `https://${MAIN}/profile`]) {
      const res = await save(reseller, { domain, companyname: 'Hijack', ...SECRETS });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { status: 'failed', message: refusal } });
    }
    // Its own profile only: not the operator's.
    expect((await save({ ...reseller, profile_id: 6 }, { companyname: 'Hijack' })).status).toBe(403);
    const byClient = await save(client, { domain: MAIN, companyname: 'Hijack' });
    expect(byClient.status).toBe(403);
    expect(byClient.body).toEqual({ error: { status: 'failed', message: 'You are not allowed to do this' } });
    expect((await details()).companyname).toBe('Accra Texts');
    const row = await gw.ctx.db.selectFrom('domains').selectAll().where('host', '=', MAIN).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ profile_id: 6, ...SECRETS });
  });
});

describe("the operator's own credit", () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('never expires: the platform mints credit and buys none', async () => {
    const sup = await tokenFor(gw, 'supervisor');
    const demo = await tokenFor(gw, 'demouser');
    const past = Math.floor(gw.clock.now / 1000) - 86_400;
    await gw.ctx.db.updateTable('users').set({ creditexpires: past }).execute();
    const bySup = await sendSms(gw, sup.apikey, [sendItem({ sourceAddress: 'BULKSMS' })]);
    expect(bySup.status).toBe(200);
    expect(bySup.body.message).not.toMatch(/expired/);
    const info = (await call(gw, 'fetchuser', { profile_id: 6 }, { token: sup.token })).body.userInfo;
    expect(info.creditexpires).toBe(0);
    // Everyone else's credit still expires.
    const byDemo = await sendSms(gw, demo.apikey, [sendItem()]);
    expect(byDemo.body.error.message).toMatch(/^Your credit expired on /);
  });
});
