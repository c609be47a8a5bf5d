// The integrators' API under load (docs/api-v1.md), over real HTTP on 127.0.0.1:
// - sendMessages: 100 recipients a request from 8 concurrent clients: recipients accepted per second;
// - getMessage paced at 200 requests a second: p50 and p99;
// - webhooks: test sends making about 500 final events a second, the delivery loop ticking as in
//   production, a local receiver: events delivered per second and the delay from a send's answer
//   (its events are stored by then) to its webhook's arrival.
// Run: npm run bench -- api   (PostgreSQL: node scripts/with-postgres.mjs npx tsx tests/bench/api.bench.ts)
import { createServer } from 'node:http';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { makeTestApp } from '../gateway/helpers/test-app';
import { account } from '../gateway/helpers/messaging';
import { tickWebhooks } from '../../server/src/integrations/webhooks/deliver';
import { WEBHOOK_TICK_MS } from '../../server/src/background';
import { stats } from './bench-stats';
import { openDatabase } from '../../server/src/db/database';
import type { GatewayContext } from '../../server/src/core/context';

const SEND_REQUESTS = Number(process.env.SEND_REQUESTS ?? 400);
const CLIENTS = 8;
const READS = Number(process.env.READS ?? 2000);
const EVENT_SECONDS = Number(process.env.EVENT_SECONDS ?? 10);
const EVENTS_PER_SECOND = 500;

// Test mode's free webhook deliveries are bounded an hour (docs/api-v1.md#webhooks): not in a bench.
const gw = await makeTestApp({
  now: () => Date.now(),
  apiRateLimit: { limit: 1e9, windowMs: 60_000 },
  webhookFreeQuota: Number.MAX_SAFE_INTEGER,
});
const base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
const v1 = `${base}/smsgateway/api/v1`;
try {
  const demo = await account(gw, 'demouser');
  await gw.ctx.db
    .updateTable('users')
    .set({ creditbalance: 100_000_000 })
    .where('profile_id', '=', demo.profile_id)
    .execute();
  const call = async (key: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${v1}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const scopes = ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'];
  const live = await call(demo.token, 'POST', '/api-keys', { name: 'bench live', scopes, mode: 'live' });
  const test = await call(demo.token, 'POST', '/api-keys', { name: 'bench test', scopes, mode: 'test' });
  console.log(`API bench on ${gw.ctx.db.dialectName}`);

  // sendMessages: 100 recipients a request, 8 clients at once.
  let next = 0;
  const number = (i: number) => `2332${String(40_000_000 + i).padStart(8, '0')}`;
  const sendOne = async () => {
    const i = next++;
    const to = Array.from({ length: 100 }, (_, k) => number(i * 100 + k));
    await call(live.secret, 'POST', '/messages', { from: 'DEMO', to, text: 'Your parcel is ready for pickup' });
  };
  const sendStart = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < SEND_REQUESTS) await sendOne();
    }),
  );
  const sendSeconds = (performance.now() - sendStart) / 1000;
  console.log(
    `sendMessages: ${SEND_REQUESTS * 100} recipients in ${SEND_REQUESTS} requests from ${CLIENTS} clients: ${sendSeconds.toFixed(1)} s, ${Math.round((SEND_REQUESTS * 100) / sendSeconds)} recipients/s`,
  );

  // getMessage paced at 200 a second.
  const page = await call(live.secret, 'GET', '/messages?limit=100');
  const ids: string[] = page.data.map((m: any) => m.id);
  const latencies: number[] = [];
  const readStart = performance.now();
  await Promise.all(
    Array.from({ length: READS }, async (_, i) => {
      const due = readStart + i * 5;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      const t = performance.now();
      await call(live.secret, 'GET', `/messages/${ids[i % ids.length]}`);
      latencies.push(performance.now() - t);
    }),
  );
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.floor(0.99 * sorted.length)] ?? 0;
  const s = stats(latencies);
  console.log(
    `getMessage at 200/s: ${READS} requests, p50 ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`,
  );

  // Webhooks: about 500 final events a second for EVENT_SECONDS, delivered by the loop as in production.
  const arrived = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      arrived.set(event.data.id, performance.now());
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const port = (receiver.address() as { port: number }).port;
  await call(test.secret, 'POST', '/webhook-endpoints', {
    url: `http://127.0.0.1:${port}/events`,
    events: ['message.delivered', 'message.failed', 'message.expired', 'message.unconfirmed'],
  });
  let ticking = true;
  const loop = (async () => {
    while (ticking) {
      const t = performance.now();
      await tickWebhooks(gw.ctx, 'bench');
      await new Promise((r) => setTimeout(r, Math.max(0, WEBHOOK_TICK_MS - (performance.now() - t))));
    }
  })();
  const stored = new Map<string, number>();
  const eventStart = performance.now();
  let sent = 0;
  for (let second = 0; second < EVENT_SECONDS; second++) {
    for (let tenth = 0; tenth < 10; tenth++) {
      const due = eventStart + second * 1000 + tenth * 100;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      const to = Array.from({ length: EVENTS_PER_SECOND / 10 }, () => number(9_000_000 + sent++));
      const answer = await call(test.secret, 'POST', '/messages', { from: 'DEMO', to, text: 'Order shipped' });
      const at = performance.now();
      for (const m of answer.messages) stored.set(m.messageId, at);
    }
  }
  const deadline = performance.now() + 120_000;
  while (arrived.size < stored.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  ticking = false;
  await loop;
  receiver.close();
  const delays = [...stored].flatMap(([id, at]) => (arrived.has(id) ? [arrived.get(id)! - at] : []));
  const last = Math.max(...arrived.values());
  const d = stats(delays);
  console.log(
    `webhooks: ${stored.size} events at ${EVENTS_PER_SECOND}/s, ${arrived.size} delivered, ${Math.round(arrived.size / ((last - eventStart) / 1000))} delivered/s; delay from stored to arrival p50 ${(d.median / 1000).toFixed(2)} s, p95 ${(d.p95 / 1000).toFixed(2)} s, max ${(d.max / 1000).toFixed(2)} s`,
  );

  // Two gateways' loops (4 each, the second with its own pool on PostgreSQL) share 10,000 events.
  const twice = new Map<string, number>();
  const receiver2 = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      twice.set(id, (twice.get(id) ?? 0) + 1);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver2.listen(0, '127.0.0.1', r));
  await call(test.secret, 'POST', '/webhook-endpoints', {
    url: `http://127.0.0.1:${(receiver2.address() as { port: number }).port}/events`,
    events: ['message.delivered'],
  });
  for (let i = 0; i < 10; i++) {
    const to = Array.from({ length: 1000 }, (_, k) => `23324${String(i * 1000 + k).padStart(5, '0')}50`);
    await call(test.secret, 'POST', '/messages', { from: 'DEMO', to, text: 'Order shipped' });
  }
  let second: GatewayContext = gw.ctx;
  let closeSecond = async () => {};
  if (gw.ctx.db.dialectName === 'postgres') {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(gw.ctx.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const db = openDatabase({ databaseUrl: url.toString() });
    second = { ...gw.ctx, db };
    closeSecond = () => db.destroy();
  }
  const twoStart = performance.now();
  const drain = async (ctx: GatewayContext, owner: string) => {
    for (let idle = 0; idle < 3;) idle = (await tickWebhooks(ctx, owner)) === 0 ? idle + 1 : 0;
  };
  await Promise.all(Array.from({ length: 4 }, (_, i) => [drain(gw.ctx, `a${i}`), drain(second, `b${i}`)]).flat());
  await closeSecond();
  receiver2.close();
  const doubled = [...twice.values()].filter((n) => n > 1).length;
  console.log(
    `two gateways, 8 loops: ${[...twice.values()].reduce((a, b) => a + b, 0)} webhooks for ${twice.size} deliveries of 10,000 events in ${((performance.now() - twoStart) / 1000).toFixed(1)} s; ${doubled} sent twice`,
  );
} finally {
  await gw.close();
}
