import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registered } from '../../server/src/http/register';
import { login, makeTestApp, type TestGateway } from './helpers/test-app';

// Malformed input is a 400 with a message, never a 500. Every registered POST route gets
// bodies whose every usual field has the wrong type, a non-finite or huge number, or broken Unicode.

const FIELDS = [
  'profile_id',
  'id',
  'pageNum',
  'search',
  'amount',
  'rate',
  'currency',
  'clientprofile_id',
  'message_id',
  'shortMessage',
  'sourceAddress',
  'messageDescription',
  'expectedDeliveryTime',
  'recurringPeriod',
  'recurringInterval',
  'pendingsenderid',
  'accountType',
  'username',
  'email',
  'password',
  'emailusername',
  'domain',
  'domain_supid',
  'groupname',
  'groupid',
  'arrayofgroups',
  'arrayofContacts',
  'firstname',
  'surname',
  'middlename',
  'phonenumber',
  'birthday',
  'excelData',
  'companyname',
  'localrate',
  'logo',
  'backgroundImage',
  'senderid',
  'enablereferral',
  'referralpercentage',
  'usepaymentgateway',
  'paystackseckey',
  'paystackpubkey',
  'recaptcha_secret_key',
  'recaptcha_site_key',
  'enablereseller',
  'resetCode',
  'newPassword',
  'confirmNewPassword',
  'code',
  'codeId',
  'temporalid',
  'subscriber',
  'phone',
  'cname',
  'cpassword',
  'country',
  'referralcode',
  'messageobject',
  'title',
  'description',
  'humanKey',
  'supid',
];

const WEIRD: [string, unknown][] = [
  ['arrays', ['a', 'b']],
  ['objects', { $gt: '' }],
  ['negative numbers', -1],
  ['huge numbers', 1e308],
  ['fractions', 0.000001],
  ['booleans', true],
  ['null', null],
  ['lone surrogates', 'AB\ud800C'],
  ['long text', 'x'.repeat(200_000)],
  ['NUL bytes', 'ab\u0000c'],
  ['numbers past 32 bits', 2 ** 31],
  ['numeric text past 32 bits', '9007199254740993'],
  ['prototype keys', { __proto__: { admin: true }, constructor: 'x' }],
];

const bodyOf = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
/** Every path of the app's calls, as the registrar registered them. */
const paths = () =>
  [...registered.values()]
    .filter((r) => r.api === 'app')
    .map((r) => r.path)
    .sort();

/** Each of these sends one body to every route: 10-20 s on a busy CI machine. */
const ROUTES_TIMEOUT = 90_000;

describe('malformed input on every route is refused, never a 500', () => {
  let gw: TestGateway;
  let sup: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    gw = await makeTestApp();
    await gw.app.ready();
    sup = await login(gw, 'supervisor', 'supervisor123');
  });
  afterAll(() => gw.close());

  const post = (url: string, payload: string) =>
    gw.app.inject({
      method: 'POST',
      url: encodeURI(url.replace(/:\w+/g, '1')),
      payload,
      headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${sup.token}` },
    });

  it.each(WEIRD)(
    'every field as %s',
    async (_, value) => {
      const failures: string[] = [];
      for (const path of paths()) {
        const res = await post(path, JSON.stringify(bodyOf(value)));
        if (res.statusCode >= 500) failures.push(`${path} ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
    },
    ROUTES_TIMEOUT,
  );

  it.each([
    ['a number beyond double range', '1e400'],
    ['a body that is an array', '[1,2]'],
    ['a body that is a string', '"x"'],
    ['broken JSON', '{"profile_id":'],
    ['every field as arrays nested 5,000 deep', 'deep'],
  ])(
    'every route given %s',
    async (_, raw) => {
      const failures: string[] = [];
      const everyField = (value: string) => `{${FIELDS.map((f) => `"${f}":${value}`).join(',')}}`;
      for (const path of paths()) {
        const payload =
          raw === '1e400'
            ? everyField('1e400')
            : raw === 'deep'
              ? everyField('['.repeat(5000) + ']'.repeat(5000))
              : raw;
        const res = await post(path, payload);
        if (res.statusCode >= 500) failures.push(`${path} ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
    },
    ROUTES_TIMEOUT,
  );

  it.each([
    ['a repeated domain', '/smsgateway/api/domain?domain=a&domain=b'],
    ['a bracketed domain', '/smsgateway/api/domain?domain[x]=1'],
    ['a 5,000-letter domain', `/smsgateway/api/domain?domain=${'a'.repeat(5000)}`],
    ['a lone surrogate', '/smsgateway/api/domain?domain=%ED%A0%80'],
    ['a repeated inbox number', '/smsgateway/dev/carrier?to=1&to=2'],
    ['a repeated job id', '/smsgateway/dev/carrier/summary?jobId=a&jobId=b'],
    ['a repeated manifest query', '/manifest.webmanifest?x=1&x=2'],
  ])('GET with %s is answered without a 500', async (_, url) => {
    const res = await gw.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses a lone surrogate before it is stored: the sender-ID calls of that account keep working', async () => {
    const demo = await login(gw, 'demouser', 'demo12345');
    const asked = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/frontend/senderidrequest',
      payload: JSON.stringify({ profile_id: demo.profile_id, pendingsenderid: 'AB\ud800C' }),
      headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${demo.token}` },
    });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error.message).toBe('The request holds text that is not valid Unicode: please retype it');
    const after = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/frontend/senderidrequest',
      payload: { profile_id: demo.profile_id, pendingsenderid: 'GOODID' },
      headers: { host: 'localhost', authorization: `Bearer ${demo.token}` },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().userInfo.pendingsenderid).toContain('GOODID');
  });

  it('says what is wrong with a repeated query field', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/smsgateway/api/domain?domain=a&domain=b',
      headers: { host: 'localhost' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { status: 'failed', message: 'Invalid query: domain must be one host name' } });
  });
});
