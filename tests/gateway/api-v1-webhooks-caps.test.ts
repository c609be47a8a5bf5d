// The bounds on an account's webhook endpoints (docs/api-v1.md#webhooks): a send's callback URL is one
// row per account, mode and URL, with a cap on the URLs in use; the fan-out reads only the endpoints
// an event names (its batch's callback, its account and mode's endpoints), however many rows others
// hold; the cap on endpoints holds under parallel creations.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';
import { fanOutEvents } from '../../server/src/integrations/webhooks/events';
import type { GatewayContext } from '../../server/src/core/context';

const SCOPES = ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'];
/** Callback URLs in use an account may have in each mode, and endpoints (docs/api-v1.md#webhooks). */
const CALLBACK_CAP = 1000;
const ENDPOINT_CAP = 10;

let gw: TestGateway;
let receiver: Receiver;
let demo: Awaited<ReturnType<typeof account>>;
let testKey: { secret: string };

beforeAll(async () => {
  gw = await makeTestApp();
  receiver = await startReceiver();
  demo = await account(gw, 'demouser');
  testKey = await makeKey(gw, demo.token, { mode: 'test', scopes: SCOPES });
  const secret = await v1(gw, 'POST', '/webhook-secret', { auth: testKey.secret, body: {} });
  expect(secret.status).toBe(201);
});
afterAll(async () => {
  await receiver.close();
  await gw.close();
});
afterEach(async () => {
  await gw.ctx.db.deleteFrom('webhook_deliveries').execute();
  await gw.ctx.db.deleteFrom('webhook_endpoints').execute();
});

const sendWith = (callbackUrl: string | undefined, to = ['233241000510']) =>
  v1(gw, 'POST', '/messages', {
    auth: testKey.secret,
    body: { from: 'DEMO', to, text: 'Your parcel is at the depot', ...(callbackUrl ? { callbackUrl } : {}) },
  });

const callbackRows = () =>
  gw.ctx.db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url'])
    .where('profile_id', '=', demo.profile_id)
    .where('kind', '=', 'callback')
    .execute();

/** `count` callback rows of an account and mode, as sends naming that many URLs would leave. */
async function pileOfCallbacks(profileId: number, mode: 'live' | 'test', count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `we_${randomBytes(8).toString('hex')}`,
    profile_id: profileId,
    mode,
    url: `https://hooks.example.com/order/${profileId}-${mode}-${i}`,
    events: '',
    secret: 'whsec_AAAA',
    created_at: gw.clock.now,
    disabled_at: null,
    kind: 'callback' as const,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await gw.ctx.db
      .insertInto('webhook_endpoints')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows;
}

describe("a send's callback URL", () => {
  it('is one row per account, mode and URL, also when sends naming it race', async () => {
    const same = receiver.url('/cb-same');
    const sends = await Promise.all(Array.from({ length: 20 }, () => sendWith(same)));
    expect(sends.map((s) => s.status)).toEqual(Array(20).fill(201));
    expect(await sendWith(receiver.url('/cb-other'))).toMatchObject({ status: 201 });
    expect((await callbackRows()).map((r) => r.url).sort()).toEqual([same, receiver.url('/cb-other')].sort());
  });

  it('is refused past the cap of URLs in use, saying so on callbackUrl; a URL in use still works', async () => {
    const pile = await pileOfCallbacks(demo.profile_id, 'test', CALLBACK_CAP);
    const refused = await sendWith(receiver.url('/cb-one-too-many'));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'too_many_callback_urls', param: 'callbackUrl' });
    expect(refused.body.error.message).toContain('1,000');
    expect((await callbackRows()).length).toBe(CALLBACK_CAP);
    // A URL already in use is no new one.
    expect((await sendWith(pile[3]!.url)).status).toBe(201);
    // Another mode and another account have their own.
    const liveKey = await makeKey(gw, demo.token, { mode: 'live', scopes: SCOPES });
    await v1(gw, 'POST', '/webhook-secret', { auth: liveKey.secret, body: {} });
    const live = await v1(gw, 'POST', '/messages', {
      auth: liveKey.secret,
      body: { from: 'DEMO', to: ['233241000520'], text: 'Hi', callbackUrl: receiver.url('/cb-live') },
    });
    expect(live.status, JSON.stringify(live.body)).toBe(201);
  });

  it('lets go of URLs whose batches are long done, so new ones can come', async () => {
    await pileOfCallbacks(demo.profile_id, 'test', CALLBACK_CAP);
    await gw.ctx.db
      .updateTable('webhook_endpoints')
      .set({ used_until: gw.clock.now - 1 })
      .where('kind', '=', 'callback')
      .execute();
    const fresh = await sendWith(receiver.url('/cb-after'));
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(201);
    expect((await callbackRows()).map((r) => r.url)).toEqual([receiver.url('/cb-after')]);
  });
});

/** Counts the rows each select of webhook_endpoints answers. */
class EndpointRowsRead implements KyselyPlugin {
  rows = 0;
  readonly #watched = new Set<unknown>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node as RootOperationNode & { from?: unknown };
    if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from ?? {}).includes('"webhook_endpoints"'))
      this.#watched.add(args.queryId);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#watched.has(args.queryId)) this.rows += args.result.rows.length;
    return args.result;
  }
}

describe('the fan-out', () => {
  it("reads only the endpoints an event names, not every account's callback rows", async () => {
    // The earlier tests' events are fanned out first (to no endpoint: they were deleted).
    while ((await fanOutEvents(gw.ctx)) > 0);
    gw.clock.advance(1_000);
    const acme = await account(gw, 'acmeclient');
    await pileOfCallbacks(demo.profile_id, 'test', 800);
    await pileOfCallbacks(acme.profile_id, 'test', 1200);
    const ep = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: testKey.secret,
      body: { url: receiver.url('/fan-endpoint'), events: ['message.delivered'] },
    });
    expect(ep.status).toBe(201);
    const sent = await sendWith(receiver.url('/fan-callback'), ['233241000530', '233241000540', '233241000550']);
    expect(sent.status).toBe(201);
    const acmeKey = await makeKey(gw, acme.token, { mode: 'test', scopes: SCOPES });
    const other = await v1(gw, 'POST', '/messages', {
      auth: acmeKey.secret,
      body: { from: 'ACMECL', to: ['233241000560'], text: 'Hi' },
    });
    expect(other.status).toBe(201);

    const counter = new EndpointRowsRead();
    const ctx: GatewayContext = {
      ...gw.ctx,
      db: Object.assign(gw.ctx.db.withPlugin(counter), { dialectName: gw.ctx.db.dialectName }),
    };
    while ((await fanOutEvents(ctx)) > 0);
    // A few: whether any endpoint exists at all, the endpoint, the callback, and (PostgreSQL) the two
    // locked to mark them due. Not the 2,000 callback rows.
    expect(counter.rows).toBeLessThanOrEqual(6);
    const made = await gw.ctx.db.selectFrom('webhook_deliveries').select('endpoint_id').execute();
    const callback = (await callbackRows()).find((r) => r.url === receiver.url('/fan-callback'))!;
    expect(made.filter((d) => d.endpoint_id === callback.id)).toHaveLength(3);
    expect(made.filter((d) => d.endpoint_id === ep.body.id)).toHaveLength(3);
    expect(made).toHaveLength(6);
  });
});

describe('the cap on endpoints', () => {
  it('holds under 40 parallel creations: exactly the cap is made, the rest refused with 422', async () => {
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        v1(gw, 'POST', '/webhook-endpoints', {
          auth: testKey.secret,
          body: { url: receiver.url(`/parallel-${i}`), events: ['message.delivered'] },
        }),
      ),
    );
    expect(made.filter((r) => r.status === 201)).toHaveLength(ENDPOINT_CAP);
    const refused = made.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(40 - ENDPOINT_CAP).fill(422));
    expect(refused[0]!.body.error.code).toBe('too_many_endpoints');
    const listed = await v1(gw, 'GET', '/webhook-endpoints', { auth: testKey.secret });
    expect(listed.body.data).toHaveLength(ENDPOINT_CAP);
  });
});
