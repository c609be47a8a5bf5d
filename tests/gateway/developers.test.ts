// The Developers page's own call (docs/api.md#developers): an admin sees each client's active keys,
// last use and live API sends of the last 30 days; a client and another tenant's admin see nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, signInDemoTenants, type TestGateway } from './helpers/test-app';
import { makeKey, v1 } from './helpers/api-v1';

let gw: TestGateway;
let t: Awaited<ReturnType<typeof signInDemoTenants>>;

beforeAll(async () => {
  gw = await makeTestApp();
  t = await signInDemoTenants(gw);
});
afterAll(() => gw.close());

const usage = (who: { token: string; profile_id: number }, host?: string) =>
  call(gw, 'clientapiusage', { profile_id: who.profile_id }, { token: who.token, ...(host ? { host } : {}) });

describe('clientapiusage', () => {
  it("counts each client's active keys, last use and live sends; test sends and revoked keys do not count", async () => {
    const live = await makeKey(gw, t.acmeClient.token, { mode: 'live' });
    const test = await makeKey(gw, t.acmeClient.token, { mode: 'test' });
    const revoked = await makeKey(gw, t.acmeClient.token, { mode: 'live' });
    await v1(gw, 'DELETE', `/api-keys/${revoked.id}`, { auth: t.acmeClient.token });
    const body = (to: string[]) => ({ from: 'ACMECL', to, text: 'Your order is ready' });
    expect(
      (await v1(gw, 'POST', '/messages', { auth: live.secret, body: body(['233241000401', '233241000402']) })).status,
    ).toBe(201);
    expect((await v1(gw, 'POST', '/messages', { auth: test.secret, body: body(['233241000403']) })).status).toBe(201);

    const res = await usage(t.acme, 'acme.localhost');
    expect(res.status).toBe(200);
    const client = res.body.clients.find((c: any) => c.username === 'acmeclient');
    expect(client).toMatchObject({ active_keys: 2, batches_30d: 1, recipients_30d: 2, credits_30d: 2 });
    expect(Date.parse(client.last_used_at)).toBe(gw.ctx.now());
    // The supervisor's own clients do not include another tenant's.
    const sup = await usage(t.sup);
    expect(sup.body.clients.map((c: any) => c.username)).not.toContain('acmeclient');
  });

  it('is refused to a client, and to an admin asking for another profile', async () => {
    const client = await usage(t.acmeClient, 'acme.localhost');
    expect(client.body.error).toMatchObject({ status: 'failed', message: 'You are not allowed to do this' });
    const other = await call(
      gw,
      'clientapiusage',
      { profile_id: t.sup.profile_id },
      { token: t.acme.token, host: 'acme.localhost' },
    );
    expect(other.body, JSON.stringify(other.body)).toMatchObject({ error: { status: 'failed' } });
  });
});
