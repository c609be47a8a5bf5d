// The webhook loop's claims (docs/api-v1.md#webhooks): one claim of an endpoint takes at most its
// cap, however many of its deliveries wait and whatever plan the database picks for the claim. On
// PostgreSQL an UPDATE whose `IN (SELECT … LIMIT k FOR UPDATE SKIP LOCKED)` is rescanned once per row
// skips the rows it has just updated and takes the next k each time: every waiting delivery at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { fanOutEvents } from '../../server/src/integrations/webhooks/events';
import { ENDPOINT_CAP, fill, type Claimed, type InFlight } from '../../server/src/integrations/webhooks/claims';

let gw: TestGateway;

beforeAll(async () => {
  gw = await makeTestApp();
});
afterAll(async () => {
  await gw.close();
});

describe('one claim of an endpoint', () => {
  it('takes its cap of 40 waiting deliveries, no more: the rest wait unclaimed and uncounted', async () => {
    const demo = await account(gw, 'demouser');
    const key = await makeKey(gw, demo.token, { mode: 'test', scopes: ['messages:send', 'webhooks:manage'] });
    const made = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: key.secret,
      body: { url: 'http://127.0.0.1:9/claims', events: ['message.delivered'] },
    });
    expect(made.status).toBe(201);
    const to = Array.from({ length: 40 }, (_, i) => `23324${String(600 + i).padStart(5, '0')}50`);
    const sent = await v1(gw, 'POST', '/messages', {
      auth: key.secret,
      body: { from: 'DEMO', to, text: 'Your order has shipped' },
    });
    expect(sent.body.accepted).toBe(40);
    while ((await fanOutEvents(gw.ctx)) > 0);
    const waiting = () =>
      gw.ctx.db
        .selectFrom('webhook_deliveries')
        .select(['claimed_by', 'attempts'])
        .where('endpoint_id', '=', made.body.id)
        .execute();
    expect(await waiting()).toHaveLength(40);

    const flight: InFlight = { total: 0, endpoints: new Map(), accounts: new Map() };
    const taken: Claimed[] = [];
    await fill(gw.ctx, 'loop-claims', flight, (d) => {
      taken.push(d);
      const e = flight.endpoints.get(d.endpoint_id) ?? { n: 0, cap: d.cap };
      e.n += 1;
      flight.endpoints.set(d.endpoint_id, e);
      flight.accounts.set(d.profileId, (flight.accounts.get(d.profileId) ?? 0) + 1);
      flight.total += 1;
    });

    expect(taken).toHaveLength(ENDPOINT_CAP);
    const rows = await waiting();
    expect(rows.filter((d) => d.claimed_by === 'loop-claims')).toHaveLength(ENDPOINT_CAP);
    expect(rows.reduce((n, d) => n + Number(d.attempts), 0)).toBe(ENDPOINT_CAP);
  });
});
