// A 100,000-recipient send through the SMPP connector to a local SMSC (its own process).
// Prints, per database and window: submits per second end to end, and the time until every receipt
// is stored; then the same send with the link dropped and the gateway killed in the middle:
// duplicates, parts in doubt and receipts lost.
// Run: npm run bench -- carrier   (PostgreSQL: node scripts/with-postgres.mjs npx tsx tests/bench/carrier.bench.ts)
// CARRIER_RECIPIENTS=20000 for a quicker run; CARRIER_SCENARIOS=clean|interrupted to run one part;
// CARRIER_WINDOWS=10 for one window.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeTestApp, freshPostgres, type TestGateway } from '../gateway/helpers/test-app';
import { fundedAccount, numbers, sendItem, sendSms } from '../gateway/helpers/messaging';
import { settingsFor } from '../gateway/helpers/fake-smsc';
import { SmppConnector } from '../../server/src/carrier/smpp/smpp-connector';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { PART } from '../../server/src/db/schema-carrier';
import { STAGE } from '../../server/src/db/schema-messaging';
import { startGateway, type RunningGateway } from '../e2e/support/gateway';
import { openDatabase, type Db } from '../../server/src/db/database';
import { IN_DOUBT_SETTLE_MS } from '../../server/src/carrier/dispatcher';
import { apiCall, apiLogin, apiSend } from '../e2e/support/api-accounts';

const RECIPIENTS = Number(process.env.CARRIER_RECIPIENTS ?? 100_000);
const SCENARIOS = process.env.CARRIER_SCENARIOS ?? 'clean,interrupted';
const WINDOWS = (process.env.CARRIER_WINDOWS ?? '10,50').split(',').map(Number);
const TEXT = 'Akwaaba! Your order 4471 is ready for pickup at the Osu branch until 6 pm today.';

interface SmscStats {
  parts: number;
  recipients: number;
  whole: number;
  duplicates: number;
  receiptsSent: number;
  receiptsAcked: number;
  binds: number;
}

/** The SMSC in a child process, driven over IPC. */
async function startSmsc() {
  const child: ChildProcess = fork('tests/bench/support/smsc-child.ts', { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
      child.send({ type });
    });
  return {
    port,
    stats: () => ask<SmscStats>('stats'),
    count: async () => (await ask<{ parts: number }>('count')).parts,
    reset: () => ask('reset'),
    drop: () => ask('drop'),
    stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.send({ type: 'stop' }))),
  };
}
type Smsc = Awaited<ReturnType<typeof startSmsc>>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const carrierUrl = (smsc: Smsc, window: number) =>
  `smpp://gateway:secret@127.0.0.1:${smsc.port}?window=${window}&tps=100000&timeout=5`;

const count = async (gw: TestGateway, states: number[]) =>
  Number(
    (
      await gw.ctx.db
        .selectFrom('carrier_parts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', 'in', states)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The clean run, in this process: the dispatcher stepping back to back as the background loop would. */
async function clean(smsc: Smsc, window: number) {
  const dir = mkdtempSync(join(tmpdir(), 'carrier-bench-'));
  const gw = await makeTestApp({
    connector: new SmppConnector('default', settingsFor(smsc.port, { window, timeoutS: 5 })),
    sqliteFile: join(dir, 'gateway.sqlite'),
    maxBodyBytes: 16 * 1024 * 1024,
    carrierDelayMs: 0,
    now: () => Date.now(),
  });
  try {
    // SQLite answers in microtasks: each pass waits a little so the sockets' events get their turn.
    while ((await tickCarrier(gw.ctx)) > 0 || (await count(gw, [PART.claimed, PART.submitting, PART.accepted])) > 0)
      await pause(5);
    await smsc.reset();
    const demo = await fundedAccount(gw, 'demouser', 10_000_000);
    const res = await sendSms(gw, demo.apikey, [
      sendItem({ shortMessage: TEXT, destinationAddress: numbers(RECIPIENTS) }),
    ]);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    const start = performance.now();
    let submittedAt = 0;
    for (;;) {
      await tickCarrier(gw.ctx, { maxChunks: 25 });
      if (!submittedAt && (await count(gw, [PART.claimed, PART.submitting])) === 0) {
        const queued = await gw.ctx.db
          .selectFrom('message_recipients')
          .select('id')
          .where('stage', '=', STAGE.queued)
          .limit(1)
          .execute();
        if (queued.length === 0) submittedAt = performance.now();
      }
      if (submittedAt && (await count(gw, [PART.accepted])) === 0) break;
      await pause(1);
    }
    const doneAt = performance.now();
    const s = await smsc.stats();
    const submitS = (submittedAt - start) / 1000;
    console.log(
      `${gw.ctx.db.dialectName.padEnd(8)} window ${String(window).padStart(2)}: ${RECIPIENTS.toLocaleString('en')} parts, ` +
        `${Math.round(RECIPIENTS / submitS).toLocaleString('en')} submits/s end to end (${submitS.toFixed(1)} s), ` +
        `every receipt stored after ${((doneAt - start) / 1000).toFixed(1)} s; SMSC: ${s.parts} taken, ${s.duplicates} duplicates, ` +
        `${s.receiptsAcked} receipts answered`,
    );
  } finally {
    await gw.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The gateway process's database, opened from here for what the API does not say. */
async function withDb<T>(env: { DATA_DIR: string; DATABASE_URL: string }, run: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { sqliteFile: join(env.DATA_DIR, 'gateway.sqlite') },
  );
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/** The interrupted run: gateway processes; the link drops at a quarter, the gateway is killed at 60 %. */
async function interrupted(smsc: Smsc, window: number) {
  const pgDb = await freshPostgres();
  const env = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'carrier-bench-')),
    DATABASE_URL: pgDb?.url ?? '',
    CARRIER_URL: carrierUrl(smsc, window),
    CARRIER_LEASE_S: '3',
    SEED_DEMO: '1',
  };
  const gateways: RunningGateway[] = [];
  try {
    const first = await startGateway(env);
    gateways.push(first);
    const sup = await apiLogin(first, 'supervisor', 'supervisor123');
    const health = async (g: RunningGateway) =>
      (await apiCall(g, 'carrierhealth', { profile_id: sup.profile_id }, sup.token)) as {
        queuedRecipients: number;
        parts: Record<string, number>;
      };
    // The demo data's own messages first.
    for (;;) {
      const h = await health(first);
      if (h.parts.awaitingReceipt! + h.queuedRecipients === 0) break;
      await pause(100);
    }
    await smsc.reset();
    await withDb(env, (db) =>
      db.updateTable('users').set({ creditbalance: 10_000_000 }).where('username', '=', 'demouser').execute(),
    );
    const demo = await apiLogin(first, 'demouser', 'demo12345');
    // One request per 20,000 numbers: each well under the body limit.
    const all = numbers(RECIPIENTS).split(',');
    const start = performance.now();
    for (let i = 0; i < all.length; i += 20_000) {
      const answer = await apiSend(first, demo.token, [
        sendItem({ shortMessage: TEXT, destinationAddress: all.slice(i, i + 20_000).join(','), sourceAddress: 'DEMO' }),
      ]);
      if (!(answer.message_id > 0)) throw new Error(JSON.stringify(answer));
    }
    let dropped = false;
    for (;;) {
      const taken = await smsc.count();
      if (!dropped && taken >= RECIPIENTS * 0.25) {
        await smsc.drop();
        dropped = true;
      }
      if (taken >= RECIPIENTS * 0.6) break;
      await pause(20);
    }
    await first.kill();
    const killedAt = await smsc.count();
    const second = await startGateway(env);
    gateways.push(second);
    const sup2 = await apiLogin(second, 'supervisor', 'supervisor123');
    let settled: { queuedRecipients: number; parts: Record<string, number> };
    for (;;) {
      settled = (await apiCall(second, 'carrierhealth', { profile_id: sup2.profile_id }, sup2.token)) as typeof settled;
      const p = settled.parts;
      if (settled.queuedRecipients + p.waiting! + p.submitting! + p.awaitingReceipt! === 0) break;
      await pause(100);
    }
    const doneAt = performance.now();
    const inDoubt = settled.parts.inDoubt!;
    // Receipts of parts in doubt are matched by destination once their answers can no longer come.
    await pause(IN_DOUBT_SETTLE_MS + 2000);
    const s = await smsc.stats();
    const sent = await withDb(env, async (db) =>
      Number(
        (
          await db
            .selectFrom('message_recipients')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'SENT')
            .where('number', 'like', '23324%0')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    console.log(
      `${pgDb ? 'postgres' : 'sqlite  '} window ${String(window).padStart(2)}, link dropped at 25 %, gateway killed at ${Math.round((killedAt / RECIPIENTS) * 100)} %: ` +
        `all handed over after ${((doneAt - start) / 1000).toFixed(1)} s; SMSC took ${s.parts.toLocaleString('en')} parts, ${s.duplicates} duplicates; ` +
        `${inDoubt} parts in doubt at the end, ${RECIPIENTS - s.whole} recipients not delivered; ` +
        `${sent.toLocaleString('en')} SENT of ${s.whole.toLocaleString('en')} delivered: ${s.whole - sent} receipts lost`,
    );
  } finally {
    for (const g of gateways) await g.stop();
    await pgDb?.drop();
  }
}

const smsc = await startSmsc();
try {
  for (const window of WINDOWS) if (SCENARIOS.includes('clean')) await clean(smsc, window);
  if (SCENARIOS.includes('interrupted')) await interrupted(smsc, 10);
} finally {
  await smsc.stop();
}
