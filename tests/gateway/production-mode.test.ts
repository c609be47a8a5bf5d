import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../server/src/config';
import { safeRequest } from '../../server/src/http/logging';
import { login, makeTestApp, type TestGateway } from './helpers/test-app';
import { startFakePaystack, type FakePaystack } from './helpers/fake-paystack';

// Production mode registers none of the demo's routes, and a bad configuration stops the start.

const SMPP = 'smpp://gateway:s3cr%40t@smsc.example.net:2775?window=20&tps=50';

describe('production mode (GATEWAY_DEV off)', () => {
  let gw: TestGateway;
  let paystack: FakePaystack;
  beforeAll(async () => {
    paystack = await startFakePaystack(['sk_test_main']);
    gw = await makeTestApp({ devMode: false, paystackBaseUrl: paystack.url });
    await gw.app.ready();
  });
  afterAll(async () => {
    await gw.close();
    await paystack.close();
  });

  it('registers no dev inbox, no dev mailbox and no simulated checkout', () => {
    const routes = `${gw.app.printRoutes({ commonPrefix: false })}`;
    expect(routes).not.toMatch(/dev\/carrier|\/dev\b/);
    expect(routes).not.toMatch(/\/pay\//);
    for (const url of [
      '/smsgateway/dev/carrier?to=233241234567',
      '/smsgateway/dev/carrier/summary?jobId=x',
      '/smsgateway/dev/mail?to=demo@example.com',
      '/smsgateway/pay/abcdefghijklmnopqrstuvwxyz',
    ]) {
      expect(gw.app.hasRoute({ method: 'GET', url: url.split('?')[0]! })).toBe(false);
    }
  });

  it('gives only Paystack payment links, so no credit can be had without a real payment', async () => {
    const demo = await login(gw, 'demouser', 'demo12345');
    const res = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/frontend/paystack-link/',
      payload: { profile_id: demo.profile_id, amount: 20, currency: 'GHS' },
      headers: { host: 'localhost', authorization: `Bearer ${demo.token}` },
    });
    const tx = paystack.only();
    expect(res.json()).toEqual({ status: true, link: `${paystack.url}/checkout/${tx.accessCode}` });
    // Behind the TLS proxy production requires, the way back is https.
    expect(tx.callbackUrl).toBe('https://localhost/smsgateway/paystack/callback');
    const row = await gw.ctx.db.selectFrom('checkouts').select(['provider', 'status']).executeTakeFirstOrThrow();
    expect(row).toEqual({ provider: 'paystack', status: 'pending' });
  });

  it('sends the security headers beside the CSP', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/smsgateway/api/domain', headers: { host: 'localhost' } });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the configuration, read once at start', () => {
  it.each([
    [{ PORT: 'eighty' }, "PORT must be a whole number from 0 to 65535; it is 'eighty'"],
    [{ PORT: '70000' }, "PORT must be a whole number from 0 to 65535; it is '70000'"],
    [{ MAX_BODY_BYTES: '1e9' }, "MAX_BODY_BYTES must be a whole number from 1024 to 67108864; it is '1e9'"],
    [{ SEED_DEMO: 'yes' }, "SEED_DEMO must be 1 or 0; it is 'yes'"],
    [
      { PAYSTACK_BASE_URL: 'paystack' },
      "PAYSTACK_BASE_URL must be a URL such as https://api.paystack.co; it is 'paystack'",
    ],
    [
      { PAYSTACK_BASE_URL: 'ftp://127.0.0.1/' },
      'PAYSTACK_BASE_URL must be an http(s) URL without query or credentials, such as https://api.paystack.co',
    ],
    [{ MAX_PURCHASE_GHS: '0' }, "MAX_PURCHASE_GHS must be a whole number from 1 to 1000000000; it is '0'"],
    [
      { DATABASE_URL: 'mysql://x' },
      "DATABASE_URL must be a PostgreSQL connection string (postgres://user:password@host:5432/db); it starts 'mysql://x'",
    ],
  ])('stops on %j with a message naming it', (env, message) => {
    expect(() => configFromEnv({ GATEWAY_DEV: '1', ...env })).toThrow(new ConfigError(message));
  });

  it('needs MAIN_HOST outside dev mode, and seeds no demo accounts there unless asked on localhost', () => {
    expect(() => configFromEnv({})).toThrow(/^MAIN_HOST must be set outside dev mode/);
    expect(() => configFromEnv({ MAIN_HOST: 'sms.example.com' })).toThrow(/^CARRIER_URL must be set outside dev mode/);
    expect(configFromEnv({ MAIN_HOST: 'sms.example.com', CARRIER_URL: SMPP })).toMatchObject({
      devMode: false,
      seedDemo: false,
      mainHost: 'sms.example.com',
    });
    // The demo's passwords are published: a real host never gets them.
    expect(() => configFromEnv({ MAIN_HOST: 'sms.example.com', CARRIER_URL: SMPP, SEED_DEMO: '1' })).toThrow(
      /^SEED_DEMO=1 is refused outside dev mode unless MAIN_HOST is localhost/,
    );
    expect(configFromEnv({ MAIN_HOST: 'localhost', CARRIER_URL: SMPP, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(configFromEnv({ GATEWAY_DEV: '1' })).toMatchObject({ devMode: true, seedDemo: true, mainHost: 'localhost' });
  });

  it('pays through Paystack outside dev mode, and through the simulated page in dev mode unless PAYSTACK_BASE_URL is set', () => {
    expect(configFromEnv({ MAIN_HOST: 'sms.example.com', CARRIER_URL: 'sim' }).paystackBaseUrl).toBe(
      'https://api.paystack.co',
    );
    expect(configFromEnv({ GATEWAY_DEV: '1' }).paystackBaseUrl).toBeNull();
    expect(configFromEnv({ GATEWAY_DEV: '1', PAYSTACK_BASE_URL: 'http://127.0.0.1:4010/' }).paystackBaseUrl).toBe(
      'http://127.0.0.1:4010',
    );
  });
});

describe('request logs', () => {
  it('hold the method and path only, with no query and no checkout reference', () => {
    expect(safeRequest({ method: 'GET', url: '/smsgateway/pay/Abc_123-xyzXYZ0123456789?x=1' })).toEqual({
      method: 'GET',
      url: '/smsgateway/pay/[reference]',
    });
    expect(safeRequest({ method: 'GET', url: '/smsgateway/api/domain?domain=a.example' })).toEqual({
      method: 'GET',
      url: '/smsgateway/api/domain',
    });
  });
});
