// Changes to who can reach an account are in its audit log (docs/compliance.md#audit-log): SMPP access
// set up, its password and allow-list changed, and the account's e-mail and mobile number changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, lastTextTo, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { v1 } from './helpers/api-v1';

const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';

describe('the audit log of access changes', () => {
  let gw: TestGateway;
  let me: Session;
  beforeEach(async () => {
    gw = await makeTestApp();
    me = await login(gw, 'demouser', 'demo12345');
  });
  afterEach(() => gw.close());

  const as = (name: string, body: object = {}) =>
    call(gw, name, { profile_id: me.profile_id, ...body }, { token: me.token, headers: { 'user-agent': UA } });
  /** The newest entry of `action` the account's own /auditlog page shows. */
  async function shown(action: string) {
    const page = await as('auditlog', { search: '', action, from: '', to: '', pageNum: 1 });
    expect(page.status).toBe(200);
    return page.body.entries as { action: string; actor: string; device: string; details: Record<string, unknown> }[];
  }
  const smpp = (body: object) =>
    v1(gw, 'POST', '/smpp-access', { auth: me.token, body, headers: { 'user-agent': UA } });

  it('shows SMPP access set up, a new password and a new allow-list, never the password', async () => {
    // The supervisor has no SMPP access yet (the demo account is seeded with some).
    me = await login(gw, 'supervisor', 'supervisor123');
    const made = await smpp({ maxBinds: 3 });
    expect(made.status).toBe(200);
    const password = String(made.body.password);
    const [setUp] = await shown('smpp_access_set_up');
    expect(setUp).toMatchObject({
      action: 'smpp_access_set_up',
      actor: 'supervisor',
      device: 'Firefox on Linux',
      details: { systemId: made.body.systemId, enabled: true, maxBinds: 3, allowedIps: [] },
    });

    expect((await smpp({ newPassword: true })).status).toBe(200);
    expect((await smpp({ allowedIps: ['127.0.0.1', '10.0.0.0/8'] })).status).toBe(200);
    expect((await smpp({ password: 'secret12', enabled: false, throughput: 20 })).status).toBe(200);
    const changes = await shown('smpp_access_changed');
    expect(changes.map((e) => e.details)).toEqual([
      { password: 'changed', enabled: { before: true, after: false }, throughput: { before: 50, after: 20 } },
      { allowedIps: { before: [], after: ['127.0.0.1', '10.0.0.0/8'] } },
      { password: 'changed' },
    ]);
    const all = JSON.stringify(await shown(''));
    expect(all).not.toContain(password);
    expect(all).not.toContain('secret12');
    // A save that changes nothing records nothing.
    expect((await smpp({ maxBinds: 3 })).status).toBe(200);
    expect(await shown('smpp_access_changed')).toHaveLength(3);
  });

  it('shows the e-mail and the mobile number changed', async () => {
    const saved = await as('updateprofile', {
      email: 'mine@example.com',
      companyname: 'Demo',
      currentPassword: 'demo12345',
    });
    expect(saved.status).toBe(200);
    expect((await shown('email_changed'))[0]).toMatchObject({
      actor: 'demouser',
      details: { before: 'demo@example.com', after: 'mine@example.com' },
    });
    await as('sendphonecode', { phone: '0209876543' });
    const code = /\b(\d{4})\b/.exec((await lastTextTo(gw, '233209876543'))?.text ?? '')?.[1] ?? '';
    expect((await as('changephone', { phone: '0209876543', code, currentPassword: 'demo12345' })).status).toBe(200);
    expect((await shown('phone_changed'))[0]).toMatchObject({
      actor: 'demouser',
      details: { before: '233241234567', after: '233209876543' },
    });
  });
});
