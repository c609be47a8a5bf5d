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
import { oneIdempotencyStore } from '../../server/src/db/migrations/030-one-idempotency-store';
import { sql } from 'kysely';

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

  /** Every row of the store of answers (the send path's and the API's). */
  const stored = () => gw.ctx.db.selectFrom('idempotent_answers').selectAll().execute();
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

  /**
   * The rows as a gateway before hashed keys and before one store kept them: the send path's answers in
   * `send_answers`, the API's in `api_idempotency`, each under the key itself.
   */
  async function storeAsBefore(keys: string[]) {
    const db = gw.ctx.db;
    const rows = await stored();
    const keyOf = (hash: string) => keys.find((k) => sha256(k) === hash) ?? hash;
    await db.schema.dropTable('idempotent_answers').execute();
    await sql`create table send_answers (profile_id integer not null, idem_key text not null, answer text not null,
      created_at bigint not null, primary key (profile_id, idem_key))`.execute(db);
    await sql`create table api_idempotency (profile_id integer not null, mode text not null, idem_key text not null,
      body_hash text not null, answer text not null, created_at bigint not null,
      primary key (profile_id, mode, idem_key))`.execute(db);
    for (const r of rows) {
      const key = keyOf(r.idem_key);
      if (r.mode === '')
        await sql`insert into send_answers values (${r.profile_id}, ${key}, ${r.answer}, ${r.created_at})`.execute(db);
      else
        await sql`insert into api_idempotency values (${r.profile_id}, ${r.mode}, ${key}, ${r.body_hash}, ${r.answer},
          ${r.created_at})`.execute(db);
    }
  }

  it('keeps the answers a gateway stored before, under hashed keys in one store: their repeats still find them', async () => {
    const first = await apiSend();
    const appFirst = await appSend();
    expect([first.status, appFirst.status]).toEqual([201, 200]);
    const apiJobKey = `${sha256(`api-v1:test:${apiKey}`).slice(0, 32)}:0-1`;
    await storeAsBefore([apiKey, appKey, apiJobKey]);
    const before = await sql<{ idem_key: string }>`select idem_key from send_answers`.execute(gw.ctx.db);
    expect(before.rows.map((r) => r.idem_key).sort()).toEqual([apiJobKey, appKey].sort());

    await hashedIdempotencyKeys(gw.ctx.db.dialectName).up(gw.ctx.db);
    await oneIdempotencyStore(gw.ctx.db.dialectName).up(gw.ctx.db);
    const rows = await stored();
    expect(rows.map((r) => [r.mode, r.idem_key]).sort()).toEqual(
      [
        ['test', sha256(apiKey)],
        ['', sha256(appKey)],
        ['', sha256(apiJobKey)],
      ].sort(),
    );
    const count = await recipients();
    expect(await apiSend()).toMatchObject({ status: 201, body: first.body });
    expect(await appSend()).toEqual(appFirst);
    expect(await recipients()).toBe(count);
    // The API's key is still held for its body: another body is refused.
    const other = await v1(gw, 'POST', '/messages', {
      auth: key.secret,
      body: { ...apiBody, text: 'Another text' },
      headers: { 'idempotency-key': apiKey },
    });
    expect(other.status).toBe(409);
  });
});
