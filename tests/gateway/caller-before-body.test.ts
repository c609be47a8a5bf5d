// A request's caller is checked before its body is read (http/register.ts): parsing a
// megabyte of JSON holds the event loop for 100 ms and more, so a request without a valid session or
// key is refused before its body is parsed, and a public call (sign-in, sign-up) takes small bodies only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BODY_LIMIT, registered } from '../../server/src/http/register';
import { login, makeTestApp, type TestGateway } from './helpers/test-app';
import { makeKey, v1 } from './helpers/api-v1';

/** The role each app call's path declares (src/domain/contract/access.ts), as the registrar registered it. */
const routeAccess = () =>
  new Map([...registered.values()].filter((r) => r.api === 'app').map((r) => [r.path, r.declared.access.who]));

const BROKEN_JSON = '{"profile_id":';

describe('the caller before the body', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
    await gw.app.ready();
  });
  afterAll(() => gw.close());

  const post = (path: string, payload: string, token?: string) =>
    gw.app.inject({
      method: 'POST',
      url: path,
      payload,
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  const signedInPaths = () =>
    [...routeAccess()].filter(([path, access]) => access !== 'public' && !path.includes(':')).map(([path]) => path);

  it('refuses a signed-in call without a session, or with a forged one, before its body is parsed', async () => {
    const paths = signedInPaths();
    expect(paths.length).toBeGreaterThan(50);
    const answers: string[] = [];
    for (const path of paths) {
      for (const token of [undefined, 'forged-token']) {
        const res = await post(path, BROKEN_JSON, token);
        // Broken JSON read first would be a 400; the missing session is what the caller hears.
        if (res.statusCode !== 401)
          answers.push(`${path} ${token ?? 'none'}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('still reads the body of a signed-in caller: broken JSON is a 400 with its message', async () => {
    const { token } = await login(gw, 'demouser', 'demo12345');
    const userPaths = [...routeAccess()].filter(([path, access]) => access === 'user' && !path.includes(':'));
    for (const [path] of userPaths) {
      const res = await post(path, BROKEN_JSON, token);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toMatchObject({ error: { status: 'failed' } });
    }
    expect(userPaths.length).toBeGreaterThan(20);
  });

  it('takes at most 64 KiB on a public call, with a message; the usual sign-in still works', async () => {
    const big = JSON.stringify({ username: 'demouser', password: 'x'.repeat(PUBLIC_BODY_LIMIT) });
    const publicPaths = [...routeAccess()].filter(([, access]) => access === 'public').map(([path]) => path);
    expect(publicPaths.length).toBeGreaterThan(5);
    for (const path of publicPaths) {
      const res = await post(path, big);
      expect(res.statusCode, path).toBe(413);
      expect(res.json(), path).toEqual({ error: { status: 'failed', message: 'Request body is too large' } });
    }
    expect((await login(gw, 'demouser', 'demo12345')).token).toBeTruthy();
  });

  it('refuses an API call without a key, or with a key lacking its scope, before its body is parsed', async () => {
    const none = await v1(gw, 'POST', '/messages', { raw: BROKEN_JSON });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: { code: 'missing_api_key' } });
    const forged = await v1(gw, 'POST', '/messages', { raw: BROKEN_JSON, auth: 'sk_live_forged' });
    expect(forged.status).toBe(401);
    const { token } = await login(gw, 'demouser', 'demo12345');
    const readOnly = await makeKey(gw, token, { scopes: ['balance:read'] });
    const unscoped = await v1(gw, 'POST', '/messages', { raw: BROKEN_JSON, auth: readOnly.secret });
    expect(unscoped.status).toBe(403);
    expect(unscoped.body).toMatchObject({ error: { code: 'missing_scope' } });
    const sender = await makeKey(gw, token);
    const malformed = await v1(gw, 'POST', '/messages', { raw: BROKEN_JSON, auth: sender.secret });
    expect(malformed.status).toBe(400);
  });
});
