// @vitest-environment node
// The app's calls of the API v1 (src/api/v1.ts through src/domain/contract/v1) against the real gateway: each
// operation's path, method, path values, query and body as the gateway reads them, and its answer checked.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as dev from '../../../src/api/developer-api';
import { fetchSmppAccess, sendSmppAccess } from '../../../src/api/smpp-access-api';
import { login } from '../../gateway/helpers/test-app';
import { startLiveGateway, type LiveGateway } from '../outbox/support/live-gateway';

describe('the API v1 through its contract', () => {
  let live: LiveGateway;
  let token: string;
  beforeAll(async () => {
    live = await startLiveGateway();
    token = (await login(live.gw, 'demouser', 'demo12345')).token;
  });
  afterAll(() => live.close());

  const seen = () => live.requests.map((r) => r.path);

  it('makes, lists and revokes a key', async () => {
    const made = await dev.createKey(token, { name: 'shop', scopes: ['messages:send'], mode: 'test' });
    expect(made).toMatchObject({ name: 'shop', mode: 'test', scopes: ['messages:send'] });
    expect((await dev.fetchApiKeys(token)).map((k) => k.id)).toContain(made.id);
    expect(await dev.revokeKey(token, made.id)).toMatchObject({ id: made.id });
    expect(seen()).toContain(`/smsgateway/api/v1/api-keys/${made.id}`);
  });

  it('makes an endpoint in a mode, tests it, pages its deliveries and redelivers one', async () => {
    const endpoint = await dev.createEndpoint(token, 'test', 'http://localhost:9/hook', ['message.delivered']);
    expect((await dev.fetchEndpoints(token, 'test')).map((e) => e.id)).toEqual([endpoint.id]);
    expect(await dev.fetchEndpoints(token, 'live')).toEqual([]);
    const delivery = await dev.sendTestEvent(token, endpoint.id);
    const page = await dev.fetchDeliveries(token, endpoint.id);
    expect(page.data.map((d) => d.id)).toContain(delivery.id);
    const cursor = encodeURIComponent(delivery.id);
    await expect(dev.fetchDeliveries(token, endpoint.id, delivery.id)).rejects.toThrow(
      'cursor is not one this API gave',
    );
    expect(seen()).toContain(`/smsgateway/api/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=20`);
    expect(seen()).toContain(
      `/smsgateway/api/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=20&cursor=${cursor}`,
    );
    expect(await dev.redeliver(token, delivery.id)).toMatchObject({ id: delivery.id });
    expect(await dev.deleteEndpoint(token, endpoint.id)).toMatchObject({ id: endpoint.id });
    expect(seen()).toContain('/smsgateway/api/v1/webhook-endpoints?mode=test');
  });

  it("reads and rotates the mode's default signing secret", async () => {
    const rotated = await dev.rotateSecret(token, 'live');
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(await dev.fetchSecret(token, 'live')).toMatchObject({ mode: 'live', exists: true });
  });

  it('reads and changes SMPP access', async () => {
    const changed = await sendSmppAccess(token, { throughput: 5 });
    expect(changed.throughput).toBe(5);
    expect((await fetchSmppAccess(token)).throughput).toBe(5);
  });

  it('reads the OpenAPI document', async () => {
    const doc = await dev.fetchOpenApi();
    expect(Object.keys(doc.paths)).toContain('/smsgateway/api/v1/smpp-access');
  });
});
