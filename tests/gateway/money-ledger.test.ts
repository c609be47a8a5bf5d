import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { account, sendItem, sendSms } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { acceptSingles } from '../../server/src/sending/accept-singles';
import { tickScheduler } from '../../server/src/scheduler/scheduler';
import { CHECKOUT_TTL_MS } from '../../server/src/payments/checkout';
import { expireCheckouts } from '../../server/src/payments/reservations';
import { ledgerOf } from '../../server/src/money/ledger';
import { creditLedger } from '../../server/src/db/migrations/033-credit-ledger';
import { DELIVERY_TIME_PATTERN, formatAccra } from '../../src/domain/dates';

// Every account's balance is the sum of its ledger (server/src/money), never below zero, each row's
// balance the one before plus its amount, after random operations run concurrently: sends from the
// app, the API and SMPP submits, scheduled and recurring registrations, their edits, deletions and
// runs, gifts, card checkouts paid, cancelled and expired. LEDGER_OPERATIONS sets how many (300).

const OPERATIONS = Number(process.env.LEDGER_OPERATIONS ?? 300);
const AT_ONCE = 8;
const SEED = Number(process.env.LEDGER_SEED ?? 59);
const HOUR_MS = 3_600_000;
/** The client's monthly spending cap (docs/product.md#spending-caps): its sends reach it in the run. */
const CLIENT_CAP = 300;
const SPENDING = ['send', 'scheduled_run', 'edit', 'refund', 'smpp_submit', 'api_send'];

/** A seeded random sequence (mulberry32), so a failing interleaving can be run again with its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Sender = Session & { apikey: string; sender: string; host: string; secret: string };
interface Registration {
  id: number;
  list: 'scheduled' | 'recurring';
  owner: Sender;
}

describe('the credit ledger holds every balance after any interleaving', () => {
  let gw: TestGateway;
  let sup: Session;
  let acme: Session;
  let demo: Sender;
  let client: Sender;
  const next = random(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const registrations: Registration[] = [];
  const links: { reference: string; buyer: Sender }[] = [];
  const statuses = new Map<string, number[]>();

  beforeAll(async () => {
    gw = await makeTestApp();
    sup = await login(gw, 'supervisor', 'supervisor123');
    acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    const sender = async (username: string, password: string, sender: string, host: string) => {
      const session = await login(gw, username, password, host);
      const { apikey } = await account(gw, username);
      const { secret } = await makeKey(gw, session.token);
      return { ...session, apikey, sender, host, secret };
    };
    demo = await sender('demouser', 'demo12345', 'DEMO', 'localhost');
    client = await sender('acmeclient', 'client12345', 'ACMECL', 'acme.localhost');
    // Its provider caps the client's month, and the demo asks for an alert: both hold under the same load.
    const capped = await as(
      acme,
      'setclientcap',
      { clientprofile_id: client.profile_id, monthlycap: CLIENT_CAP },
      'acme.localhost',
    );
    expect(capped.status).toBe(200);
    expect((await as(demo, 'setlowbalancealert', { threshold: '4000' })).status).toBe(200);
  });
  afterAll(() => gw.close());

  const texts = ['Hello', 'x'.repeat(200), 'y'.repeat(400), 'Ɛ'.repeat(100)];
  const someNumbers = () =>
    Array.from(
      { length: 1 + Math.floor(next() * 120) },
      () => `23324${String(Math.floor(next() * 1e6)).padStart(6, '0')}0`,
    );
  const later = (ms: number) => formatAccra(gw.clock.now + ms, DELIVERY_TIME_PATTERN);
  const as = (s: Session, path: string, body: Record<string, unknown>, host = 'localhost') =>
    call(gw, path, { profile_id: s.profile_id, ...body }, { token: s.token, host });

  /** Each kind of operation: it answers the HTTP status (or 200 for a function called directly). */
  const operations: Record<string, () => Promise<number>> = {
    appSend: async () => {
      const s = pick([demo, client]);
      const text = pick(texts);
      const item = sendItem({
        sourceAddress: s.sender,
        destinationAddress: someNumbers().join(','),
        shortMessage: text,
      });
      return (await sendSms(gw, s.apikey, [{ ...item, specialUnicodeSupport: text.startsWith('Ɛ') }], { host: s.host }))
        .status;
    },
    apiSend: async () => {
      const s = pick([demo, client]);
      const body = { from: s.sender, to: someNumbers(), text: pick(texts) };
      return (await v1(gw, 'POST', '/messages', { auth: s.secret, body, headers: { host: s.host } })).status;
    },
    smppSubmit: async () => {
      const s = pick([demo, client]);
      const texts = someNumbers().map((number) => ({ sender: s.sender, number, text: pick(['Hi', 'z'.repeat(170)]) }));
      // The SMPP server's rows beside each text are left out: none (a CTE answering no row).
      const besideInOne = () => sql`select null::bigint as id, null::bigint as recipient_id where false`;
      await acceptSingles(gw.ctx, [{ profileId: s.profile_id, texts }], { description: 'SMPP', besideInOne });
      return 200;
    },
    register: async () => {
      const s = pick([demo, client]);
      const recurring = next() < 0.4;
      const item = sendItem({
        sourceAddress: s.sender,
        destinationAddress: someNumbers().join(','),
        shortMessage: pick(texts),
        messageType: recurring ? 'recurring sms' : 'scheduled sms',
        expectedDeliveryTime: later(HOUR_MS + Math.floor(next() * 3 * HOUR_MS)),
        ...(recurring ? { recurringPeriod: 'Hourly', recurringInterval: 1 } : {}),
      });
      const res = await sendSms(gw, s.apikey, [item], { host: s.host });
      if (res.status === 200)
        registrations.push({ id: res.body.message_id, list: recurring ? 'recurring' : 'scheduled', owner: s });
      return res.status;
    },
    edit: async () => {
      if (registrations.length === 0) return 200;
      const reg = pick(registrations);
      const text = pick(texts);
      const body = { message_id: reg.id, shortMessage: text, specialUnicodeSupport: text.startsWith('Ɛ') };
      return (await as(reg.owner, `update${reg.list}`, body, reg.owner.host)).status;
    },
    delete: async () => {
      if (registrations.length === 0) return 200;
      const reg = pick(registrations);
      return (await as(reg.owner, `delete${reg.list}`, { message_id: reg.id }, reg.owner.host)).status;
    },
    run: async () => {
      await tickScheduler(gw.ctx);
      return 200;
    },
    gift: async () => {
      const [from, to, host] = pick([
        [sup, demo, 'localhost'],
        [sup, acme, 'localhost'],
        [acme, client, 'acme.localhost'],
      ] as const);
      const body = { amount: 1 + Math.floor(next() * 400), clientprofile_id: to.profile_id, currency: 'GHS' };
      return (await as(from, 'manualcreditpurchase', body, host)).status;
    },
    checkout: async () => {
      const buyer = pick([demo, client]);
      const body = {
        amount: 1 + Math.floor(next() * 300),
        currency: 'GHS',
        country: 'Ghana',
        title: 'SMS credit',
        description: '',
      };
      const res = await as(buyer, 'paystack-link/', body, buyer.host);
      const reference = /\/smsgateway\/pay\/([0-9a-f]{48})$/.exec(String(res.body.link ?? ''))?.[1];
      if (reference) links.push({ reference, buyer });
      return res.status;
    },
    settle: async () => {
      if (links.length === 0) return 200;
      const { reference } = pick(links);
      const res = await gw.app.inject({
        method: 'POST',
        url: `/smsgateway/pay/${reference}`,
        payload: `action=${next() < 0.7 ? 'pay' : 'cancel'}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      return res.statusCode;
    },
    expire: async () => {
      await expireCheckouts(gw.ctx);
      return 200;
    },
  };
  const weights: [string, number][] = [
    ['appSend', 5],
    ['apiSend', 4],
    ['smppSubmit', 4],
    ['register', 3],
    ['edit', 4],
    ['delete', 2],
    ['run', 2],
    ['gift', 3],
    ['checkout', 3],
    ['settle', 3],
    ['expire', 1],
  ];
  const totalWeight = weights.reduce((n, [, w]) => n + w, 0);
  const anOperation = () => {
    let at = next() * totalWeight;
    for (const [name, w] of weights) if ((at -= w) < 0) return name;
    return weights[0]![0];
  };

  /** Every account: its balance is its ledger's sum, never below zero, each row following the one before. */
  async function expectLedgersHold() {
    const users = await gw.ctx.db.selectFrom('users').select(['profile_id', 'username', 'creditbalance']).execute();
    for (const user of users) {
      const rows = await ledgerOf(gw.ctx.db, user.profile_id);
      expect(rows.length, `${user.username} has an opening row`).toBeGreaterThan(0);
      let running = 0;
      for (const row of rows) {
        running += row.amount;
        expect(row.balanceAfter, `${user.username}'s row ${row.id} (${row.reason})`).toBeCloseTo(running, 6);
        expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
      }
      expect(Number(user.creditbalance), `${user.username}'s balance is its ledger's sum`).toBeCloseTo(running, 6);
      expect(Number(user.creditbalance)).toBeGreaterThanOrEqual(0);
    }
  }

  it(
    `${OPERATIONS} random operations, ${AT_ONCE} at a time, keep every balance equal to its ledger`,
    async () => {
      await expectLedgersHold();
      for (let done = 0; done < OPERATIONS; done += AT_ONCE) {
        const names = Array.from({ length: Math.min(AT_ONCE, OPERATIONS - done) }, anOperation);
        const answers = await Promise.all(names.map((name) => operations[name]!()));
        names.forEach((name, i) => statuses.set(name, [...(statuses.get(name) ?? []), answers[i]!]));
        // Now and then the hour moves on: recurring sends fall due, links expire.
        if (next() < 0.15) gw.clock.advance(next() < 0.5 ? HOUR_MS : CHECKOUT_TTL_MS + 1);
        await expectLedgersHold();
      }
      // A refusal is an answer (short of credit, a link no longer payable, a registration deleted); a fault is not.
      for (const [name, list] of statuses) for (const status of list) expect(status, name).toBeLessThan(500);
      const rows = await gw.ctx.db.selectFrom('credit_ledger').select(['reason', 'ref_kind', 'ref_id']).execute();
      // Each change names what caused it (an SMPP submit charged before its message is stored names none).
      for (const row of rows.filter((r) => r.reason !== 'smpp_submit')) expect(row.ref_id, row.reason).not.toBe('');
      if (OPERATIONS >= 300) {
        const seen = new Set(rows.map((r) => r.reason));
        for (const reason of [
          'opening',
          'send',
          'api_send',
          'smpp_submit',
          'edit',
          'refund',
          'gift',
          'purchase',
        ] as const)
          expect([...seen]).toContain(reason);
        // Some sends found the balance short: refused, nothing taken.
        expect([...statuses.values()].flat()).toContain(402);
      }
      // However the client's sends interleaved, its month spent no more than its cap.
      const clientRows = await ledgerOf(gw.ctx.db, client.profile_id, { from: Date.UTC(2026, 10, 1) });
      const spent = -clientRows.filter((r) => SPENDING.includes(r.reason)).reduce((n, r) => n + r.amount, 0);
      expect(spent).toBeLessThanOrEqual(CLIENT_CAP);
      // Each alert a charge raised was a crossing of the demo's level, at most one a day.
      const alerts = await gw.ctx.db.selectFrom('balance_alerts').selectAll().execute();
      for (const a of alerts) expect(Number(a.balance_after)).toBeLessThan(Number(a.threshold));
      expect(new Set(alerts.map((a) => `${a.profile_id} ${a.day}`)).size).toBe(alerts.length);
    },
    Math.max(60_000, OPERATIONS * 150),
  );

  it('reads an account’s rows between two instants', async () => {
    const demoRows = await ledgerOf(gw.ctx.db, demo.profile_id);
    const middle = demoRows[Math.floor(demoRows.length / 2)]!.at;
    const before = await ledgerOf(gw.ctx.db, demo.profile_id, { to: middle });
    const after = await ledgerOf(gw.ctx.db, demo.profile_id, { from: middle });
    expect([...before, ...after]).toEqual(demoRows);
    expect(before.every((r) => r.at < middle) && after.every((r) => r.at >= middle)).toBe(true);
  });
});

describe('the ledger migration', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('opens each existing account with an opening row of the balance it holds', async () => {
    const { db } = gw.ctx;
    // As before the migration: balances, no ledger.
    await sql`drop table credit_ledger`.execute(db);
    const before = await db.selectFrom('users').select(['profile_id', 'creditbalance']).orderBy('profile_id').execute();
    expect(before.map((u) => Number(u.creditbalance))).toEqual([1_000_000, 5_000, 50_000, 800]);
    await creditLedger(db.dialectName).up(db);
    for (const user of before) {
      const rows = await ledgerOf(db, user.profile_id);
      expect(rows.map(({ amount, balanceAfter, reason, actor }) => ({ amount, balanceAfter, reason, actor }))).toEqual([
        {
          amount: Number(user.creditbalance),
          balanceAfter: Number(user.creditbalance),
          reason: 'opening',
          actor: null,
        },
      ]);
    }
  });
});
