// Webhooks as the app's Developers page and a send's callbackUrl use them (docs/api-v1.md#webhooks):
// the app's session manages either mode's endpoints, a test event reaches an endpoint signed like any
// other, and a send's callbackUrl receives that batch's events signed with the account's default secret.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';
import { tickWebhooks } from '../../server/src/integrations/webhooks/deliver';

const SCOPES = ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'];

let gw: TestGateway;
let receiver: Receiver;
let demo: Awaited<ReturnType<typeof account>>;
let acme: Awaited<ReturnType<typeof account>>;
let testKey: { secret: string };
let liveKey: { secret: string };
let path = 0;

beforeAll(async () => {
  gw = await makeTestApp();
  receiver = await startReceiver();
  demo = await account(gw, 'demouser');
  acme = await account(gw, 'acmeclient');
  testKey = await makeKey(gw, demo.token, { mode: 'test', scopes: SCOPES });
  liveKey = await makeKey(gw, demo.token, { mode: 'live', scopes: SCOPES });
});
afterAll(async () => {
  await receiver.close();
  await gw.close();
});
afterEach(async () => {
  for (const mode of ['live', 'test']) {
    const listed = await v1(gw, 'GET', `/webhook-endpoints?mode=${mode}`, { auth: demo.token });
    for (const e of listed.body.data) await v1(gw, 'DELETE', `/webhook-endpoints/${e.id}`, { auth: demo.token });
  }
  gw.ctx.devMode = true;
  delete gw.ctx.lookupHost;
});

const tick = () => tickWebhooks(gw.ctx, 'loop-a');
const fresh = () => `/app-${(path += 1)}`;

describe("the app's session", () => {
  it('lists and makes endpoints of the mode it names, and reaches its own by id in either mode', async () => {
    const at = fresh();
    const made = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: demo.token,
      body: { url: receiver.url(at), events: ['message.delivered'], mode: 'test' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.mode).toBe('test');
    const test = await v1(gw, 'GET', '/webhook-endpoints?mode=test', { auth: demo.token });
    expect(test.body.data.map((e: any) => e.id)).toEqual([made.body.id]);
    expect((await v1(gw, 'GET', '/webhook-endpoints?mode=live', { auth: demo.token })).body.data).toEqual([]);
    // The test key sees it; the live key does not.
    expect((await v1(gw, 'GET', '/webhook-endpoints', { auth: testKey.secret })).body.data).toHaveLength(1);
    expect((await v1(gw, 'GET', '/webhook-endpoints', { auth: liveKey.secret })).body.data).toEqual([]);
    const log = await v1(gw, 'GET', `/webhook-endpoints/${made.body.id}/deliveries`, { auth: demo.token });
    expect(log.status).toBe(200);
    // Another account's session finds nothing by that id.
    for (const [method, url] of [
      ['GET', `/webhook-endpoints/${made.body.id}/deliveries`],
      ['POST', `/webhook-endpoints/${made.body.id}/test`],
      ['DELETE', `/webhook-endpoints/${made.body.id}`],
    ] as const) {
      const res = await v1(gw, method, url, { auth: acme.token });
      expect(res.status, url).toBe(404);
    }
  });

  it('is refused a mode other than its own with a key, naming the field', async () => {
    const res = await v1(gw, 'GET', '/webhook-endpoints?mode=live', { auth: testKey.secret });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'mode' });
    const made = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: testKey.secret,
      body: { url: receiver.url(fresh()), events: ['message.delivered'], mode: 'live' },
    });
    expect(made.status).toBe(400);
  });
});

describe('sendTestWebhook', () => {
  it('posts a signed webhook.test event the receiver verifies, and logs it', async () => {
    const at = fresh();
    const made = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: demo.token,
      body: { url: receiver.url(at), events: ['message.failed'], mode: 'live' },
    });
    receiver.secretFor(at, made.body.secret);
    const sent = await v1(gw, 'POST', `/webhook-endpoints/${made.body.id}/test`, { auth: demo.token });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ type: 'webhook.test', state: 'pending', endpointId: made.body.id });
    await tick();
    const got = receiver.on(at);
    expect(got).toHaveLength(1);
    expect(got[0]!.verified).toBe(true);
    expect(got[0]!.headers['webhook-id']).toBe(sent.body.id);
    expect(got[0]!.json).toMatchObject({ type: 'webhook.test', data: { mode: 'live', status: 'delivered' } });
    const log = await v1(gw, 'GET', `/webhook-endpoints/${made.body.id}/deliveries`, { auth: demo.token });
    expect(log.body.data[0]).toMatchObject({ id: sent.body.id, state: 'succeeded', lastStatusCode: 200 });
    // Two test events are two deliveries, each once.
    await v1(gw, 'POST', `/webhook-endpoints/${made.body.id}/test`, { auth: demo.token });
    await tick();
    expect(receiver.on(at)).toHaveLength(2);
  });
});

describe('a send with a callbackUrl', () => {
  const sendWith = (callbackUrl: string, to: string[]) =>
    v1(gw, 'POST', '/messages', {
      auth: testKey.secret,
      body: { from: 'DEMO', to, text: 'Your parcel is at the depot', callbackUrl },
    });

  it("needs the mode's default secret first, and says how to make it", async () => {
    const key = await makeKey(gw, acme.token, { mode: 'test', scopes: SCOPES });
    const status = await v1(gw, 'GET', '/webhook-secret', { auth: key.secret });
    expect(status.body).toEqual({ mode: 'test', exists: false, createdAt: null });
    const res = await v1(gw, 'POST', '/messages', {
      auth: key.secret,
      body: { from: 'ACMECL', to: ['233241000300'], text: 'Hi', callbackUrl: receiver.url('/none') },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'no_default_secret', param: 'callbackUrl' });
    expect(res.body.error.message).toContain('rotateWebhookSecret');
  });

  it("delivers that batch's events, and only them, signed with the default secret; rotating re-signs at once", async () => {
    const rotated = await v1(gw, 'POST', '/webhook-secret', { auth: testKey.secret, body: {} });
    expect(rotated.status).toBe(201);
    expect(rotated.body).toMatchObject({ mode: 'test', exists: true });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    const status = await v1(gw, 'GET', '/webhook-secret', { auth: testKey.secret });
    expect(status.body).toMatchObject({ mode: 'test', exists: true });
    expect(JSON.stringify(status.body)).not.toContain(rotated.body.secret);

    const at = fresh();
    receiver.secretFor(at, rotated.body.secret);
    const sent = await sendWith(receiver.url(at), ['233241000310', '233241000313']);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await v1(gw, 'POST', '/messages', {
      auth: testKey.secret,
      body: { from: 'DEMO', to: ['233241000320'], text: 'Another batch' },
    });
    await tick();
    const got = receiver.on(at);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(got.map((r) => [r.json.data.id, r.json.type]).sort()).toEqual(
      [
        [sent.body.messages[0].messageId, 'message.delivered'],
        [sent.body.messages[1].messageId, 'message.failed'],
      ].sort(),
    );
    // The callback is no endpoint of the lists.
    expect((await v1(gw, 'GET', '/webhook-endpoints', { auth: testKey.secret })).body.data).toEqual([]);

    // After a rotation the same URL's next events are signed with the new secret.
    const again = await v1(gw, 'POST', '/webhook-secret', { auth: demo.token, body: { mode: 'test' } });
    await sendWith(receiver.url(at), ['233241000330']);
    await tick();
    const last = receiver.on(at).at(-1)!;
    expect(last.json.data.to).toBe('233241000330');
    const verify = (secret: string) => {
      try {
        new Webhook(secret).verify(last.body, last.headers as Record<string, string>);
        return true;
      } catch {
        return false;
      }
    };
    expect(verify(again.body.secret)).toBe(true);
    expect(verify(rotated.body.secret)).toBe(false);
  });

  it('refuses an unsafe callbackUrl outside dev mode, naming it, and charges nothing', async () => {
    await v1(gw, 'POST', '/webhook-secret', { auth: liveKey.secret, body: {} });
    gw.ctx.devMode = false;
    gw.ctx.lookupHost = async () => [{ address: '10.0.0.8', family: 4 }];
    const before = (await v1(gw, 'GET', '/balance', { auth: liveKey.secret })).body.credits;
    for (const url of ['https://intranet.example.com/cb', 'http://hooks.example.com/cb', 'https://169.254.169.254/']) {
      const res = await v1(gw, 'POST', '/messages', {
        auth: liveKey.secret,
        body: { from: 'DEMO', to: ['233241000340'], text: 'Hi', callbackUrl: url },
      });
      expect(res.status, url).toBe(422);
      expect(res.body.error, url).toMatchObject({ code: 'unsafe_url', param: 'callbackUrl' });
    }
    expect((await v1(gw, 'GET', '/balance', { auth: liveKey.secret })).body.credits).toBe(before);
  });
});
