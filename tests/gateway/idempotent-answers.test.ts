// The one store of Idempotency-Key answers (server/src/messaging/idempotency.ts): the send path's and the
// API v1's side by side, each kept for its own time (docs/api.md#idempotency-key-and-batches: 30 days;
// docs/api-v1.md#idempotency: at least 24 hours), then swept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, sendItem, sendSms } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { pruneAnswers } from '../../server/src/messaging/idempotency';

const HOUR = 3_600_000;

describe('one store of answers', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  let key: { secret: string };
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    key = await makeKey(gw, demo.token, { mode: 'test', scopes: ['messages:send'] });
  });
  afterAll(() => gw.close());

  const modes = async () =>
    (await gw.ctx.db.selectFrom('idempotent_answers').select('mode').execute()).map((r) => r.mode).sort();
  const apiSend = (text: string) =>
    v1(gw, 'POST', '/messages', {
      auth: key.secret,
      body: { from: 'DEMO', to: ['233241000610'], text },
      headers: { 'idempotency-key': 'order-7' },
    });

  it("keeps the API's answers a day and the send path's 30 days, in the one table", async () => {
    expect((await apiSend('First')).status).toBe(201);
    const app = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000620' })], {
      key: 'job-7:0-0',
    });
    expect(app.status).toBe(200);
    // The API's answer, and the send path's twice: the app's job and the API's send through the send path.
    expect(await modes()).toEqual(['', '', 'test']);

    gw.clock.advance(23 * HOUR);
    await pruneAnswers(gw.ctx.db, gw.clock.now);
    expect(await modes()).toEqual(['', '', 'test']);
    // Still the key's: another body is refused.
    expect((await apiSend('Second')).status).toBe(409);

    gw.clock.advance(2 * HOUR);
    await pruneAnswers(gw.ctx.db, gw.clock.now);
    expect(await modes()).toEqual(['', '']);
    // Past its day the key is free again.
    expect((await apiSend('Second')).status).toBe(201);

    gw.clock.advance(30 * 24 * HOUR);
    await pruneAnswers(gw.ctx.db, gw.clock.now);
    expect(await modes()).toEqual([]);
  });
});
