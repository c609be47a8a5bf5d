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

  it('lists, adds and removes opt-outs, all or nothing, with a reason for a removal', async () => {
    const demo = await account(gw, 'demouser');
    const key = await makeKey(gw, demo.token);
    const acme = await account(gw, 'acmeclient');
    const acmeKey = await makeKey(gw, acme.token);
    const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, secret = key.secret) =>
      v1(gw, method, path, { auth: secret, body });

    const bad = await call('POST', '/opt-outs', { numbers: ['0241000101', 'nope'] });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toContain("'nope' (number 2) is not a phone number: nothing was added");
    const added = await call('POST', '/opt-outs', { numbers: ['0241000101', '+233 24 100 0102', '233241000101'] });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ added: 2, already: 0 });
    for (let i = 3; i <= 4; i += 1) {
      gw.clock.advance(1000);
      await call('POST', '/opt-outs', { numbers: [`024100010${i}`], reason: 'complaint' });
    }

    const first = await call('GET', '/opt-outs?limit=3');
    expect(first.body.data.map((o: any) => [o.number, o.reason])).toEqual([
      ['233241000104', 'complaint'],
      ['233241000103', 'complaint'],
      ['233241000102', 'manual'],
    ]);
    expect(first.body.hasMore).toBe(true);
    const second = await call('GET', `/opt-outs?limit=3&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(second.body.data.map((o: any) => o.number)).toEqual(['233241000101']);
    expect((await call('GET', '/opt-outs', undefined, acmeKey.secret)).body.data).toEqual([]);

    expect((await call('DELETE', '/opt-outs/0241000101')).status).toBe(400);
    expect((await call('DELETE', '/opt-outs/0241000109?reason=opted%20in')).status).toBe(404);
    expect((await call('DELETE', '/opt-outs/0241000101?reason=opted%20in', undefined, acmeKey.secret)).status).toBe(
      404,
    );
    const removed = await call('DELETE', '/opt-outs/0241000101?reason=opted%20in%20again');
    expect(removed.body).toEqual({ number: '0241000101', removed: true });
    const log = await gw.ctx.db.selectFrom('optout_log').selectAll().where('action', '=', 'removed').execute();
    expect(log.map((l) => [l.number, l.reason, l.by_profile_id])).toEqual([
      ['233241000101', 'opted in again', demo.profile_id],
    ]);
  });
});
