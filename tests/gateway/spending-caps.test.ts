// Spending caps (docs/product.md#spending-caps): a client's monthly cap its provider sets, an API
// key's daily cap and SMPP access's. A send past one is refused naming the cap and nothing is charged;
// sends at once never pass a cap together. The SMPP server answers a capped submit ESME_RSUBMITFAIL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, numbers, sendItem, sendSms } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { bind, smppAccessFor, startSmpp, submit, gsmAscii } from './helpers/smpp-customer';
import { DAY_MS } from '../../src/domain/dates';

let gw: TestGateway;
let sup: Awaited<ReturnType<typeof account>>;
let acme: Awaited<ReturnType<typeof account>>;
let demo: Awaited<ReturnType<typeof account>>;
let client: Awaited<ReturnType<typeof account>>;

/** Sessions (and API keys) for the seeded accounts as of the test clock. */
async function signIn() {
  [sup, acme, demo, client] = await Promise.all([
    account(gw, 'supervisor'),
    account(gw, 'acmeadmin'),
    account(gw, 'demouser'),
    account(gw, 'acmeclient'),
  ]);
}

beforeAll(async () => {
  gw = await makeTestApp();
  await signIn();
});
afterAll(() => gw.close());

/** A balance that does not expire while the test clock moves on. */
const setBalance = (profileId: number, credits: number) =>
  gw.ctx.db
    .updateTable('users')
    .set({ creditbalance: credits, creditexpires: Date.parse('2100-01-01T00:00:00Z') / 1000 })
    .where('profile_id', '=', profileId)
    .execute();
const balance = async (profileId: number) =>
  Number(
    (
      await gw.ctx.db
        .selectFrom('users')
        .select('creditbalance')
        .where('profile_id', '=', profileId)
        .executeTakeFirstOrThrow()
    ).creditbalance,
  );
const ledgerRows = async (profileId: number) =>
  (await gw.ctx.db.selectFrom('credit_ledger').select('id').where('profile_id', '=', profileId).execute()).length;
const setCap = (admin: { profile_id: number; token: string }, clientId: number, monthlycap: string) =>
  call(gw, 'setclientcap', { profile_id: admin.profile_id, clientprofile_id: clientId, monthlycap }, admin);

/** `count` sends of `size` credits each by the legacy send call, all at once. */
const sendAtOnce = (apikey: string, count: number, size: number, from: number) =>
  Promise.all(
    Array.from({ length: count }, (_, k) =>
      sendSms(gw, apikey, [sendItem({ destinationAddress: numbers(size, from + k * size) })]),
    ),
  );

describe("a client's monthly cap", () => {
  it('is set by its provider only, and shown in the client list', async () => {
    const set = await setCap(acme, client.profile_id, '50');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.userInfo.monthlycap).toBe(50);
    const listed = await call(gw, 'allusers', { profile_id: acme.profile_id }, acme);
    const row = (listed.body.users as { profile_id: number; monthlycap: number | null }[]).find(
      (u) => u.profile_id === client.profile_id,
    );
    expect(row?.monthlycap).toBe(50);
    const other = await setCap(acme, demo.profile_id, '50');
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('User not found');
    const bad = await setCap(acme, client.profile_id, '12.5');
    expect(bad.status).toBe(400);
  });

  it('refuses the send that would pass it, naming the cap, and charges nothing', async () => {
    await setBalance(client.profile_id, 1000);
    const first = await sendSms(
      gw,
      client.apikey,
      [sendItem({ sourceAddress: 'ACMECL', destinationAddress: numbers(40, 0) })],
      { host: 'acme.localhost' },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const rows = await ledgerRows(client.profile_id);
    const past = await sendSms(
      gw,
      client.apikey,
      [sendItem({ sourceAddress: 'ACMECL', destinationAddress: numbers(20, 100) })],
      { host: 'acme.localhost' },
    );
    expect(past.status).toBe(402);
    expect(past.body.error.message).toBe(
      'This send would pass the monthly cap of 50 credits your provider set (10 left this month).',
    );
    expect(await balance(client.profile_id)).toBe(960);
    expect(await ledgerRows(client.profile_id)).toBe(rows);
  });

  it('lets sends at once spend up to it and no further, on a fresh month', async () => {
    gw.clock.now = Date.parse('2026-12-01T00:00:00Z');
    await signIn();
    await setBalance(demo.profile_id, 1000);
    expect((await setCap(sup, demo.profile_id, '50')).status).toBe(200);
    const answers = await sendAtOnce(demo.apikey, 10, 10, 1000);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused)
      expect(r.body.error.message).toMatch(/^This send would pass the monthly cap of 50 credits/);
    expect(await balance(demo.profile_id)).toBe(950);
    // A new month starts again; a cap cleared lets any send through.
    gw.clock.now = Date.parse('2027-01-01T00:00:00Z');
    await signIn();
    expect((await sendAtOnce(demo.apikey, 1, 50, 2000))[0]!.status).toBe(200);
    expect((await setCap(sup, demo.profile_id, '')).body.userInfo.monthlycap).toBeNull();
    expect((await sendAtOnce(demo.apikey, 1, 60, 3000))[0]!.status).toBe(200);
    expect(await balance(demo.profile_id)).toBe(840);
  });
});

describe("an API key's daily cap", () => {
  it('refuses sends past it with its error envelope, at once or not, and leaves other keys alone', async () => {
    await setBalance(demo.profile_id, 1000);
    const capped = await makeKey(gw, demo.token, { dailyCap: 30 });
    expect(capped.dailyCap).toBe(30);
    const other = await makeKey(gw, demo.token);
    const send = (secret: string, from: number) =>
      v1(gw, 'POST', '/messages', {
        auth: secret,
        body: { from: 'DEMO', to: numbers(10, from).split(','), text: 'Hi' },
      });
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((k) => send(capped.secret, 5000 + k * 10)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 402);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.error).toMatchObject({
      code: 'spending_cap_reached',
      message: 'This send would pass the daily cap of 30 credits of this API key (0 left today).',
    });
    expect(await balance(demo.profile_id)).toBe(970);
    expect((await send(other.secret, 6000)).status).toBe(201);

    const cleared = await v1(gw, 'POST', `/api-keys/${capped.id}/daily-cap`, {
      auth: demo.token,
      body: { dailyCap: null },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.dailyCap).toBeNull();
    expect((await send(capped.secret, 6100)).status).toBe(201);

    const raised = await v1(gw, 'POST', `/api-keys/${capped.id}/daily-cap`, {
      auth: demo.token,
      body: { dailyCap: 0 },
    });
    expect(raised.status).toBe(400);
    const missing = await v1(gw, 'POST', '/api-keys/key_nope/daily-cap', { auth: demo.token, body: { dailyCap: 5 } });
    expect(missing.status).toBe(404);
  });

  it('counts only the day: the next Accra day starts again', async () => {
    const key = await makeKey(gw, demo.token, { dailyCap: 10 });
    const send = (from: number) =>
      v1(gw, 'POST', '/messages', {
        auth: key.secret,
        body: { from: 'DEMO', to: numbers(10, from).split(','), text: 'Hi' },
      });
    expect((await send(7000)).status).toBe(201);
    expect((await send(7100)).status).toBe(402);
    gw.clock.advance(DAY_MS);
    expect((await send(7200)).status).toBe(201);
  });
});

describe("an API key's daily cap and what it gave back", () => {
  it('counts a cancelled scheduled send of the key as given back: the key may spend it again that day', async () => {
    await setBalance(demo.profile_id, 1000);
    const key = await makeKey(gw, demo.token, { dailyCap: 30 });
    const send = (from: number, size: number, scheduleAt?: string) =>
      v1(gw, 'POST', '/messages', {
        auth: key.secret,
        body: { from: 'DEMO', to: numbers(size, from).split(','), text: 'Hi', ...(scheduleAt ? { scheduleAt } : {}) },
      });
    const later = await send(8000, 20, new Date(gw.clock.now + 3_600_000).toISOString());
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect((await send(8100, 20)).status).toBe(402);

    const cancelled = await v1(gw, 'POST', `/batches/${later.body.batchId}/cancel`, { auth: key.secret });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refunded: 20 });
    const refund = await gw.ctx.db
      .selectFrom('credit_ledger')
      .select(['amount', 'api_key_id'])
      .where('profile_id', '=', demo.profile_id)
      .where('reason', '=', 'refund')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ amount: 20, api_key_id: key.id });
    const now = await send(8200, 30);
    expect(now.status, JSON.stringify(now.body)).toBe(201);
    expect((await send(8300, 1)).status).toBe(402);
    expect(await balance(demo.profile_id)).toBe(970);
  });
});

describe("SMPP access's daily cap", () => {
  it('answers the submits past it ESME_RSUBMITFAIL and charges only those it took, binds at once', async () => {
    await setBalance(demo.profile_id, 1000);
    const before = await balance(demo.profile_id);
    const { systemId } = await smppAccessFor(gw, 'demouser', { dailyCap: 3 });
    const smpp = await startSmpp(gw);
    const customers = await Promise.all([bind(smpp.port, systemId), bind(smpp.port, systemId)]);
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, k) =>
          submit(customers[k % 2]!.session, {
            destination_addr: `23324100${String(k).padStart(3, '0')}0`,
            short_message: gsmAscii('Hello'),
          }),
        ),
      );
      const statuses = answers.map((a) => a.command_status);
      expect(statuses.filter((s) => s === 0)).toHaveLength(3);
      expect(statuses.filter((s) => s === 0x45)).toHaveLength(3);
      expect(await balance(demo.profile_id)).toBe(before - 3);
    } finally {
      await Promise.all(customers.map((c) => c.close()));
      await smpp.stop();
    }
  });
});
