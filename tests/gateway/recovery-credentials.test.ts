// Recovery ends what a stolen session could have made beside itself (docs/api.md#accounts-and-codes):
// a password reset, and a password change that asks for it, revoke every API v1 key of the account and
// clear its SMPP password (its open binds close at the next heartbeat), and say so in the answer.
import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import { resetsSettled } from '../../server/src/routes/password-reset';
import { call, lastTextTo, login, useTestGateway, type TestGateway } from './helpers/test-app';
import { makeKey, v1 } from './helpers/api-v1';
import { bind, startSmpp } from './helpers/smpp-customer';
import { eventually } from './helpers/eventually';

const setup = useTestGateway();
const DEMO_PHONE = '233241234567';
const THIEF_SMPP_PASSWORD = 'thief123';
const EVERY_SCOPE = ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'];

async function open() {
  const gw = await setup.open();
  const smppServer = await startSmpp(gw, { carrier: false });
  setup.onStop(smppServer.stop);
  return { gw, port: smppServer.port, server: smppServer.server };
}

/** What a thief holding a session makes: two live keys (one made by the other) and SMPP access, bound. */
async function thiefMakesCredentials(gw: TestGateway, port: number) {
  const stolen = await login(gw, 'demouser', 'demo12345');
  const first = await makeKey(gw, stolen.token, { name: 'thief', mode: 'live', scopes: EVERY_SCOPE });
  const second = await makeKey(gw, first.secret, { name: 'thief 2', mode: 'live', scopes: EVERY_SCOPE });
  const access = await v1(gw, 'POST', '/smpp-access', { auth: stolen.token, body: { password: THIEF_SMPP_PASSWORD } });
  expect(access.status, JSON.stringify(access.body)).toBe(200);
  const systemId = String(access.body.systemId);
  const live = await bind(port, systemId, THIEF_SMPP_PASSWORD);
  setup.onStop(live.close);
  expect(live.status).toBe(0);
  return { stolen, keys: [first, second], systemId, live };
}

async function reset(gw: TestGateway) {
  await call(gw, 'setpasswordreset', { email: 'demo@example.com', supid: 6 });
  await resetsSettled();
  const code = /\b(\d{4})\b/.exec((await lastTextTo(gw, DEMO_PHONE))?.text ?? '')?.[1] ?? '';
  return call(gw, 'changepassword', {
    email: 'demo@example.com',
    resetCode: code,
    newPassword: 'owner-again1',
    confirmNewPassword: 'owner-again1',
  });
}

const closedSoon = (socket: { destroyed: boolean }) =>
  eventually(() => {
    if (!socket.destroyed) throw new Error('the bind is still open');
  });

describe('recovery ends the credentials a session made', () => {
  it('a reset revokes every API key (none answers or mints keys) and the SMPP password, and lists them', async () => {
    const { gw, port, server } = await open();
    const thief = await thiefMakesCredentials(gw, port);
    const done = await reset(gw);
    expect(done.body.passwordchanged).toBe(true);

    for (const key of thief.keys) {
      const balance = await v1(gw, 'GET', '/balance', { auth: key.secret });
      expect(balance.status).toBe(401);
      expect(balance.body.error.code).toBe('api_key_revoked');
      const mint = await v1(gw, 'POST', '/api-keys', {
        auth: key.secret,
        body: { name: 'again', scopes: EVERY_SCOPE, mode: 'live' },
      });
      expect(mint.status).toBe(401);
    }
    expect(await gw.ctx.db.selectFrom('api_keys').select('id').where('revoked_at', 'is', null).execute()).toEqual([]);

    // The old SMPP password binds no more, and the bind open before the reset is closed at the next heartbeat.
    expect((await bind(port, thief.systemId, THIEF_SMPP_PASSWORD)).status).toBe(smpp.errors.ESME_RINVPASWD);
    await server.heartbeat();
    await closedSoon(thief.live.session.socket);

    // The answer lists what ended (the thief's session too).
    expect(done.body).toEqual({
      passwordchanged: true,
      ended: { sessions: 1, apiKeys: 2, smppAccess: true },
      message: 'Your password has been changed. 2 API keys were revoked and SMPP access must be set up again.',
    });

    // Each revocation is in the account's audit log.
    const rows = await gw.ctx.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const revoked = rows.filter((r) => r.action === 'api_key_revoked');
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect(revoked.map((r) => JSON.parse(r.details)).sort(byKey)).toEqual(
      thief.keys.map((k) => ({ key: k.id, name: k.name, reason: 'password reset' })).sort(byKey),
    );
    const smppReset = rows.filter((r) => r.action === 'smpp_access_reset');
    expect(smppReset).toHaveLength(1);
    expect(JSON.parse(smppReset[0]!.details)).toEqual({ systemId: thief.systemId, reason: 'password reset' });
  });

  it('after a reset the owner sets SMPP access up again in one call, and only the new password binds', async () => {
    const { gw, port } = await open();
    const thief = await thiefMakesCredentials(gw, port);
    await reset(gw);
    const owner = await login(gw, 'demouser', 'owner-again1');
    const seen = await v1(gw, 'GET', '/smpp-access', { auth: owner.token });
    expect(seen.body).toMatchObject({ systemId: thief.systemId, passwordSet: false });
    const again = await v1(gw, 'POST', '/smpp-access', { auth: owner.token, body: {} });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ systemId: thief.systemId, passwordSet: true, enabled: true });
    const fresh = String(again.body.password);
    expect(fresh).toMatch(/^[A-Za-z0-9]{8}$/);
    expect((await bind(port, thief.systemId, THIEF_SMPP_PASSWORD)).status).toBe(smpp.errors.ESME_RINVPASWD);
    const ownBind = await bind(port, thief.systemId, fresh);
    setup.onStop(ownBind.close);
    expect(ownBind.status).toBe(0);
  });

  it('a reset of an account with no key and no SMPP access says only that the password changed', async () => {
    const { gw } = await open();
    // Without the SMPP access the demo account is seeded with.
    await gw.ctx.db.deleteFrom('smpp_accounts').execute();
    const done = await reset(gw);
    expect(done.body).toEqual({
      passwordchanged: true,
      ended: { sessions: 0, apiKeys: 0, smppAccess: false },
      message: 'Your password has been changed.',
    });
  });

  it('a password change that asks for it ends the same; one that does not keeps them', async () => {
    const { gw, port, server } = await open();
    const thief = await thiefMakesCredentials(gw, port);
    const owner = await login(gw, 'demouser', 'demo12345');
    const change = (body: object) =>
      call(
        gw,
        'changeownpassword',
        { profile_id: owner.profile_id, currentPassword: 'demo12345', confirmNewPassword: 'pass-two-2', ...body },
        { token: owner.token },
      );
    const plain = await change({ newPassword: 'pass-two-2' });
    expect(plain.body).toEqual({
      status: 'successful',
      message: 'Your password has been changed: other devices are signed out',
    });
    expect((await v1(gw, 'GET', '/balance', { auth: thief.keys[0]!.secret })).status).toBe(200);

    const ending = await change({
      currentPassword: 'pass-two-2',
      newPassword: 'pass-three-3',
      confirmNewPassword: 'pass-three-3',
      endCredentials: true,
    });
    expect(ending.status).toBe(200);
    expect(ending.body).toEqual({
      status: 'successful',
      message:
        'Your password has been changed: other devices are signed out. 2 API keys were revoked and SMPP access must be set up again.',
      ended: { sessions: 0, apiKeys: 2, smppAccess: true },
    });
    for (const key of thief.keys) expect((await v1(gw, 'GET', '/balance', { auth: key.secret })).status).toBe(401);
    expect((await bind(port, thief.systemId, THIEF_SMPP_PASSWORD)).status).toBe(smpp.errors.ESME_RINVPASWD);
    await server.heartbeat();
    await closedSoon(thief.live.session.socket);
    // The session that asked goes on.
    expect((await call(gw, 'fetchuser', { profile_id: owner.profile_id }, { token: owner.token })).status).toBe(200);
    const reasons = (
      await gw.ctx.db.selectFrom('audit_log').select('details').where('action', '=', 'api_key_revoked').execute()
    ).map((r) => JSON.parse(r.details).reason);
    expect(reasons).toEqual(['password change', 'password change']);
  });
});
