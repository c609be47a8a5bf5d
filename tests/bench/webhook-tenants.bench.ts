// Webhooks of one tenant against another's (docs/api-v1.md#webhooks), over real HTTP on 127.0.0.1:
// - account A: ten test-mode endpoints at a receiver that never answers and a 100-number test send;
//   account B: one endpoint and a one-number send. The loop ticks as in production (15 s timeout):
//   B's webhook delay, from its send's answer to its arrival (given up after MAX_WAIT_S);
// - account A holds CALLBACK_ROWS callback endpoints and sends 1,000 numbers: the wait of an unrelated
//   request (another account's getBalance, one every 5 ms) while the fan-out turns its events into
//   deliveries.
// Run: npm run bench -- webhook-tenants   (PostgreSQL: node scripts/with-postgres.mjs npx tsx tests/bench/webhook-tenants.bench.ts)
import { createServer, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { makeTestApp } from '../gateway/helpers/test-app';
import { account } from '../gateway/helpers/messaging';
import { fanOutEvents } from '../../server/src/integrations/webhooks/events';
import { tickWebhooks } from '../../server/src/integrations/webhooks/deliver';
import { WEBHOOK_TICK_MS } from '../../server/src/background';
import { stats } from './bench-stats';

const MAX_WAIT_S = Number(process.env.MAX_WAIT_S ?? 120);
const CALLBACK_ROWS = Number(process.env.CALLBACK_ROWS ?? 20_000);
const SCOPES = ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const gw = await makeTestApp({ now: () => Date.now(), apiRateLimit: { limit: 1e9, windowMs: 60_000 } });
const base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
const call = async (key: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}/smsgateway/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};
const hanging = new Set<ServerResponse>();
const silent = createServer((req, res) => {
  req.resume();
  hanging.add(res);
});
const arrived = new Map<string, number>();
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    arrived.set(JSON.parse(Buffer.concat(chunks).toString('utf8')).data.id, performance.now());
    res.writeHead(200).end();
  });
});
await Promise.all([silent, receiver].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
const urlOf = (server: typeof silent, path: string) => `http://127.0.0.1:${(server.address() as any).port}${path}`;
console.log(`Webhooks between tenants on ${gw.ctx.db.dialectName}`);

const demo = await account(gw, 'demouser');
const acme = await account(gw, 'acmeclient');
const keyA = await call(demo.token, 'POST', '/api-keys', { name: 'A', scopes: SCOPES, mode: 'test' });
const keyB = await call(acme.token, 'POST', '/api-keys', { name: 'B', scopes: SCOPES, mode: 'test' });
const events = ['message.delivered', 'message.failed', 'message.expired', 'message.unconfirmed', 'message.rejected'];
const numbers = (count: number, start: number) =>
  Array.from({ length: count }, (_, i) => `2332${String(start + i).padStart(6, '0')}50`);

try {
  // 1. B's webhook while A's receiver never answers.
  for (let i = 0; i < 10; i += 1)
    await call(keyA.secret, 'POST', '/webhook-endpoints', { url: urlOf(silent, `/a${i}`), events });
  const b = await call(keyB.secret, 'POST', '/webhook-endpoints', { url: urlOf(receiver, '/b'), events });
  await call(keyA.secret, 'POST', '/messages', { from: 'DEMO', to: numbers(100, 0), text: 'Flood' });
  let ticking = true;
  const loop = (async () => {
    while (ticking) {
      const t = performance.now();
      await tickWebhooks(gw.ctx, 'bench');
      await sleep(Math.max(0, WEBHOOK_TICK_MS - (performance.now() - t)));
    }
  })();
  while (hanging.size === 0) await sleep(10);
  const sent = await call(keyB.secret, 'POST', '/messages', { from: 'ACMECL', to: ['233240000050'], text: 'Hi' });
  const sentAt = performance.now();
  const id = sent.messages[0].messageId as string;
  while (!arrived.has(id) && performance.now() - sentAt < MAX_WAIT_S * 1000) await sleep(5);
  const delay = arrived.has(id) ? `${((arrived.get(id)! - sentAt) / 1000).toFixed(3)} s` : `over ${MAX_WAIT_S} s`;
  console.log(
    `B's webhook with A's 1,000 deliveries at a receiver that never answers: ${delay} (A's requests received by then: ${hanging.size}, none answered)`,
  );
  for (const res of hanging) res.destroy();
  silent.close();
  ticking = false;
  await loop;
  await call(keyB.secret, 'DELETE', `/webhook-endpoints/${b.id}`);
  for (const e of (await call(keyA.secret, 'GET', '/webhook-endpoints')).data)
    await call(keyA.secret, 'DELETE', `/webhook-endpoints/${e.id}`);
  await call(keyA.secret, 'POST', '/webhook-endpoints', { url: urlOf(receiver, '/a'), events });

  // 2. An unrelated request's wait while the fan-out of a 1,000-number send runs beside many callback rows.
  const rows = Array.from({ length: CALLBACK_ROWS }, (_, i) => ({
    id: `we_${randomBytes(8).toString('hex')}`,
    profile_id: demo.profile_id,
    mode: 'test' as const,
    url: `https://hooks.example.com/order/${i}`,
    events: '',
    secret: 'whsec_AAAA',
    created_at: Date.now(),
    disabled_at: null,
    kind: 'callback' as const,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await gw.ctx.db
      .insertInto('webhook_endpoints')
      .values(rows.slice(i, i + 500))
      .execute();
  await call(keyA.secret, 'POST', '/webhook-secret', {});
  while ((await fanOutEvents(gw.ctx)) > 0);
  await call(keyA.secret, 'POST', '/messages', {
    from: 'DEMO',
    to: numbers(1000, 1000),
    text: 'Your parcel is ready',
    callbackUrl: rows[7]!.url,
  });
  const waits: number[] = [];
  let fanning = true;
  const poller = (async () => {
    while (fanning) {
      const t = performance.now();
      await call(keyB.secret, 'GET', '/balance');
      waits.push(performance.now() - t);
      await sleep(5);
    }
  })();
  await sleep(50);
  const start = performance.now();
  let read = 0;
  const steps: number[] = [];
  for (;;) {
    const t = performance.now();
    const n = await fanOutEvents(gw.ctx);
    if (n === 0) break;
    steps.push(performance.now() - t);
    read += n;
  }
  const took = performance.now() - start;
  await sleep(50);
  fanning = false;
  await poller;
  const w = stats(waits);
  console.log(
    `fan-out of ${read} recipient events (1,000 final) beside ${CALLBACK_ROWS} callback rows: ${took.toFixed(0)} ms; an unrelated getBalance waited p50 ${w.median.toFixed(1)} ms, max ${w.max.toFixed(1)} ms (${waits.length} requests); its steps ${steps.map((x) => x.toFixed(0)).join(', ')} ms`,
  );
} finally {
  receiver.close();
  silent.close();
  await gw.close();
}
