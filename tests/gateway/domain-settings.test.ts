import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestGateway, type Session } from './helpers/test-app';
import { logoPng } from '../../server/src/images/png';
import { createUser } from '../../server/src/seed/accounts';
import { LEGAL_PAGE_FORMAT } from '../../src/domain/brand/legal-pages';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const PRICES = {
  REGULAR: [
    { id: 1, price: 10, rate: 0.04, expiry: 0.25 },
    { id: 2, price: '100', rate: '0.035', expiry: 0.25 },
  ],
  PREMIUM: [{ id: 1, price: 50, rate: 0.05 }],
};

describe('update-domain-details/', () => {
  let gw: TestGateway;
  let acme: Session;
  let sup: Session;
  let demo: Session;
  beforeAll(async () => {
    gw = await makeTestApp();
    acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    sup = await login(gw, 'supervisor', 'supervisor123');
    demo = await login(gw, 'demouser', 'demo12345');
  });
  afterAll(() => gw.close());

  const save = (s: Session, body: Record<string, unknown>) =>
    call(
      gw,
      'update-domain-details/',
      { profile_id: s.profile_id, ...body },
      { token: s.token, host: 'acme.localhost' },
    );
  const details = async (host: string) =>
    (await gw.app.inject({ method: 'GET', url: `/smsgateway/api/domain?domain=${host}` })).json();

  it('saves a reseller’s settings: name, prices, referral, flags, keys', async () => {
    const res = await save(acme, {
      domain: 'acme.localhost',
      companyname: 'Acme SMS Ltd',
      localrate: JSON.stringify(PRICES),
      // One of the reseller's approved sender IDs (the demo approved ACME).
      senderid: 'ACME',
      enablereferral: true,
      referralpercentage: '15',
      usepaymentgateway: 'false',
      paystackseckey: 'sk_new',
      paystackpubkey: 'pk_new',
      recaptcha_site_key: 'site',
      recaptcha_secret_key: 'secret',
      enablereseller: 0,
      logo: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'successful',
      message: 'Domain details updated',
      logo: '/smsgateway/api/frontend/images/acme-logo.png',
    });
    const d = await details('acme.localhost');
    expect(d).toMatchObject({
      companyname: 'Acme SMS Ltd',
      referralpercentage: 0.15,
      enablereferral: true,
      usepaymentgateway: false,
      paystackpubkey: 'pk_new',
    });
    expect(JSON.parse(d.localrate)).toEqual({
      REGULAR: [
        { id: 1, price: 10, rate: 0.04, expiry: 0.25 },
        { id: 2, price: 100, rate: 0.035, expiry: 0.25 },
      ],
      PREMIUM: [{ id: 1, price: 50, rate: 0.05, expiry: 1 }],
    });
    const row = await gw.ctx.db
      .selectFrom('domains')
      .selectAll()
      .where('host', '=', 'acme.localhost')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      paystackseckey: 'sk_new',
      recaptcha_secret_key: 'secret',
      senderid: 'ACME',
      enablereseller: 0,
    });
  });

  it('refuses bad prices, referral percentages and sender IDs', async () => {
    const zeroRate = await save(acme, {
      localrate: JSON.stringify({ REGULAR: [{ id: 1, price: 10, rate: 0 }], PREMIUM: [] }),
    });
    expect(zeroRate.status).toBe(400);
    expect(zeroRate.body.error.message).toBe('Each price needs a numeric price and a numeric rate that is not zero');
    expect((await save(acme, { localrate: '{"REGULAR":[{"price":"ten","rate":0.03}]}' })).body.error.message).toBe(
      'Each price needs a numeric price and a numeric rate that is not zero',
    );
    expect((await save(acme, { localrate: '{not json' })).body.error.message).toBe('The price list is not valid');
    expect((await save(acme, { referralpercentage: '10.5' })).body.error.message).toBe(
      'Referral percentage must be a whole number',
    );
    expect((await save(acme, { referralpercentage: '150' })).body.error.message).toBe(
      'Referral percentage must be between 0 and 100',
    );
    expect((await save(acme, { senderid: '12345' })).body.error.message).toBe(
      'Sorry we dont accept numbers only as sender ids',
    );
    expect(JSON.parse((await details('acme.localhost')).localrate).REGULAR).toHaveLength(2);
  });

  it('stores a real PNG logo under a random name and serves it back', async () => {
    const png = logoPng(16, [0, 0, 0], [255, 255, 255]);
    const res = await save(acme, { logo: dataUrl('image/png', png), backgroundImage: dataUrl('image/png', png) });
    expect(res.body.status).toBe('successful');
    expect(res.body.logo).toMatch(/^\/smsgateway\/api\/frontend\/images\/[0-9a-f]{32}\.png$/);
    expect(res.body.backgroundImage).not.toBe(res.body.logo);
    expect((await details('acme.localhost')).logo).toBe(res.body.logo);
    const served = await gw.app.inject({ method: 'GET', url: res.body.logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
    // Sending the stored URL back (absolute or not) keeps the image.
    const kept = await save(acme, { logo: `http://acme.localhost:8080${res.body.logo}` });
    expect(kept.body.logo).toBe(res.body.logo);
  });

  it('refuses a fake image, a type mismatch, other URLs and files over 2 MiB', async () => {
    const before = (await details('acme.localhost')).logo;
    const text = Buffer.from('this is a text file renamed logo.png');
    for (const logo of [
      dataUrl('image/png', text),
      dataUrl('image/jpeg', logoPng(8, [1, 2, 3], [4, 5, 6])),
      dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      'https://evil.example/logo.png',
      '/smsgateway/api/frontend/images/missing.png',
      'data:image/png;base64,@@@@',
    ]) {
      const res = await save(acme, { logo });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ status: 'failed', message: 'Kindly select an image file' });
    }
    const big = Buffer.concat([logoPng(8, [1, 2, 3], [4, 5, 6]), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await save(acme, { logo: dataUrl('image/png', big) });
    expect(tooBig.body.error.message).toBe('Kindly select an image of at most 2 MB');
    expect((await details('acme.localhost')).logo).toBe(before);
  });

  it('accepts the other image types by their magic bytes', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20)]);
    expect((await save(acme, { logo: dataUrl('image/gif', gif) })).body.logo).toMatch(/\.gif$/);
    expect((await save(acme, { logo: dataUrl('image/jpeg', jpg) })).body.logo).toMatch(/\.jpg$/);
  });

  it('a new reseller creates its domain; hosts are checked and cannot be taken', async () => {
    const fresh = await createUser(gw.ctx, {
      username: 'newreseller',
      password: 'reseller1',
      supid: 6,
      isAdmin: 1,
      accountType: 'RESELLER',
    });
    const me = await login(gw, 'newreseller', 'reseller1');
    const noHost = await save(me, { companyname: 'New' });
    expect(noHost.body.error.message).toBe('Please enter your domain name');
    expect((await save(me, { domain: 'not a host!' })).body.error.message).toBe(
      'Please enter a valid domain name, e.g. sms.example.com',
    );
    expect((await save(me, { domain: 'acme.localhost' })).body.error.message).toBe('That domain is already in use');
    // The main host is the operator's: a 403 that says so (tests/gateway/main-domain-settings.test.ts).
    const main = await save(me, { domain: 'LOCALHOST' });
    expect(main.status).toBe(403);
    expect(main.body.error.message).toBe(
      "localhost is the main host: only the platform's operator can change its settings",
    );
    const created = await save(me, { domain: 'https://SMS.New-Reseller.example/', companyname: 'New SMS' });
    const token = created.body.domainverifytoken as string;
    expect(created.body).toMatchObject({
      status: 'successful',
      message: `Domain sms.new-reseller.example created. It goes live once verified: add a DNS TXT record _bulksms-verification.sms.new-reseller.example with the value ${token}, then press Verify.`,
      domainverified: false,
      domainverifyname: '_bulksms-verification.sms.new-reseller.example',
    });
    // Not live until verified (docs/api.md#domains): the host shows the main brand meanwhile.
    expect((await details('sms.new-reseller.example')).profile_id).toBe(6);
    gw.ctx.resolveTxt = async (name) =>
      name === '_bulksms-verification.sms.new-reseller.example' ? [[token.slice(0, 10), token.slice(10)]] : [];
    const verified = await call(gw, 'verify-domain/', { profile_id: me.profile_id }, { token: me.token });
    expect(verified.body).toMatchObject({ status: 'successful', domainverified: true });
    expect(await details('sms.new-reseller.example')).toMatchObject({
      profile_id: fresh.profile_id,
      companyname: 'New SMS',
    });
    // A second save updates the same row; the host may move to a free name, which must be verified again.
    const moved = await save(me, { domain: 'sms2.new-reseller.example' });
    expect(moved.body.message).toMatch(/^Domain details updated\. It goes live once verified: /);
    expect((await details('sms2.new-reseller.example')).profile_id).toBe(6);
    expect((await details('sms.new-reseller.example')).profile_id).toBe(6);
  });

  it.each([['127.0.0.1'], ['10.0.0.8'], ['[::1]'], ['intranet'], ['localhost.localdomain']])(
    'refuses to let a reseller claim %s',
    async (host) => {
      const res = await save(acme, { domain: host });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(
        /^(Please enter a valid domain name, e\.g\. sms\.example\.com|That domain cannot be used: please enter a domain name of your own|That domain is already in use)$/,
      );
      expect((await details('acme.localhost')).companyname).not.toBe('');
    },
  );

  it.each([['www.localhost'], ['localhost'], ['WWW.LOCALHOST.']])(
    'refuses a reseller the main host %s with a 403',
    async (host) => {
      const res = await save(acme, { domain: host });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        "localhost is the main host: only the platform's operator can change its settings",
      );
      expect((await details('acme.localhost')).profile_id).toBe(acme.profile_id);
    },
  );

  it("keeps a claimed host on the main brand until the gateway sees its TXT record; logins there stay the main host's", async () => {
    const mine = await save(acme, { domain: 'sms.acme-claims.example' });
    expect(mine.body.domainverified).toBe(false);
    // The owner's user info carries what to publish; nobody else's (profile 6's client list) does.
    const info = (
      await call(gw, 'fetchuser', { profile_id: acme.profile_id }, { token: acme.token, host: 'acme.localhost' })
    ).body.userInfo;
    expect(info).toMatchObject({
      domainverified: false,
      domainverifyname: '_bulksms-verification.sms.acme-claims.example',
      domainverifytoken: mine.body.domainverifytoken,
    });
    const listed = (await call(gw, 'allusers', { profile_id: 6 }, { token: sup.token })).body.users.find(
      (u: { username: string }) => u.username === 'acmeadmin',
    );
    expect(listed).not.toHaveProperty('domainverifytoken');
    expect(
      (await call(gw, 'fetchuser', { profile_id: demo.profile_id }, { token: demo.token })).body.userInfo,
    ).toMatchObject({ domainverified: true, domainverifytoken: '' });
    expect((await details('sms.acme-claims.example')).profile_id).toBe(6);
    gw.ctx.resolveTxt = async () => [['bulksms-verify=somebody-elses-token']];
    const wrong = await call(
      gw,
      'verify-domain/',
      { profile_id: acme.profile_id },
      { token: acme.token, host: 'acme.localhost' },
    );
    expect(wrong.body).toMatchObject({ status: 'failed', domainverified: false });
    expect(wrong.body.message).toMatch(
      /^No TXT record _bulksms-verification\.sms\.acme-claims\.example with the value bulksms-verify=/,
    );
    gw.ctx.resolveTxt = async () => {
      throw new Error('ENOTFOUND');
    };
    expect((await call(gw, 'verify-domain/', { profile_id: acme.profile_id }, { token: acme.token })).body.status).toBe(
      'failed',
    );
    expect((await details('sms.acme-claims.example')).profile_id).toBe(6);
    // Back to its dev-mode *.localhost host: live at once.
    expect((await save(acme, { domain: 'acme.localhost' })).body.domainverified).toBe(true);
    expect((await details('acme.localhost')).profile_id).toBe(acme.profile_id);
  });

  it('guards roles and ownership; the main domain keeps its host', async () => {
    expect((await save(demo, { companyname: 'Mine' })).status).toBe(403);
    expect((await save(acme, { profile_id: 6, companyname: 'Hijack' })).status).toBe(403);
    expect((await call(gw, 'update-domain-details/', { companyname: 'x' })).status).toBe(401);
    expect((await save(sup, { domain: 'elsewhere.example' })).body.error.message).toBe(
      'The main domain cannot be changed',
    );
    expect((await save(sup, { domain: 'localhost', companyname: 'Bulk SMS Ghana Ltd' })).body.status).toBe(
      'successful',
    );
    expect((await details('localhost')).companyname).toBe('Bulk SMS Ghana Ltd');
    expect((await details('acme.localhost')).companyname).toBe('Acme SMS Ltd');
  });
  it('links the owner’s own terms and privacy pages: https addresses only, cleared by an empty one', async () => {
    const terms = 'https://acme.example.com/terms';
    expect(
      (await save(acme, { termsurl: ` ${terms} `, privacyurl: 'https://acme.example.com/privacy?v=2' })).status,
    ).toBe(200);
    expect(await details('acme.localhost')).toMatchObject({
      termsurl: terms,
      privacyurl: 'https://acme.example.com/privacy?v=2',
    });
    const mine = (
      await call(gw, 'fetchuser', { profile_id: acme.profile_id }, { token: acme.token, host: 'acme.localhost' })
    ).body.userInfo;
    expect(mine).toMatchObject({ termsurl: terms, privacyurl: 'https://acme.example.com/privacy?v=2' });
    // The main host's visitors see the operator's (none), never a reseller's.
    expect(await details('localhost')).toMatchObject({ termsurl: '', privacyurl: '' });
    for (const bad of [
      'javascript:alert(1)',
      'http://acme.example.com/terms',
      'https://user:pass@acme.example.com/terms',
      'acme.example.com/terms',
      'https://localhost/terms',
      `https://acme.example.com/${'t'.repeat(500)}`,
      42,
    ]) {
      const res = await save(acme, { termsurl: bad });
      expect([bad, res.status, res.body.error?.message]).toEqual([bad, 400, LEGAL_PAGE_FORMAT]);
    }
    expect((await details('acme.localhost')).termsurl).toBe(terms);
    expect((await save(acme, { privacyurl: '' })).status).toBe(200);
    expect(await details('acme.localhost')).toMatchObject({ termsurl: terms, privacyurl: '' });
  });
});
