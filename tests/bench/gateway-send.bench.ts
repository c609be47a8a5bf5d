// Measures sendsms with 100,000 recipients (accepted, then delivered by the simulated carrier), and a list
// page and a search over 1,000,000 stored messages.
// Run: npx tsx tests/bench/gateway-send.bench.ts   (PostgreSQL: node scripts/with-postgres.mjs npx tsx ...)
// MESSAGES=200000 npx tsx ... seeds fewer messages for a quicker run.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { makeTestApp } from '../gateway/helpers/test-app';
import { account, list, numbers, sendItem, sendSms } from '../gateway/helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { randomAlpha, searchTextOf } from '../../server/src/messaging/message-store';

const RECIPIENTS = 100_000;
const MESSAGES = Number(process.env.MESSAGES ?? 1_000_000);
const SEED_CHUNK = 500;

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  const cpuMs = ((used.user + used.system) / 1000).toFixed(0);
  console.log(
    `${label.padEnd(60)} ${(performance.now() - start).toFixed(0).padStart(7)} ms  (gateway CPU ${cpuMs.padStart(6)} ms)`,
  );
  return result;
}

/** Runs the carrier chunk by chunk, reporting the longest single chunk: how long the event loop is held. */
async function drainCarrier(gw: Awaited<ReturnType<typeof makeTestApp>>) {
  let longest = 0;
  let chunks = 0;
  for (;;) {
    const start = performance.now();
    const n = await tickCarrier(gw.ctx, { maxChunks: 1 });
    longest = Math.max(longest, performance.now() - start);
    if (n === 0) break;
    chunks += 1;
  }
  return { longest, chunks };
}

const gw = await makeTestApp({ maxBodyBytes: 16 * 1024 * 1024 });
try {
  const demo = await account(gw, 'demouser');
  await gw.ctx.db
    .updateTable('users')
    .set({ creditbalance: 10_000_000 })
    .where('profile_id', '=', demo.profile_id)
    .execute();
  console.log(`gateway send bench on ${gw.ctx.db.dialectName}`);

  const all = numbers(RECIPIENTS);
  const one = await timed('sendsms 100,000 recipients, one request (accepted)', () =>
    sendSms(gw, demo.apikey, [sendItem({ destinationAddress: all })]),
  );
  if (one.status !== 200) throw new Error(`send failed: ${JSON.stringify(one.body)}`);
  const submit = await timed('carrier: submit 100,000 (2,000-row chunks)', () => drainCarrier(gw));
  console.log(`  ${submit.chunks} chunks, longest ${submit.longest.toFixed(0)} ms`);
  gw.clock.advance(gw.ctx.carrierDelayMs);
  const report = await timed('carrier: 100,000 delivery reports', () => drainCarrier(gw));
  console.log(`  ${report.chunks} chunks, longest ${report.longest.toFixed(0)} ms`);

  const job = randomUUID();
  const list100k = all.split(',');
  await timed('sendsms 100,000 as 100 batches of 1,000 (Idempotency-Key)', async () => {
    for (let from = 0; from < RECIPIENTS; from += 1000) {
      const res = await sendSms(
        gw,
        demo.apikey,
        [sendItem({ destinationAddress: list100k.slice(from, from + 1000).join(',') })],
        { key: `${job}:${from}-${from + 999}` },
      );
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    }
  });
  await timed('the same 100,000 again in one request (all repeats)', () =>
    sendSms(gw, demo.apikey, [sendItem({ destinationAddress: all })], { key: `${job}:0-${RECIPIENTS - 1}` }),
  );
  await timed('carrier: submit + report the batched job', async () => {
    await drainCarrier(gw);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await drainCarrier(gw);
  });

  // 1,000,000 stored messages, seeded in multi-row inserts (not through the API).
  const users = await gw.ctx.db.selectFrom('users').selectAll().execute();
  const seedStart = performance.now();
  const base = {
    job_id: null,
    job_key: null,
    list: 'bulk' as const,
    kind: 'quick' as const,
    message_type: 'quick sms' as const,
    typeandsubtype: 'quick:regular',
    unicode: 0,
    flash: 0,
    parts: 1,
    posted: 3,
    submitted: 3,
    sent: 2,
    failed: 1,
    credits: 3,
    preview_count: 3,
    parent_id: null,
    state: 'done' as const,
    anchor_at: null,
    next_run_at: null,
    last_run_at: null,
    last_run_id: null,
    slot: 0,
    run_count: 0,
    recurring_period: '',
    recurring_interval: 0,
    last_error: '',
  };
  for (let start = 0; start < MESSAGES; start += SEED_CHUNK * 20) {
    await gw.ctx.db.transaction().execute(async (trx) => {
      for (let c = start; c < Math.min(MESSAGES, start + SEED_CHUNK * 20); c += SEED_CHUNK) {
        const rows = Array.from({ length: Math.min(SEED_CHUNK, MESSAGES - c) }, (_, k) => {
          const i = c + k;
          const user = users[i % users.length]!;
          const at = gw.clock.now - (MESSAGES - i) * 1000;
          const row = {
            ...base,
            profile_id: user.profile_id,
            supid: user.supid,
            username: user.username,
            random_alpha: randomAlpha(),
            short_message: `Promo ${i}: fresh deals at shop ${i % 997} this week`,
            source_address: i % 3 ? 'DEMO' : 'ALERTS',
            description: `campaign ${i % 1000}`,
            destination_preview: `2332${String(i).padStart(8, '0')},233241000001,233241000002`,
            registered_at: at,
            sent_at: at,
            created_at: at,
          };
          return { ...row, search_text: searchTextOf({ ...row, at }) };
        });
        await trx.insertInto('messages').values(rows).execute();
      }
    });
  }
  console.log(
    `${`seeded ${MESSAGES.toLocaleString('en-US')} messages (multi-row inserts)`.padEnd(60)} ${(performance.now() - seedStart).toFixed(0).padStart(7)} ms`,
  );
  if (gw.ctx.db.dialectName === 'postgres') await sql`analyze`.execute(gw.ctx.db);

  const sup = await account(gw, 'supervisor');
  await timed('quickrequest page 1 (own, newest first)', () => list(gw, demo.token, 'quickrequest'));
  await timed('quickrequest page 500', () => list(gw, demo.token, 'quickrequest', { pageNum: 500 }));
  await timed('allbulksms page 1 (profile 6: its clients)', () => list(gw, sup.token, 'allbulksms'));
  await timed('search "shop 996" (common: stops at 20 matches)', () =>
    list(gw, demo.token, 'quickrequest', { search: 'shop 996' }),
  );
  let mine = Math.floor(MESSAGES / 8);
  while (users[mine % users.length]!.profile_id !== demo.profile_id) mine += 1;
  const rare = await timed(`search "promo ${mine}:" (one match, deep: scans most rows)`, () =>
    list(gw, demo.token, 'quickrequest', { search: `promo ${mine}:` }),
  );
  console.log(`  matches: ${rare.body.bulksms.length}`);
  await timed('search "no such text" (no match: full scan)', () =>
    list(gw, demo.token, 'quickrequest', { search: 'no such text' }),
  );
} finally {
  await gw.close();
}
