// Opted-out numbers through the integrators' API (docs/api-v1.md): sendMessages lists them as rejected
// with the reason opted_out, charges nothing for them, and getMessage says opted_out. Every answer is
// checked against the OpenAPI document (v1()).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { suppress } from '../../server/src/optouts/suppression';

describe('sendMessages and opt-outs', () => {
  let gw: TestGateway;
  beforeEach(async () => {
    gw = await makeTestApp();
  });
  afterEach(() => gw.close());

  it('rejects an opted-out number with the reason opted_out, sends and charges only the rest', async () => {
    const demo = await account(gw, 'demouser');
    const live = await makeKey(gw, demo.token);
    await suppress(gw.ctx.db, demo.profile_id, ['0241000020'], 'stop_reply', 0, gw.clock.now);
    const before = await balanceOf(gw, 'demouser');
    const res = await v1(gw, 'POST', '/messages', {
      auth: live.secret,
      body: { from: 'DEMO', to: ['233241000010', '+233 241 000 020', '12345'], text: 'Your order has shipped' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ accepted: 1, rejected: 2, parts: 1, cost: 1 });
    expect(res.body.messages.map((m: any) => [m.to, m.status, m.reason, m.cost])).toEqual([
      ['233241000010', 'queued', null, 1],
      ['+233 241 000 020', 'rejected', 'opted_out', 0],
      ['12345', 'rejected', 'invalid_number', 0],
    ]);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 1);
    await tickCarrier(gw.ctx);
    const skipped = await v1(gw, 'GET', `/messages/${res.body.messages[1].messageId}`, { auth: live.secret });
    expect(skipped.body).toMatchObject({ status: 'opted_out' });
    const parts = await gw.ctx.db
      .selectFrom('carrier_parts')
      .select('to_number')
      .where('to_number', '=', '233241000020')
      .execute();
    expect(parts).toEqual([]);
  });
});
