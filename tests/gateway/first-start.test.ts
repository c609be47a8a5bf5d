import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, type OperatorAccount } from '../../server/src/config';
import { OPERATOR_NEEDED, prepareDatabase } from '../../server/src/seed/first-start';
import { request } from 'node:http';
import { call, freshPostgres, login, makeTestApp, type TestGateway } from './helpers/test-app';
import { startGateway } from '../e2e/support/gateway';

// A production start must not depend on the demo's published passwords: an empty database gets
// profile 6 and the main domain from the OPERATOR_ variables, or the gateway does not start.

const PROD = { MAIN_HOST: 'sms.example.com', CARRIER_URL: 'sim' };
const OPERATOR_ENV = {
  OPERATOR_USERNAME: 'operator',
  OPERATOR_PASSWORD: 'a long passphrase',
  OPERATOR_EMAIL: 'ops@example.com',
  OPERATOR_PHONE: '0244000111',
};

describe('the OPERATOR_ variables', () => {
  it('are read together, checked as a sign-up is', () => {
    expect(configFromEnv({ ...PROD, ...OPERATOR_ENV }).operator).toEqual({
      username: 'operator',
      password: 'a long passphrase',
      email: 'ops@example.com',
      phone: '233244000111',
    });
    expect(configFromEnv(PROD).operator).toBeNull();
  });

  it.each([
    [
      { OPERATOR_EMAIL: '' },
      "OPERATOR_EMAIL must be set with OPERATOR_USERNAME, OPERATOR_PASSWORD, OPERATOR_PHONE: the four OPERATOR_ variables together create profile 6, the operator's account, at the first start",
    ],
    [{ OPERATOR_USERNAME: 'ops' }, 'OPERATOR_USERNAME is not a valid username: Username must be 5 or more characters'],
    [{ OPERATOR_USERNAME: 'ops@example' }, 'OPERATOR_USERNAME is not a valid username: Username cannot contain @'],
    [
      { OPERATOR_PASSWORD: 'abc12' },
      'OPERATOR_PASSWORD is not a valid password (it has 5 characters): Password must be more six characters',
    ],
    [
      { OPERATOR_PASSWORD: 'x'.repeat(129) },
      'OPERATOR_PASSWORD is not a valid password (it has 129 characters): Password must be 128 characters or fewer',
    ],
    [{ OPERATOR_EMAIL: 'ops.example.com' }, "OPERATOR_EMAIL must be an e-mail address; it is 'ops.example.com'"],
    [
      { OPERATOR_PHONE: '0244-ABC' },
      "OPERATOR_PHONE must be a mobile number such as 233241234567 (Mobile numbers must be only numbers); it is '0244-ABC'",
    ],
    [
      { OPERATOR_PHONE: '02440' },
      "OPERATOR_PHONE must be a mobile number such as 233241234567 (Mobile numbers not complete); it is '02440'",
    ],
  ])('stop the start on %j, naming the variable', (change, message) => {
    expect(() => configFromEnv({ ...PROD, ...OPERATOR_ENV, ...change })).toThrow(new ConfigError(message));
  });

  it('never repeat the password in a message', () => {
    expect(() => configFromEnv({ ...PROD, ...OPERATOR_ENV, OPERATOR_PASSWORD: 's3cr3' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('s3cr3') }),
    );
  });
});

describe('SEED_DEMO', () => {
  it('is refused outside dev mode unless MAIN_HOST is localhost', () => {
    expect(() => configFromEnv({ ...PROD, SEED_DEMO: '1' })).toThrow(
      new ConfigError(
        "SEED_DEMO=1 is refused outside dev mode unless MAIN_HOST is localhost: the demo accounts' passwords are published (MAIN_HOST is 'sms.example.com')",
      ),
    );
    expect(configFromEnv({ ...PROD, MAIN_HOST: 'localhost', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(configFromEnv({ GATEWAY_DEV: '1', MAIN_HOST: 'demo.example', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('does not go with the OPERATOR_ variables; in dev mode they turn the demo off', () => {
    expect(() => configFromEnv({ GATEWAY_DEV: '1', SEED_DEMO: '1', ...OPERATOR_ENV })).toThrow(
      /^SEED_DEMO=1 cannot go with the OPERATOR_ variables/,
    );
    expect(configFromEnv({ GATEWAY_DEV: '1', ...OPERATOR_ENV })).toMatchObject({ seedDemo: false });
  });
});

describe('the first start on an empty database', () => {
  let gw: TestGateway;
  const operator: OperatorAccount = configFromEnv({ ...PROD, ...OPERATOR_ENV }).operator!;
  beforeEach(async () => {
    gw = await makeTestApp({ demo: false, devMode: false, mainHost: 'sms.example.com' });
  });
  afterEach(() => gw.close());
  const details = (host: string) => gw.app.inject({ method: 'GET', url: '/smsgateway/api/domain', headers: { host } });

  it('answers 503 with a clear message while there is no main domain, never 500', async () => {
    const res = await details('sms.example.com');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { status: 'error', message: 'This service is not set up yet: it has no main domain for sms.example.com' },
    });
    const signIn = await call(
      gw,
      'login',
      { emailusername: 'operator', password: 'a long passphrase', domain: 'sms.example.com', domain_supid: 0 },
      { host: 'sms.example.com' },
    );
    expect(signIn.status).toBe(503);
  });

  it('refuses to start outside dev mode without the operator, naming the variables', async () => {
    await expect(prepareDatabase(gw.ctx, { seedDemo: false, operator: null, devMode: false })).rejects.toThrow(
      new ConfigError(OPERATOR_NEEDED),
    );
    expect(OPERATOR_NEEDED).toMatch(
      /^OPERATOR_USERNAME, OPERATOR_PASSWORD, OPERATOR_EMAIL and OPERATOR_PHONE must be set/,
    );
    expect(await gw.ctx.db.selectFrom('users').select('profile_id').execute()).toEqual([]);
  });

  it('creates profile 6 and the main domain from the OPERATOR_ variables: the main host works and the operator signs in', async () => {
    expect(await prepareDatabase(gw.ctx, { seedDemo: false, operator, devMode: false })).toBe('operator');
    const res = await details('sms.example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile_id: 6, domain: 'sms.example.com' });
    // An unknown host is served the main domain too.
    expect((await details('elsewhere.example')).json().profile_id).toBe(6);
    const me = await login(gw, 'operator', 'a long passphrase', 'sms.example.com');
    expect(me).toMatchObject({
      profile_id: 6,
      isAdmin: true,
      supid: 0,
      email: 'ops@example.com',
      telnumber: '233244000111',
      domain: 'sms.example.com',
    });
    // Profile 6's own calls work: its (empty) client list.
    expect((await call(gw, 'allusers', { profile_id: 6 }, { token: me.token, host: 'sms.example.com' })).status).toBe(
      200,
    );
    // A later start leaves the database as it is: the password is not written again.
    const again = { seedDemo: false, operator: { ...operator, password: 'another passphrase' }, devMode: false };
    expect(await prepareDatabase(gw.ctx, again)).toBeNull();
    expect((await login(gw, 'operator', 'a long passphrase', 'sms.example.com')).profile_id).toBe(6);
    // New accounts come after profile 6.
    const next = await call(
      gw,
      '/smsgateway/api/temporalsignup',
      {
        username: 'firstclient',
        cname: 'First',
        email: 'first@example.com',
        phone: '447700900123',
        country: 'United Kingdom',
        password: 'secret1',
        cpassword: 'secret1',
        referralcode: '',
        humanKey: '',
        supid: 6,
        domain: 'sms.example.com',
      },
      { host: 'sms.example.com' },
    );
    expect(next.body.error).toEqual({ status: 'successful' });
    const made = await call(gw, 'signup', { id: next.body.id }, { host: 'sms.example.com' });
    expect(made.body.userInfo).toMatchObject({ supid: 6 });
    expect(made.body.userInfo.profile_id).toBeGreaterThan(6);
  });

  it('refuses to start when MAIN_HOST names no domain of a database in use', async () => {
    await prepareDatabase(gw.ctx, { seedDemo: false, operator, devMode: false });
    const moved = { ...gw.ctx, mainHost: 'typo.example.com' };
    await expect(prepareDatabase(moved, { seedDemo: false, operator: null, devMode: false })).rejects.toThrow(
      new ConfigError(
        "MAIN_HOST must be the main domain's host (sms.example.com): the database has no domain for 'typo.example.com'",
      ),
    );
  });
});

/** A JSON POST to the gateway process as a browser on `host` would send it. */
function post(port: number, host: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: 'localhost', port, path, method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('the production start (the gateway process)', () => {
  it('refuses an empty database without the operator, and starts with it: the operator signs in on MAIN_HOST', async () => {
    const pgDb = await freshPostgres();
    const env = {
      GATEWAY_DEV: '0',
      SEED_DEMO: '0',
      MAIN_HOST: 'sms.example.com',
      CARRIER_URL: 'sim',
      SCRYPT_COST: '1024',
      DATABASE_URL: pgDb?.url ?? '',
      DIST_DIR: 'no-such-dist',
    };
    try {
      await expect(startGateway(env)).rejects.toThrow(
        /gateway exited with 1:\nCannot start the gateway: OPERATOR_USERNAME, OPERATOR_PASSWORD, OPERATOR_EMAIL and OPERATOR_PHONE must be set/,
      );
      const gateway = await startGateway({ ...env, ...OPERATOR_ENV });
      try {
        expect(gateway.output()).toContain('operator:   operator (profile 6) created with the main domain');
        expect(gateway.output()).not.toContain('a long passphrase');
        const signIn = await post(gateway.port, 'sms.example.com', '/smsgateway/api/frontend/login', {
          emailusername: 'operator',
          password: 'a long passphrase',
          domain: 'sms.example.com',
          domain_supid: 0,
        });
        expect(signIn.status).toBe(200);
        expect(signIn.body.userInfo).toMatchObject({ profile_id: 6, isAdmin: true, domain: 'sms.example.com' });
      } finally {
        await gateway.stop();
      }
    } finally {
      await pgDb?.drop();
    }
  }, 60_000);
});
