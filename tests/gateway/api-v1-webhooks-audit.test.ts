// The audit log records who made and deleted a webhook endpoint and who rotated a signing secret, from
// where, with a key or the app's session (docs/compliance.md#audit-log), never a secret; the account
// reads those entries on its audit log page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';

const SCOPES = ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'];
const UA = 'IntegrationClient/2.1';

let gw: TestGateway;
let demo: Awaited<ReturnType<typeof account>>;
let testKey: { secret: string };

beforeAll(async () => {
  gw = await makeTestApp();
  demo = await account(gw, 'demouser');
  testKey = await makeKey(gw, demo.token, { mode: 'test', scopes: SCOPES });
});
afterAll(() => gw.close());

const from = { remoteAddress: '10.9.8.7', headers: { 'user-agent': UA } };

/** The account's audit log as its page reads it, newest first. */
async function logOf(action: string) {
  const res = await call(
    gw,
    'auditlog',
    { profile_id: demo.profile_id, search: '', action, from: '', to: '', pageNum: 1 },
    { token: demo.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entries as Record<string, any>[];
}

describe('the audit log', () => {
  it('records an endpoint made with a key and deleted with the session, never its secret', async () => {
    const made = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: testKey.secret,
      body: { url: 'http://127.0.0.1:9/hook', events: ['message.delivered'] },
      ...from,
    });
    expect(made.status).toBe(201);
    const [created] = await logOf('webhook_endpoint_created');
    expect(created).toBeDefined();
    const text = JSON.stringify(created);
    expect(text).toContain(made.body.id);
    expect(text).toContain('10.9.8.7');
    expect(text).not.toContain(made.body.secret);

    // A refused creation writes nothing.
    const bad = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: testKey.secret,
      body: { url: 'not a url', events: ['message.delivered'] },
    });
    expect(bad.status).toBe(400);
    expect(await logOf('webhook_endpoint_created')).toHaveLength(1);

    const deleted = await v1(gw, 'DELETE', `/webhook-endpoints/${made.body.id}`, { auth: demo.token, ...from });
    expect(deleted.status).toBe(200);
    const [gone] = await logOf('webhook_endpoint_deleted');
    expect(JSON.stringify(gone)).toContain(made.body.id);
  });

  it('records a signing secret rotated, with its mode, never the secret', async () => {
    const rotated = await v1(gw, 'POST', '/webhook-secret', { auth: testKey.secret, body: {}, ...from });
    expect(rotated.status).toBe(201);
    const entries = await logOf('webhook_secret_rotated');
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).toContain('test');
    expect(JSON.stringify(entries[0])).not.toContain(rotated.body.secret);
  });
});
