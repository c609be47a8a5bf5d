// Short links (docs/product.md#short-links): accepting a 100,000-recipient send with a shortened link
// against the same send without one (time, the gateway's CPU time, and the longest the event loop was
// held meanwhile), then the redirect's answer times under 200 concurrent clicks on a listening gateway,
// clicked from a process of its own (the gateway keeps its event loop to itself, as it does for phones):
// 200 always in flight, then in bursts of 200 at once.
// Run: npx tsx tests/bench/links.bench.ts   (PostgreSQL: node scripts/with-postgres.mjs npx tsx ...)
// CLICKS: the timed clicks (40,000, about 4 s of clicking: the first seconds after a 100,000-recipient
// send are slower while code and database warm up, in one run the first quarter's median was 29.3 ms and
// the other three's 22.0-22.6, so a short run measured mostly that); BURST_CLICKS: the clicks of the
// bursts (10,000); CONCURRENCY: clicks at once (200); ROUNDS: the send rounds (3; 0 leaves the sends out).
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { makeTestApp } from '../gateway/helpers/test-app';
import { account, numbers, sendItem, sendSms } from '../gateway/helpers/messaging';
import { shortenRecipients } from '../../server/src/links/shorten';
import { storeLinks } from '../../server/src/links/store';
import { measure } from '../../server/src/sending/send-items';
import { clicksWritten } from '../../server/src/links/click-writer';

const RECIPIENTS = 100_000;
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 200);
const CLICKS = Number(process.env.CLICKS ?? 40_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BURST_CLICKS = Number(process.env.BURST_CLICKS ?? 10_000);
const TEXT = `Black Friday: 30% off everything today. Shop: https://shop.example.com/black-friday?utm_source=sms&utm_campaign=${'nov'.repeat(20)}`;

const gw = await makeTestApp({ maxBodyBytes: 16 * 1024 * 1024 });
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

type Accepted = { ms: number; cpuMs: number; maxLagMs: number; messageId: number };
const medianRun = (runs: readonly Accepted[]) => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;

/** One accepted send of RECIPIENTS numbers: its time and the longest the event loop waited meanwhile. */
async function acceptOnce(apikey: string, start: number, shortenLinks: boolean): Promise<Accepted> {
  // Built before the clock starts: writing 100,000 numbers is the bench's work, not the gateway's.
  const items = [sendItem({ destinationAddress: numbers(RECIPIENTS, start), shortMessage: TEXT, shortenLinks })];
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const cpu = process.cpuUsage();
  const began = performance.now();
  const res = await sendSms(gw, apikey, items);
  const ms = performance.now() - began;
  const used = process.cpuUsage(cpu);
  lag.disable();
  if (res.status !== 200) throw new Error(`send failed: ${JSON.stringify(res.body)}`);
  return {
    ms,
    cpuMs: (used.user + used.system) / 1000,
    maxLagMs: lag.max / 1e6,
    messageId: res.body.message_id as number,
  };
}

// The clicking clients run in a process of their own: in the gateway's event loop, their 200 sockets'
// parsing and timers would be counted in every redirect's answer time, which then measures the bench
// as much as the gateway (a phone's click costs the gateway nothing of the kind). Apart, the gateway's
// CPU time per click can be read too, which a loaded machine lengthens far less than answer times.
// Each click is one GET on a kept-alive connection of its own, one at a time per connection (no
// pipelining), written and read as bytes: Node's HTTP client cost this process 140-200 µs a click, CPU
// the two shared cores then took from the gateway and PostgreSQL; reading a status line and a
// Content-Length costs a few.
const CLICKER = `
const net = require('node:net');
const { performance } = require('node:perf_hooks');
const AGENT = 'Mozilla/5.0 (Linux; Android 13) Mobile Safari/537.36';
/** A kept-alive connection: get(code) resolves with the answer's status once its headers and body are read. */
function connection(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => resolve({ get }));
    socket.setNoDelay(true);
    socket.on('error', reject);
    let pending = null;
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      const end = buffered.indexOf('\\r\\n\\r\\n');
      if (end < 0 || !pending) return;
      const head = buffered.subarray(0, end).toString('latin1');
      const length = Number(/\\r\\ncontent-length: *(\\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      buffered = buffered.subarray(end + 4 + length);
      const done = pending;
      pending = null;
      done(Number(head.slice(9, 12)));
    });
    function get(code) {
      return new Promise((done) => {
        pending = done;
        socket.write('GET /l/' + code + ' HTTP/1.1\\r\\nHost: localhost\\r\\nUser-Agent: ' + AGENT + '\\r\\n\\r\\n');
      });
    }
  });
}
async function click(conn, code, times) {
  const began = performance.now();
  const status = await conn.get(code);
  if (status !== 302) throw new Error('answered ' + status);
  times.push(performance.now() - began);
}
process.once('message', async ({ port, warmCodes, codes, clicks, concurrency, burst }) => {
  const conns = await Promise.all(Array.from({ length: concurrency }, () => connection(port)));
  // Each connection clicks again as soon as its answer came: always concurrency clicks in flight.
  const steady = (list, count, times) => {
    let next = 0;
    return Promise.all(conns.map(async (conn) => { while (next < count) await click(conn, list[next++ % list.length], times); }));
  };
  // All connections click at once, then again once every answer came: bursts of concurrency clicks.
  const bursts = async (list, count, times) => {
    for (let next = 0; next < count; next += conns.length)
      await Promise.all(conns.map((conn, i) => click(conn, list[(next + i) % list.length], times)));
  };
  const run = burst ? bursts : steady;
  // A first round on other links warms both sides up; then the timed one.
  await run(warmCodes, warmCodes.length, []);
  process.send('warm');
  const times = [];
  const began = performance.now();
  await run(codes, clicks, times);
  const ms = performance.now() - began;
  process.send({ times, ms }, () => process.exit(0));
});
`;

type Clicked = { times: number[]; ms: number; cpuMicros: number };

/**
 * `clicks` GETs of these codes over CONCURRENCY kept-alive connections, after a round on `warmCodes`:
 * always CONCURRENCY in flight (steady), or CONCURRENCY at once then the next once all are answered
 * (bursts). Each answer's time, and the gateway's CPU time meanwhile.
 */
function clickAll(
  port: number,
  warmCodes: readonly string[],
  codes: readonly string[],
  clicks: number,
  burst: boolean,
): Promise<Clicked> {
  return new Promise((resolve, reject) => {
    const clicker = spawn(process.execPath, ['-e', CLICKER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let cpu = process.cpuUsage();
    clicker.on('message', (result: 'warm' | { times: number[]; ms: number }) => {
      if (result === 'warm') cpu = process.cpuUsage();
      else {
        const used = process.cpuUsage(cpu);
        resolve({ times: result.times.sort((a, b) => a - b), ms: result.ms, cpuMicros: used.user + used.system });
      }
    });
    clicker.once('exit', (code) => code !== 0 && reject(new Error(`the clicking process ended with ${code}`)));
    clicker.send({ port, warmCodes, codes, clicks, concurrency: CONCURRENCY, burst });
  });
}

/** ROUNDS=0 leaves the sends out: one shortened send, untimed, gives the redirect its codes. */
async function sendUntimed(apikey: string): Promise<number> {
  return (await acceptOnce(apikey, 0, true)).messageId;
}

/** The sends with and without shortened links, alternating, and the links' own steps alone: the last shortened send's id. */
async function compareSends(demo: { apikey: string; profile_id: number }): Promise<number> {
  // Alternating rounds, each on new numbers; the medians are compared (a shared machine's noise is large).
  const plainRuns: Accepted[] = [];
  const linkedRuns: Accepted[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    plainRuns.push(await acceptOnce(demo.apikey, 2 * round * RECIPIENTS, false));
    linkedRuns.push(await acceptOnce(demo.apikey, (2 * round + 1) * RECIPIENTS, true));
  }
  const plain = medianRun(plainRuns);
  const linked = medianRun(linkedRuns);
  const row = (label: string, r: Accepted, runs: readonly Accepted[]) =>
    console.log(
      `${label.padEnd(58)} ${r.ms.toFixed(0).padStart(7)} ms median of ${runs.map((x) => x.ms.toFixed(0)).join(', ')}  (event loop held at most ${Math.max(...runs.map((x) => x.maxLagMs)).toFixed(0)} ms)`,
    );
  row('sendsms 100,000 recipients, long link as typed', plain, plainRuns);
  row('sendsms 100,000 recipients, shortened (100,000 links)', linked, linkedRuns);
  console.log(
    `${'ratio shortened / as typed (medians)'.padEnd(58)} ${(linked.ms / plain.ms).toFixed(2).padStart(7)} x`,
  );
  // The gateway's CPU time alone (all of the work on SQLite; PostgreSQL's own is left out).
  const cpuMedian = (runs: readonly Accepted[]) =>
    runs.map((r) => r.cpuMs).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  console.log(
    `${"gateway's CPU time, shortened / as typed (medians)".padEnd(58)} ${(cpuMedian(linkedRuns) / cpuMedian(plainRuns)).toFixed(2).padStart(7)} x  (${cpuMedian(linkedRuns).toFixed(0)} / ${cpuMedian(plainRuns).toFixed(0)} ms)`,
  );

  // The links' own steps alone: drawing 100,000 codes and storing 100,000 links, with the longest the
  // event loop waited meanwhile (the send above also holds it in steps that are not the links').
  const recipients = numbers(RECIPIENTS, 2 * ROUNDS * RECIPIENTS)
    .split(',')
    .map((number, index) => ({ index, number, text: TEXT, unicode: false, parts: 2 }));
  const own = monitorEventLoopDelay({ resolution: 5 });
  own.enable();
  let began = performance.now();
  const shortened = await shortenRecipients(recipients, 'localhost', measure);
  const shortenMs = performance.now() - began;
  began = performance.now();
  await gw.ctx.db.transaction().execute((trx) =>
    storeLinks(
      trx,
      gw.ctx.db.dialectName,
      { profileId: demo.profile_id, messageId: 0, mode: 'live', now: gw.clock.now },
      recipients.map((r) => ({ id: 1_000_000 + r.index, recipient_index: r.index, number: r.number })),
      shortened.links,
    ),
  );
  own.disable();
  console.log(
    `${'links alone: 100,000 codes drawn, 100,000 links stored'.padEnd(58)} ${shortenMs.toFixed(0).padStart(7)} + ${(performance.now() - began).toFixed(0)} ms  (event loop held at most ${(own.max / 1e6).toFixed(0)} ms)`,
  );

  return linked.messageId;
}

/** A send's codes, shuffled. */
async function codesOf(messageId: number): Promise<string[]> {
  const stored = await gw.ctx.db.selectFrom('short_links').select('code').where('message_id', '=', messageId).execute();
  return stored.map((r) => r.code).sort(() => Math.random() - 0.5);
}

try {
  const demo = await account(gw, 'demouser');
  await gw.ctx.db
    .updateTable('users')
    .set({ creditbalance: 10_000_000 })
    .where('profile_id', '=', demo.profile_id)
    .execute();
  console.log(`short links bench on ${gw.ctx.db.dialectName}`);
  // Warm the statements up on a small send of each kind.
  await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(1000, 900_000), shortMessage: TEXT })]);
  const warm = await sendSms(gw, demo.apikey, [
    sendItem({ destinationAddress: numbers(1000, 901_000), shortMessage: TEXT, shortenLinks: true }),
  ]);

  const linkedMessageId = ROUNDS > 0 ? await compareSends(demo) : await sendUntimed(demo.apikey);
  const codes = await codesOf(linkedMessageId);
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = gw.app.server.address() as AddressInfo;
  const warmCodes = await codesOf(warm.body.message_id as number);
  const report = (label: string, clicks: number, { times, ms, cpuMicros }: Clicked) => {
    console.log(
      `${label.padEnd(58)} median ${quantile(times, 0.5).toFixed(1)} ms, p90 ${quantile(times, 0.9).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms, ${(clicks / (ms / 1000)).toFixed(0)}/s`,
    );
    // The gateway's own work per click (without PostgreSQL's, in its own processes).
    console.log(`${"  gateway's CPU time per click".padEnd(58)} ${(cpuMicros / clicks).toFixed(0).padStart(7)} µs`);
  };
  const steady = `redirect /l/<code>, ${CLICKS.toLocaleString('en-US')} clicks, ${CONCURRENCY} always in flight`;
  report(steady, CLICKS, await clickAll(port, warmCodes, codes.slice(0, CLICKS), CLICKS, false));
  // Bursts: CONCURRENCY people clicking at the same moment, as after a campaign's delivery, on other links.
  const burstCodes = codes.slice(CLICKS, CLICKS + BURST_CLICKS);
  const bursts = `redirect, ${BURST_CLICKS / CONCURRENCY} bursts of ${CONCURRENCY} clicks at once`;
  report(bursts, burstCodes.length, await clickAll(port, warmCodes, burstCodes, burstCodes.length, true));
  await clicksWritten(gw.ctx.db);
  const recorded = await gw.ctx.db
    .selectFrom('link_clicks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(`${'clicks recorded'.padEnd(58)} ${Number(recorded.n).toLocaleString('en-US').padStart(7)}`);
} finally {
  await gw.close();
}
