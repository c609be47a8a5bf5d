// listLedgerEntries and getStatement (docs/api-v1.md#credit-ledger): every change of the balance with
// its reason and cause, and a month that adds up to the balance.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';

let gw: TestGateway;
let live: { secret: string };
let acmeKey: { secret: string };

beforeAll(async () => {
  gw = await makeTestApp();
  const demo = await account(gw, 'demouser');
  live = await makeKey(gw, demo.token);
  acmeKey = await makeKey(gw, (await account(gw, 'acmeclient')).token);
});
afterAll(() => gw.close());

type Entry = {
  id: string;
  amount: number;
  balanceAfter: number;
  reason: string;
  reference: { kind: string; id: string } | null;
  at: string;
};

describe('the credit ledger through the API', () => {
  it('lists a send’s charge with its message, newest first, a page at a time', async () => {
    const sent = await v1(gw, 'POST', '/messages', {
      auth: live.secret,
      body: { from: 'DEMO', to: ['233241000010', '233241000020'], text: 'Ledger test' },
    });
    expect(sent.status).toBe(201);
    const balance = await balanceOf(gw, 'demouser');

    const first = await v1(gw, 'GET', '/ledger?limit=1', { auth: live.secret });
    expect(first.status).toBe(200);
    const [entry] = first.body.data as Entry[];
    expect(entry).toMatchObject({ amount: -2, balanceAfter: balance, reason: 'api_send' });
    // The send's batch, by the id sendMessages answered: getBatch opens it.
    expect(entry!.reference).toEqual({ kind: 'batch', id: sent.body.batchId });
    expect(first.body.hasMore).toBe(true);

    const next = await v1(gw, 'GET', `/ledger?limit=100&cursor=${first.body.nextCursor as string}`, {
      auth: live.secret,
    });
    const older = next.body.data as Entry[];
    expect(older.length).toBeGreaterThan(0);
    expect(older.map((e) => e.id)).not.toContain(entry!.id);
    // Each entry's balance follows from the one before it.
    const all = [entry!, ...older].reverse();
    for (let i = 1; i < all.length; i += 1)
      expect(all[i]!.balanceAfter).toBeCloseTo(all[i - 1]!.balanceAfter + all[i]!.amount, 6);

    const bad = await v1(gw, 'GET', '/ledger?cursor=not-ours', { auth: live.secret });
    expect(bad.status).toBe(400);
  });

  it('a month’s statement adds up to the balance; another account sees only its own', async () => {
    const month = new Date(gw.clock.now).toISOString().slice(0, 7);
    const res = await v1(gw, 'GET', `/statements/${month}`, { auth: live.secret });
    expect(res.status).toBe(200);
    const s = res.body as {
      openingBalance: number;
      closingBalance: number;
      credited: Record<string, number>;
      debited: Record<string, number>;
      entries: number;
      spentByKind: Record<string, number>;
    };
    const sum = (r: Record<string, number>) => Object.values(r).reduce((n, v) => n + v, 0);
    expect(s.closingBalance).toBe(await balanceOf(gw, 'demouser'));
    expect(s.openingBalance + sum(s.credited) - sum(s.debited)).toBeCloseTo(s.closingBalance, 6);
    expect(s.debited.api_send).toBeGreaterThanOrEqual(2);
    // Spending by the kind of send: the API's charges are the API's, every kind is named.
    expect(Object.keys(s.spentByKind).sort()).toEqual(['api', 'birthday', 'quick', 'recurring', 'scheduled', 'smpp']);
    expect(s.spentByKind.api).toBe(s.debited.api_send);

    const acme = await v1(gw, 'GET', `/statements/${month}`, { auth: acmeKey.secret });
    expect(acme.body.closingBalance).toBe(await balanceOf(gw, 'acmeclient'));
    expect(acme.body.debited.api_send ?? 0).toBe(0);

    // A month before the account's first change: nothing moved, nothing held.
    const before = await v1(gw, 'GET', '/statements/2020-01', { auth: live.secret });
    expect(before.body).toMatchObject({ openingBalance: 0, closingBalance: 0, entries: 0 });
  });

  it('refuses a month that is not YYYY-MM with 400, naming the rule', async () => {
    for (const month of ['2026-13', '2026-1', 'november']) {
      const res = await v1(gw, 'GET', `/statements/${month}`, { auth: live.secret });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('must be a month written YYYY-MM');
    }
  });

  it('answers the statement sample docs/api-v1.md shows, as written', async () => {
    const doc = readFileSync('docs/api-v1.md', 'utf8');
    const section = doc.slice(doc.indexOf('## Credit ledger'));
    const line = /curl (https:\/\/sms\.example\.com(\S+)) -H "Authorization: Bearer \$SMS_API_KEY"/.exec(section);
    expect(line).not.toBeNull();
    const res = await gw.app.inject({
      method: 'GET',
      url: line![2]!,
      headers: { host: 'localhost', authorization: `Bearer ${live.secret}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ month: '2026-11' });
  });
});
