// The integrators' API keys (docs/api-v1.md#keys-and-scopes): made with the app's session or a key with
// every scope, shown once and stored hashed, scopes and allow-lists enforced on every operation, and a
// revoked or expired key refused at once. Every answer is checked against the OpenAPI document (v1()).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, sendItem, sendSms } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { sha256 } from '../../server/src/auth/tokens';
import { OPERATIONS } from '../../src/domain/contract/v1/operations';
import { API_SCOPES } from '../../src/domain/api-v1/schemas';

let gw: TestGateway;
let demo: Awaited<ReturnType<typeof account>>;
let acme: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  gw = await makeTestApp();
  demo = await account(gw, 'demouser');
  acme = await account(gw, 'acmeclient');
});
afterAll(() => gw.close());

const keyRow = (id: string) => gw.ctx.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();

describe('making, listing and revoking keys', () => {
  it('shows the secret once and stores only its SHA-256', async () => {
    const key = await makeKey(gw, demo.token, { name: 'Shop server', mode: 'live' });
    expect(key.secret).toMatch(/^sk_live_[A-Za-z0-9_-]{32}$/);
    expect(key).toMatchObject({ name: 'Shop server', mode: 'live', secretEnding: key.secret.slice(-4) });
    const row = await keyRow(key.id);
    expect(row!.secret_hash).toBe(sha256(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret);

    const listed = await v1(gw, 'GET', '/api-keys', { auth: demo.token });
    expect(listed.status).toBe(200);
    const mine = listed.body.data.find((k: { id: string }) => k.id === key.id);
    expect(mine).toMatchObject({ name: 'Shop server', scopes: ['messages:send', 'messages:read', 'balance:read'] });
    expect(JSON.stringify(listed.body)).not.toContain(key.secret);
  });

  it('notes when a key was last used', async () => {
    const key = await makeKey(gw, demo.token);
    expect((await keyRow(key.id))!.last_used_at).toBeNull();
    expect((await v1(gw, 'GET', '/balance', { auth: key.secret })).status).toBe(200);
    expect((await keyRow(key.id))!.last_used_at).toBe(gw.clock.now);
  });

  it('refuses a revoked key at once, and revoking twice is not found', async () => {
    const key = await makeKey(gw, demo.token);
    expect((await v1(gw, 'GET', '/balance', { auth: key.secret })).status).toBe(200);
    const revoked = await v1(gw, 'DELETE', `/api-keys/${key.id}`, { auth: demo.token });
    expect(revoked).toMatchObject({ status: 200, body: { id: key.id, revoked: true } });
    const after = await v1(gw, 'GET', '/balance', { auth: key.secret });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('api_key_revoked');
    expect((await v1(gw, 'DELETE', `/api-keys/${key.id}`, { auth: demo.token })).status).toBe(404);
    const listed = await v1(gw, 'GET', '/api-keys', { auth: demo.token });
    expect(listed.body.data.map((k: { id: string }) => k.id)).not.toContain(key.id);
  });

  it('refuses an expired key', async () => {
    const key = await makeKey(gw, demo.token, { expiresAt: new Date(gw.clock.now + 60_000).toISOString() });
    expect((await v1(gw, 'GET', '/balance', { auth: key.secret })).status).toBe(200);
    gw.clock.advance(60_000);
    const after = await v1(gw, 'GET', '/balance', { auth: key.secret });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('api_key_expired');
  });

  it('refuses an expiry in the past, an unknown scope and a malformed allow-list', async () => {
    const past = await v1(gw, 'POST', '/api-keys', {
      auth: demo.token,
      body: { name: 'x', scopes: ['balance:read'], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(422);
    expect(past.body.error.param).toBe('expiresAt');
    const scope = await v1(gw, 'POST', '/api-keys', { auth: demo.token, body: { name: 'x', scopes: ['admin'] } });
    expect(scope.status).toBe(400);
    expect(scope.body.error.param).toBe('scopes.0');
    const ips = await v1(gw, 'POST', '/api-keys', {
      auth: demo.token,
      body: { name: 'x', scopes: ['balance:read'], allowedIps: ['10.0.0.0/33'] },
    });
    expect(ips.status).toBe(400);
    expect(ips.body.error.param).toBe('allowedIps');
  });

  it("never revokes or lists another account's key", async () => {
    const theirs = await makeKey(gw, acme.token);
    const revoke = await v1(gw, 'DELETE', `/api-keys/${theirs.id}`, { auth: demo.token });
    expect(revoke.status).toBe(404);
    const listed = await v1(gw, 'GET', '/api-keys', { auth: demo.token });
    expect(listed.body.data.map((k: { id: string }) => k.id)).not.toContain(theirs.id);
    expect((await v1(gw, 'GET', '/balance', { auth: theirs.secret })).status).toBe(200);
  });

  it('lets a key with every scope manage keys, a test key only test keys, and no other key at all', async () => {
    const full = await makeKey(gw, demo.token, { scopes: [...API_SCOPES] });
    const made = await v1(gw, 'POST', '/api-keys', {
      auth: full.secret,
      body: { name: 'by key', scopes: ['balance:read'] },
    });
    expect(made.status).toBe(201);
    const partial = await makeKey(gw, demo.token, { scopes: ['messages:send', 'messages:read', 'balance:read'] });
    const refused = await v1(gw, 'GET', '/api-keys', { auth: partial.secret });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'missing_scope' });
    expect(refused.body.error.message).toContain('webhooks:manage');

    const testFull = await makeKey(gw, demo.token, { scopes: [...API_SCOPES], mode: 'test' });
    const live = await v1(gw, 'POST', '/api-keys', {
      auth: testFull.secret,
      body: { name: 'escalate', scopes: ['balance:read'], mode: 'live' },
    });
    expect(live.status).toBe(403);
    expect(live.body.error.param).toBe('mode');
    const test = await v1(gw, 'POST', '/api-keys', {
      auth: testFull.secret,
      body: { name: 'fine', scopes: ['balance:read'], mode: 'test' },
    });
    expect(test.status).toBe(201);
    expect(test.body.secret).toMatch(/^sk_test_/);
  });
});

describe('scopes on every operation', () => {
  const PATHS: Record<string, { method: 'GET' | 'POST' | 'DELETE'; path: string; body?: unknown }> = {
    sendMessages: { method: 'POST', path: '/messages', body: { from: 'DEMO', to: ['233241111110'], text: 'Hi' } },
    getMessage: { method: 'GET', path: '/messages/msg_1' },
    listMessages: { method: 'GET', path: '/messages' },
    getBatch: { method: 'GET', path: '/batches/bat_1' },
    cancelBatch: { method: 'POST', path: '/batches/bat_1/cancel' },
    getBalance: { method: 'GET', path: '/balance' },
    listSenderIds: { method: 'GET', path: '/sender-ids' },
    listOptOuts: { method: 'GET', path: '/opt-outs' },
    addOptOuts: { method: 'POST', path: '/opt-outs', body: { numbers: ['0241000101'] } },
    removeOptOut: { method: 'DELETE', path: '/opt-outs/0241000101?reason=x' },
    createApiKey: { method: 'POST', path: '/api-keys', body: { name: 'x', scopes: ['balance:read'] } },
    listApiKeys: { method: 'GET', path: '/api-keys' },
    revokeApiKey: { method: 'DELETE', path: '/api-keys/key_0' },
    setApiKeyCap: { method: 'POST', path: '/api-keys/key_0/daily-cap', body: { dailyCap: 100 } },
    createWebhookEndpoint: {
      method: 'POST',
      path: '/webhook-endpoints',
      body: { url: 'http://127.0.0.1:9/hook', events: ['message.delivered'] },
    },
    listWebhookEndpoints: { method: 'GET', path: '/webhook-endpoints' },
    deleteWebhookEndpoint: { method: 'DELETE', path: '/webhook-endpoints/we_0' },
    listWebhookDeliveries: { method: 'GET', path: '/webhook-endpoints/we_0/deliveries' },
    redeliverWebhook: { method: 'POST', path: '/webhook-deliveries/whd_0/redeliver' },
    sendTestWebhook: { method: 'POST', path: '/webhook-endpoints/we_0/test' },
    getWebhookSecret: { method: 'GET', path: '/webhook-secret' },
    rotateWebhookSecret: { method: 'POST', path: '/webhook-secret', body: {} },
    getSmppAccess: { method: 'GET', path: '/smpp-access' },
    listLedgerEntries: { method: 'GET', path: '/ledger' },
    getStatement: { method: 'GET', path: '/statements/2026-11' },
    updateSmppAccess: { method: 'POST', path: '/smpp-access', body: { throughput: 5 } },
    listTemplates: { method: 'GET', path: '/templates' },
    createTemplate: { method: 'POST', path: '/templates', body: { name: 'x', text: 'Hi', category: 'promotional' } },
    updateTemplate: { method: 'POST', path: '/templates/tpl', body: { name: 'y' } },
    deleteTemplate: { method: 'DELETE', path: '/templates/tpl' },
  };

  it('knows how to call every operation', () => {
    expect(Object.keys(PATHS).sort()).toEqual(OPERATIONS.map((o) => o.operationId).sort());
  });

  it.each(OPERATIONS.flatMap((o) => o.access.scopes.map((scope) => [o.operationId, scope] as const)))(
    '%s is refused to a key without %s, naming it',
    async (operationId, scope) => {
      const key = await makeKey(gw, demo.token, { scopes: API_SCOPES.filter((s) => s !== scope) });
      const { method, path, body } = PATHS[operationId]!;
      const res = await v1(gw, method, path, { auth: key.secret, body });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('missing_scope');
      expect(res.body.error.message).toContain(scope);
      // Within the account's MAX_ACTIVE_KEYS for the tests after.
      expect((await v1(gw, 'DELETE', `/api-keys/${key.id}`, { auth: demo.token })).status).toBe(200);
    },
  );

  it.each(OPERATIONS.map((o) => [o.operationId] as const))('%s needs a key (401 without one)', async (operationId) => {
    const { method, path, body } = PATHS[operationId]!;
    const none = await v1(gw, method, path, { body });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('missing_api_key');
    const forged = await v1(gw, method, path, { auth: 'sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', body });
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('invalid_api_key');
  });

  it.each(OPERATIONS.filter((o) => !o.access.session).map((o) => [o.operationId] as const))(
    "%s does not take the app's session token",
    async (operationId) => {
      const { method, path, body } = PATHS[operationId]!;
      const res = await v1(gw, method, path, { auth: demo.token, body });
      expect(res.status).toBe(401);
    },
  );
});

describe('allow-lists', () => {
  it('takes a key only from the addresses and blocks it allows', async () => {
    const key = await makeKey(gw, demo.token, { allowedIps: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'] });
    const from = (remoteAddress: string) => v1(gw, 'GET', '/balance', { auth: key.secret, remoteAddress });
    expect((await from('203.0.113.7')).status).toBe(200);
    expect((await from('198.51.100.200')).status).toBe(200);
    expect((await from('2001:db8::1')).status).toBe(200);
    const outside = await from('203.0.113.8');
    expect(outside.status).toBe(403);
    expect(outside.body.error.code).toBe('ip_not_allowed');
    expect((await from('127.0.0.1')).status).toBe(403);
  });
});

describe('the legacy sendsms', () => {
  it("keeps working with the account's own key, and takes no API v1 key", async () => {
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241111110' })]);
    expect(res.status).toBe(200);
    expect(res.body.message_id).toBeGreaterThan(0);
    const key = await makeKey(gw, demo.token, { scopes: [...API_SCOPES] });
    expect((await sendSms(gw, key.secret, [sendItem({ destinationAddress: '233241111110' })])).status).toBe(401);
  });
});
