// An erasure (docs/compliance.md#a-persons-data) leaves no trace of the number in the stored answers
// of repeated sends, their Idempotency-Keys included, even when an integrator wrote the number into
// its key; a repeat of the key afterwards sends and charges nothing again (docs/api-v1.md#idempotency,
// docs/api.md#idempotency-key-and-batches).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf, sendItem, sendSms } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { sha256 } from '../../server/src/auth/tokens';
import { hashedIdempotencyKeys } from '../../server/src/db/migrations/027-hashed-idempotency-keys';

const PERSON = '233241000550';
const OTHER = '233241000560';
const DIGITS = PERSON.slice(-9);
const MASKED = '*********550';

describe('Idempotency-Keys after an erasure', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  let key: { secret: string };
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    key = await makeKey(gw, demo.token, { mode: 'test', scopes: ['messages:send', 'messages:read'] });
  });
  afterEach(() => gw.close());

  const apiBody = { from: 'DEMO', to: [PERSON, OTHER], text: 'Your code is 4821' };
  const apiKey = `otp-${PERSON}-1`;
  const apiSend = () =>
    v1(gw, 'POST', '/messages', { auth: key.secret, body: apiBody, headers: { 'idempotency-key': apiKey } });
  const appKey = `${PERSON}:0-1`;
  const appSend = () =>
    sendSms(gw, demo.apikey, [sendItem({ destinationAddress: `${PERSON},${OTHER}` })], { key: appKey });
  const erase = () =>
    call(
      gw,
      'persondataerase',
      { profile_id: demo.profile_id, number: PERSON, confirm: PERSON },
      { token: demo.token },
    );

  /** Every row of both stores of answers, as text. */
  const stored = async () => [
    ...(await gw.ctx.db.selectFrom('api_idempotency').selectAll().execute()),
    ...(await gw.ctx.db.selectFrom('send_answers').selectAll().execute()),
  ];
  const recipients = async () => (await gw.ctx.db.selectFrom('message_recipients').select('id').execute()).length;

  it('holds none of the number’s digits in any column, and a repeat sends nothing again', async () => {
    const first = await apiSend();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const appFirst = await appSend();
    expect(appFirst.status).toBe(200);
    await tickCarrier(gw.ctx);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    expect(JSON.stringify(await stored())).toContain(DIGITS);

    const erased = await erase();
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const rows = await stored();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => JSON.stringify(r).includes(DIGITS))).toEqual([]);

    const before = { recipients: await recipients(), balance: await balanceOf(gw, 'demouser') };
    // The API's repeat: its first answer, the number masked in it.
    const again = await apiSend();
    expect(again.status).toBe(201);
    expect(again.body).toEqual({
      ...first.body,
      messages: [{ ...first.body.messages[0], to: MASKED }, first.body.messages[1]],
    });
    // The same key with another body is still the key's.
    const other = await v1(gw, 'POST', '/messages', {
      auth: key.secret,
      body: { ...apiBody, text: 'Another text' },
      headers: { 'idempotency-key': apiKey },
    });
    expect(other.status).toBe(409);
    // The app's repeat: its recipients were accepted once, they are not sent or charged again.
    const appAgain = await appSend();
    expect(appAgain).toEqual(appFirst);
    expect({ recipients: await recipients(), balance: await balanceOf(gw, 'demouser') }).toEqual(before);
    expect((await stored()).filter((r) => JSON.stringify(r).includes(DIGITS))).toEqual([]);
  });

  it('hashes the keys a gateway stored before, so their repeats still find their answers', async () => {
    const first = await apiSend();
    const appFirst = await appSend();
    expect([first.status, appFirst.status]).toEqual([201, 200]);
    // The rows as a gateway before hashed keys kept them: the keys themselves.
    const apiJobKey = `${sha256(`api-v1:test:${apiKey}`).slice(0, 32)}:0-1`;
    const unhash = (table: 'api_idempotency' | 'send_answers', key: string) =>
      gw.ctx.db.updateTable(table).set({ idem_key: key }).where('idem_key', '=', sha256(key)).execute();
    await unhash('api_idempotency', apiKey);
    await unhash('send_answers', appKey);
    await unhash('send_answers', apiJobKey);
    expect(JSON.stringify(await stored())).toContain(appKey);

    await hashedIdempotencyKeys(gw.ctx.db.dialectName).up(gw.ctx.db);
    const keys = (await stored()).map((r) => r.idem_key).sort();
    expect(keys).toEqual([sha256(apiKey), sha256(appKey), sha256(apiJobKey)].sort());
    const count = await recipients();
    expect(await apiSend()).toMatchObject({ status: 201, body: first.body });
    expect(await appSend()).toEqual(appFirst);
    expect(await recipients()).toBe(count);
  });
});
