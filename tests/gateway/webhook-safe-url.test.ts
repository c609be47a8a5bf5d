// Where a webhook or a send's callbackUrl may go outside dev mode (docs/api-v1.md#webhooks): only a
// public IPv4 address or a global unicast IPv6 one. The IPv6 forms that carry an IPv4 address
// (mapped, compatible, translated, NAT64, 6to4, Teredo) are judged by the IPv4 address they carry, when
// the endpoint is made and again on the addresses each delivery connects to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnsafeAddress } from '../../server/src/integrations/webhooks/safe-url';
import { postWebhook } from '../../server/src/integrations/webhooks/post';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';

/** Each refused form: what it is, and the address. */
const REFUSED_V6: ReadonlyArray<[string, string]> = [
  ['IPv4-compatible 127.0.0.1', '::7f00:1'],
  ['IPv4-compatible 169.254.169.254', '::a9fe:a9fe'],
  ['IPv4-compatible, dotted', '::127.0.0.1'],
  ['IPv4-translated 127.0.0.1', '::ffff:0:7f00:1'],
  ['IPv4-translated 10.0.0.1, dotted', '::ffff:0:10.0.0.1'],
  ['IPv4-mapped 127.0.0.1', '::ffff:7f00:1'],
  ['IPv4-mapped 10.0.0.1, dotted', '::ffff:10.0.0.1'],
  ['local-use NAT64 (64:ff9b:1::/48), whatever it carries', '64:ff9b:1::101:101'],
  ['local-use NAT64 of the metadata address', '64:ff9b:1::a9fe:a9fe'],
  ['well-known NAT64 of 127.0.0.1', '64:ff9b::7f00:1'],
  ['well-known NAT64 of 169.254.169.254', '64:ff9b::169.254.169.254'],
  ['6to4 of 127.0.0.1', '2002:7f00:1::1'],
  ['6to4 of 169.254.169.254', '2002:a9fe:a9fe::'],
  ['6to4 of 10.1.2.3', '2002:a01:203:1::5'],
  ['Teredo whose server is 127.0.0.1', '2001:0:7f00:1:0:0:fefe:fefe'],
  ['Teredo whose client is 127.0.0.1 (XOR 0xffffffff)', '2001:0:101:101:0:0:80ff:fffe'],
  ['Teredo of the documentation client 192.0.2.45', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['site-local (fec0::/10)', 'fec0::1'],
  ['documentation (3fff::/20)', '3fff::1'],
  ['documentation (2001:db8::/32)', '2001:db8::1'],
  ['IETF protocol assignments (2001::/23)', '2001:2::1'],
  ['outside global unicast (4000::/3)', '4000::1'],
  ['SRv6 SIDs (5f00::/16)', '5f00::1'],
  ['discard-only (100::/64)', '100::1'],
  ['loopback', '::1'],
  ['unspecified', '::'],
  ['unique local', 'fd00:ec2::254'],
  ['link-local', 'fe80::1'],
  ['multicast', 'ff02::1'],
];

const REFUSED_V4 = ['127.0.0.1', '10.1.2.3', '169.254.169.254', '172.16.0.1', '192.168.1.5', '100.64.0.1', '0.0.0.0'];
const PUBLIC = [
  '1.1.1.1',
  '93.184.216.34',
  '2606:4700::1111',
  '2a00:1450:4001:82a::200e',
  '64:ff9b::101:101', // well-known NAT64 of 1.1.1.1: what DNS64 answers on an IPv6-only network
  '2002:101:101::1', // 6to4 of 1.1.1.1
  '2001:0:101:101:0:0:fefe:fefe', // Teredo: server 1.1.1.1, client 1.1.1.1
  '::ffff:1.1.1.1',
];

describe('an address a webhook may reach outside dev mode', () => {
  it.each(REFUSED_V6)('refuses %s (%s)', (_, address) => {
    expect(isUnsafeAddress(address)).toBe(true);
  });

  it('still refuses the IPv4 ranges it refused', () => {
    expect(REFUSED_V4.filter((a) => !isUnsafeAddress(a))).toEqual([]);
  });

  it('lets public addresses through', () => {
    expect(PUBLIC.filter((a) => isUnsafeAddress(a))).toEqual([]);
  });

  it('refuses what is not an address, and a scoped one', () => {
    expect(isUnsafeAddress('example.com')).toBe(true);
    expect(isUnsafeAddress('fe80::1%eth0')).toBe(true);
    expect(isUnsafeAddress('2606:4700::1111%eth0')).toBe(true);
  });
});

describe('through the API in production mode', () => {
  let gw: TestGateway;
  let key: { secret: string };
  /** The test resolver: each host name maps to one address. */
  const addresses: Record<string, string> = {};

  beforeAll(async () => {
    gw = await makeTestApp();
    const demo = await account(gw, 'demouser');
    key = await makeKey(gw, demo.token, {
      mode: 'test',
      scopes: ['messages:send', 'messages:read', 'webhooks:manage'],
    });
    gw.ctx.devMode = false;
    gw.ctx.lookupHost = async (host) => {
      const address = addresses[host] ?? '127.0.0.1';
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
  });
  afterAll(() => gw.close());

  const createEndpoint = (url: string) =>
    v1(gw, 'POST', '/webhook-endpoints', { auth: key.secret, body: { url, events: ['message.delivered'] } });

  it('refuses each IPv6 form as a literal and behind a host name, for an endpoint and a callbackUrl', async () => {
    const accepted: string[] = [];
    for (const [i, [, address]] of REFUSED_V6.entries()) {
      addresses[`h${i}.example.com`] = address;
      for (const url of [`https://[${address}]/hook`, `https://h${i}.example.com/hook`]) {
        const made = await createEndpoint(url);
        if (made.status !== 422 || made.body.error?.code !== 'unsafe_url') accepted.push(`${url} ${made.status}`);
        const sent = await v1(gw, 'POST', '/messages', {
          auth: key.secret,
          body: { from: 'DEMO', to: ['233241000110'], text: 'Hi', callbackUrl: url },
        });
        if (sent.status !== 422 || sent.body.error?.param !== 'callbackUrl') accepted.push(`callback ${url}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('accepts a public IPv6 address', async () => {
    addresses['v6.example.com'] = '2606:4700::1111';
    for (const url of ['https://[2606:4700::1111]/hook', 'https://v6.example.com/hook']) {
      const made = await createEndpoint(url);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
  });
});

describe('at connect', () => {
  const options = (address: string) => ({
    timeoutMs: 2_000,
    publicOnly: true,
    resolve: async () => [{ address, family: 6 }],
  });

  it.each(['::ffff:0:7f00:1', '::7f00:1', '2002:7f00:1::1', '64:ff9b::7f00:1', '2001:0:7f00:1::'])(
    'does not connect to a host that resolves to %s',
    async (address) => {
      const outcome = await postWebhook(new URL('https://rebind.example.com/hook'), {}, '{}', options(address));
      expect(outcome).toMatchObject({ statusCode: null });
      expect(outcome.error).toContain('may not reach');
    },
  );

  it('does not connect to such a literal', async () => {
    const outcome = await postWebhook(new URL('https://[::a9fe:a9fe]/hook'), {}, '{}', options('::1'));
    expect(outcome).toMatchObject({ statusCode: null, error: 'The URL is not an https URL on a public address' });
  });
});
