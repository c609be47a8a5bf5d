// Behind a reverse proxy (docs/operations.md#several-instances): with TRUST_PROXY naming it, a key's
// allowed addresses see the client its X-Forwarded-For names; from any other address, or without
// TRUST_PROXY, the header is ignored, so a client cannot choose its own address.
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { ConfigError, configFromEnv } from '../../server/src/config';

const PROXY = '10.0.0.5';
const CLIENT = '203.0.113.7';

let gw: TestGateway;
afterEach(() => gw.close());

async function keyFor(options: Parameters<typeof makeTestApp>[0]) {
  gw = await makeTestApp(options);
  const demo = await account(gw, 'demouser');
  const key = await makeKey(gw, demo.token, { allowedIps: [CLIENT] });
  return (remoteAddress: string, forwardedFor?: string) =>
    v1(gw, 'GET', '/balance', {
      auth: key.secret,
      remoteAddress,
      ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
    });
}

describe('the client address behind a proxy', () => {
  it('is the forwarded one only when the request comes from a proxy TRUST_PROXY names', async () => {
    const balance = await keyFor({ trustProxy: [PROXY, '10.0.1.0/24'] });
    expect((await balance(PROXY, CLIENT)).status).toBe(200);
    expect((await balance('10.0.1.9', CLIENT)).status).toBe(200);
    // The proxy's own address is not the client's, and a client outside forging the header gains nothing.
    expect((await balance(PROXY)).body.error?.code).toBe('ip_not_allowed');
    expect((await balance('198.51.100.9', CLIENT)).body.error?.code).toBe('ip_not_allowed');
    // A client that puts its own header before the proxy's: the proxy appends the real address last.
    expect((await balance(PROXY, `${CLIENT}, 198.51.100.9`)).body.error?.code).toBe('ip_not_allowed');
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const balance = await keyFor({});
    expect((await balance(PROXY, CLIENT)).body.error?.code).toBe('ip_not_allowed');
    expect((await balance(CLIENT)).status).toBe(200);
  });

  it('reads TRUST_PROXY as addresses and CIDR blocks, refusing anything else with its name', () => {
    gw = { close: async () => {} } as unknown as TestGateway;
    const env = { GATEWAY_DEV: '1' };
    expect(configFromEnv(env).trustProxy).toEqual([]);
    expect(configFromEnv({ ...env, TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,2001:db8::/32' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '2001:db8::/32',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.internal', '10.0.0.5/24/1'])
      expect(() => configFromEnv({ ...env, TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    expect(() => configFromEnv({ ...env, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must list/);
  });
});
