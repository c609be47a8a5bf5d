// The SMPP server customers bind to (docs/smpp.md) under load: 100,000 submits from one transceiver
// bind with a window of 50, then from 10 binds at once, through to the simulator or a local SMSC
// (its own process). The ESMEs run in their own process. Prints, per database and carrier: submits
// accepted per second, receipts returned per second, and the gateway's memory (RSS, heap) during the run.
// Run: npm run bench -- smpp-server   (PostgreSQL: node scripts/with-postgres.mjs npx tsx tests/bench/smpp-server.bench.ts)
// SMPP_BENCH_SUBMITS=20000 for a quicker run; SMPP_BENCH_CARRIERS=sim or smsc; SMPP_BENCH_BINDS=1,10;
// on PostgreSQL, SMPP_BENCH_TABLES=1 for each table's writes, PG_STAT_STATEMENTS=1 for each statement's time.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { makeTestApp, type TestGateway } from '../gateway/helpers/test-app';
import { fundedAccount } from '../gateway/helpers/messaging';
import { settingsFor } from '../gateway/helpers/fake-smsc';
import { PASSWORD, smppAccessFor } from '../gateway/helpers/smpp-customer';
import { SmppConnector } from '../../server/src/carrier/smpp/smpp-connector';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { SmppServer } from '../../server/src/smpp-server/listener';

const SUBMITS = Number(process.env.SMPP_BENCH_SUBMITS ?? 100_000);
const CARRIERS = (process.env.SMPP_BENCH_CARRIERS ?? 'sim,smsc').split(',');
const BINDS = (process.env.SMPP_BENCH_BINDS ?? '1,10').split(',').map(Number);
const WINDOW = 50;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A histogram's nanoseconds as milliseconds. */
const ms = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** CPU time (ms) a process of this machine has used so far, read from /proc (utime + stime). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return (f[11]! + f[12]!) * 10;
}

async function startSmsc() {
  const child: ChildProcess = fork('tests/bench/support/smsc-child.ts', { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  return {
    port,
    pid: child.pid!,
    stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.send({ type: 'stop' }))),
  };
}

/**
 * CPU time (ms) PostgreSQL's processes have used so far, on this machine: the server's own and its
 * children's (backends, workers), live ones read from /proc; null on SQLite (it runs in the gateway).
 */
async function databaseCpuMs(gw: TestGateway): Promise<number | null> {
  if (gw.ctx.db.dialectName !== 'postgres') return null;
  const { rows } = await sql<{
    setting: string;
  }>`select setting from pg_settings where name = 'data_directory'`.execute(gw.ctx.db);
  const server = Number(readFileSync(`${rows[0]!.setting}/postmaster.pid`, 'utf8').split('\n')[0]);
  const fields = (pid: number | string) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
  };
  // After the command and state: [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime (clock ticks).
  const own = fields(server);
  let ticks = own[11]! + own[12]! + own[13]! + own[14]!;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const f = fields(pid);
      if (f[1] === server) ticks += f[11]! + f[12]!;
    } catch {
      // The process ended meanwhile: its time is in the server's children's now.
    }
  }
  return ticks * 10;
}

async function run(carrier: string, binds: number) {
  const dir = mkdtempSync(join(tmpdir(), 'smpp-bench-'));
  const smsc = carrier === 'smsc' ? await startSmsc() : null;
  const gw = await makeTestApp({
    ...(smsc ? { connector: new SmppConnector('default', settingsFor(smsc.port, { window: 50, timeoutS: 5 })) } : {}),
    sqliteFile: join(dir, 'gateway.sqlite'),
    carrierDelayMs: 0,
    now: () => Date.now(),
  });
  if (process.env.PG_STAT_STATEMENTS === '1') await resetStatements(gw);
  const server = new SmppServer(gw.ctx, { idleMs: 600_000 });
  let esme: ChildProcess | null = null;
  try {
    const port = await server.listen(0, '127.0.0.1');
    await fundedAccount(gw, 'demouser', 10_000_000);
    const { systemId } = await smppAccessFor(gw, 'demouser', { throughput: 10_000, maxBinds: 20 });
    // The carrier loop as background.ts runs it.
    let carrierRunning = true;
    const carrierLoop = (async () => {
      while (carrierRunning) {
        await tickCarrier(gw.ctx, { maxChunks: 25 }).catch(() => 0);
        await pause(200);
      }
    })();
    esme = fork('tests/bench/support/esme-child.ts', {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        PORT: String(port),
        BINDS: String(binds),
        WINDOW: String(WINDOW),
        TOTAL: String(SUBMITS),
        SYSTEM_ID: systemId,
        PASSWORD,
      },
    });
    let progress = { answered: 0, refused: 0, receipts: 0 };
    type Submitted = {
      ms: number;
      cpuUs: number;
      answered: number;
      refused: number;
      throttled: number;
      statuses: [number, number][];
    };
    const result: { submitted: Submitted | null } = { submitted: null };
    let boundResolve: () => void = () => {};
    const bound = new Promise<void>((resolve) => (boundResolve = resolve));
    esme.on('message', (m: { type: string } & Record<string, unknown>) => {
      if (m.type === 'bound') boundResolve();
      if (m.type === 'progress') progress = m as unknown as typeof progress;
      if (m.type === 'submitted') result.submitted = m as unknown as Submitted;
    });
    await bound;
    let maxRss = 0;
    let maxHeap = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      maxRss = Math.max(maxRss, m.rss);
      maxHeap = Math.max(maxHeap, m.heapUsed);
    }, 100);
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const dbCpuStart = await databaseCpuMs(gw);
    const smscCpuStart = smsc ? processCpuMs(smsc.pid) : 0;
    esme.send({ type: 'go' });
    while (!result.submitted) await pause(50);
    const s = result.submitted;
    // CPU the gateway spent per submit until the last answer (carrier and receipts included): on a
    // shared machine, what the rate would be on a core of its own.
    const cpu = process.cpuUsage(cpuStart);
    const cpuPerSubmitUs = (cpu.user + cpu.system) / s.answered;
    const dbCpuEnd = await databaseCpuMs(gw);
    const smscPerSubmitUs = smsc ? ((processCpuMs(smsc.pid) - smscCpuStart) * 1000) / s.answered : null;
    const dbPerSubmitUs =
      dbCpuStart === null || dbCpuEnd === null ? null : ((dbCpuEnd - dbCpuStart) * 1000) / s.answered;
    const accepted = s.answered - s.refused;
    let receiptsAt = 0;
    const deadline = performance.now() + 600_000;
    while (progress.receipts < accepted && performance.now() < deadline) await pause(100);
    receiptsAt = performance.now();
    clearInterval(sampler);
    loopDelay.disable();
    carrierRunning = false;
    await carrierLoop;
    const submitS = s.ms / 1000;
    const receiptS = (receiptsAt - start) / 1000;
    console.log(
      `${gw.ctx.db.dialectName.padEnd(8)} ${carrier.padEnd(4)} ${String(binds).padStart(2)} bind(s), window ${WINDOW}: ` +
        `${accepted.toLocaleString('en')} of ${SUBMITS.toLocaleString('en')} accepted, ` +
        `${Math.round(accepted / submitSafe(submitS)).toLocaleString('en')} submits/s (${submitS.toFixed(1)} s); ` +
        `${progress.receipts.toLocaleString('en')} receipts, ${Math.round(progress.receipts / receiptS).toLocaleString('en')} receipts/s ` +
        `(all after ${receiptS.toFixed(1)} s); gateway RSS max ${mb(maxRss)}, heap max ${mb(maxHeap)}; ` +
        `event loop held p99 ${ms(loopDelay.percentile(99))}, max ${ms(loopDelay.max)}; ` +
        `gateway CPU ${Math.round(cpuPerSubmitUs)} µs a submit (${Math.round(1e6 / cpuPerSubmitUs).toLocaleString('en')}/s on one core)` +
        (dbPerSubmitUs === null ? '' : `, PostgreSQL ${Math.round(dbPerSubmitUs)} µs`) +
        `, the customer's ESME ${Math.round(s.cpuUs / s.answered)} µs` +
        (smscPerSubmitUs === null ? '' : `, the local SMSC ${Math.round(smscPerSubmitUs)} µs`) +
        (s.refused > 0 ? `; refused: ${JSON.stringify(s.statuses)}` : '') +
        (s.throttled > 0 ? `; ${s.throttled.toLocaleString('en')} throttled and sent again` : ''),
    );
    if (process.env.SMPP_BENCH_TABLES === '1') await printTableWrites(gw);
    if (process.env.PG_STAT_STATEMENTS === '1') await printStatements(gw);
  } finally {
    esme?.send({ type: 'stop' });
    await server.stop();
    await gw.close();
    await smsc?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const submitSafe = (s: number) => Math.max(s, 0.001);

/**
 * SMPP_BENCH_TABLES=1 on PostgreSQL: rows inserted, updated (and of those, HOT: no index written),
 * deleted per submit in each table the run wrote, and index scans and entries read per submit, to
 * see where its writes and reads go.
 */
async function printTableWrites(gw: TestGateway) {
  if (gw.ctx.db.dialectName !== 'postgres') return;
  // Each backend reports its counts when idle for a second at most.
  await pause(1500);
  const { rows } = await sql<{ relname: string; ins: string; upd: string; hot: string; del: string }>`
    select relname, n_tup_ins ins, n_tup_upd upd, n_tup_hot_upd hot, n_tup_del del from pg_stat_user_tables
    where n_tup_ins + n_tup_upd + n_tup_del > ${SUBMITS / 10} order by n_tup_ins + n_tup_upd + n_tup_del desc`.execute(
    gw.ctx.db,
  );
  const each = (n: string) => (Number(n) / SUBMITS).toFixed(2);
  for (const r of rows)
    console.log(
      `  ${r.relname.padEnd(24)} ins ${each(r.ins)} upd ${each(r.upd)} (hot ${each(r.hot)}) del ${each(r.del)}`,
    );
  const { rows: indexes } = await sql<{ name: string; scans: string; read: string }>`
    select indexrelname as name, idx_scan as scans, idx_tup_read as read from pg_stat_user_indexes
    where idx_tup_read > ${SUBMITS / 10} order by idx_tup_read desc`.execute(gw.ctx.db);
  for (const i of indexes)
    console.log(`  index ${i.name.padEnd(32)} scans ${each(i.scans)} entries read ${each(i.read)}`);
}

/** PG_STAT_STATEMENTS=1 (scripts/with-postgres.mjs loads the extension): counts from the run's start. */
async function resetStatements(gw: TestGateway) {
  if (gw.ctx.db.dialectName !== 'postgres') return;
  await sql`create extension if not exists pg_stat_statements`.execute(gw.ctx.db);
  await sql`select pg_stat_statements_reset()`.execute(gw.ctx.db);
  await sql`select pg_stat_reset()`.execute(gw.ctx.db);
}

/** The statements that took PostgreSQL's time: in all, and a submit; waits for locks included. */
async function printStatements(gw: TestGateway) {
  if (gw.ctx.db.dialectName !== 'postgres') return;
  const { rows } = await sql<{ ms: number; calls: number; rows: number; text: string }>`
    select total_exec_time + total_plan_time as ms, calls, rows,
      left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 140) as text
    from pg_stat_statements order by total_exec_time + total_plan_time desc limit 15`.execute(gw.ctx.db);
  // Each statement is a round trip that wakes both processes: their number matters as much as their time.
  const { rows: all } = await sql<{ ms: number; calls: string; commits: string }>`
    select sum(total_exec_time + total_plan_time) as ms, sum(calls) as calls,
      (select xact_commit from pg_stat_database where datname = current_database()) as commits
    from pg_stat_statements`.execute(gw.ctx.db);
  const { ms, calls, commits } = all[0]!;
  console.log(
    `  in all: ${((ms * 1000) / SUBMITS).toFixed(1)} µs a submit in ${(Number(calls) / SUBMITS).toFixed(2)} statements; ` +
      `${(Number(commits) / SUBMITS).toFixed(2)} transactions a submit`,
  );
  for (const r of rows)
    console.log(
      `  ${Math.round(r.ms).toLocaleString('en').padStart(7)} ms ${((r.ms * 1000) / SUBMITS).toFixed(1).padStart(6)} µs a submit ${String(r.calls).padStart(6)} calls ${String(r.rows).padStart(7)} rows  ${r.text}`,
    );
}

for (const carrier of CARRIERS) for (const binds of BINDS) await run(carrier, binds);
process.exit(0);
