import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../../server/src/config';
import { safeRequest } from '../../../server/src/app';
import { login, makeTestApp, type TestGateway } from './helpers/test-app';

// Issue 11: production mode registers none of the demo's routes, and a bad configuration stops the start.

describe('production mode (GATEWAY_DEV off)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp({ devMode: false });
    await gw.app.ready();
  });
  afterAll(() => gw.close());

  it('registers no dev inbox and no simulated checkout', () => {
    const routes = `${gw.app.printRoutes({ commonPrefix: false })}`;
    expect(routes).not.toMatch(/dev\/carrier|\/dev\b/);
    expect(routes).not.toMatch(/\/pay\//);
    for (const url of [
      '/smsgateway/dev/carrier?to=233241234567',
      '/smsgateway/dev/carrier/summary?jobId=x',
      '/smsgateway/pay/abcdefghijklmnopqrstuvwxyz',
    ]) {
      expect(gw.app.hasRoute({ method: 'GET', url: url.split('?')[0]! })).toBe(false);
    }
  });

  it('gives no payment link, so no credit can be had without a real payment', async () => {
    const demo = await login(gw, 'demouser', 'demo12345');
    const res = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/frontend/paystack-link/',
      payload: { profile_id: demo.profile_id, amount: 20, currency: 'GHS' },
      headers: { host: 'localhost', authorization: `Bearer ${demo.token}` },
    });
    expect(res.json()).toEqual({
      status: false,
      error: {
        status: 'failed',
        message: 'Card payments are not available on this server yet, please contact your provider',
      },
    });
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
      { DATABASE_URL: 'mysql://x' },
      "DATABASE_URL must be a PostgreSQL connection string (postgres://user:password@host:5432/db); it starts 'mysql://x'",
    ],
  ])('stops on %j with a message naming it', (env, message) => {
    expect(() => configFromEnv({ GATEWAY_DEV: '1', ...env })).toThrow(new ConfigError(message));
  });

  it('needs MAIN_HOST outside dev mode, and seeds no demo accounts there unless asked', () => {
    expect(() => configFromEnv({})).toThrow(/^MAIN_HOST must be set outside dev mode/);
    expect(configFromEnv({ MAIN_HOST: 'sms.example.com' })).toMatchObject({
      devMode: false,
      seedDemo: false,
      mainHost: 'sms.example.com',
    });
    expect(configFromEnv({ MAIN_HOST: 'sms.example.com', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(configFromEnv({ GATEWAY_DEV: '1' })).toMatchObject({ devMode: true, seedDemo: true, mainHost: 'localhost' });
  });
});

describe('request logs (issue 11)', () => {
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
