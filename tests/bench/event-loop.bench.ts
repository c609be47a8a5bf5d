// How long one user's large request holds the gateway's event loop, and what it costs the others:
// groupsrequest for an account of 150 books of 1,000 contacts (answer size, time, memory), a
// 100,000-row contact import and an 80,000-recipient send with the simulated carrier's steps after it.
// Run: npx tsx tests/bench/event-loop.bench.ts   (PostgreSQL: node scripts/with-postgres.mjs npx tsx ...)
// PHASES=groups,import,send picks the parts to run.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { makeTestApp, type TestGateway } from '../gateway/helpers/test-app';
import { fundedAccount, numbers, sendItem } from '../gateway/helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';

const BOOKS = 150;
const PER_BOOK = 1000;
const IMPORT_ROWS = 100_000;
const RECIPIENTS = 80_000;
const phases = (process.env.PHASES ?? 'groups,import,send').split(',');

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * Runs `work` while a 1 ms timer probes the event loop: the longest gap between two of its runs is the
 * longest time anything held the loop (monitorEventLoopDelay misses a single block that spans the run).
 */
async function blocked<T>(label: string, work: () => Promise<T>): Promise<T> {
  let longest = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  try {
    return await work();
  } finally {
    const wall = performance.now() - start;
    clearInterval(probe);
    longest = Math.max(longest, performance.now() - last);
    console.log(
      `${label.padEnd(58)} ${wall.toFixed(0).padStart(6)} ms, loop held at most ${longest.toFixed(0).padStart(5)} ms`,
    );
  }
}

/** POST with a body already serialised, so the figures hold the gateway's work and not the test's. */
async function postRaw(gw: TestGateway, url: string, payload: string, headers: Record<string, string>) {
  const res = await gw.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
  });
  return { status: res.statusCode, body: res.body };
}

async function seedBooks(gw: TestGateway, profileId: number) {
  for (let b = 0; b < BOOKS; b += 1) {
    const group = await gw.ctx.db
      .insertInto('groups')
      .values({ profile_id: profileId, groupname: `Book ${b}`, created_at: gw.clock.now + b })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let from = 0; from < PER_BOOK; from += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => ({
        group_id: group.id,
        profile_id: profileId,
        firstname: `First${from + k}`,
        surname: `Surname${b}`,
        email: `person${b}.${from + k}@example.com`,
        phonenumber: `23324${String(b).padStart(3, '0')}${String(from + k).padStart(4, '0')}`,
        birthday: '1990-01-02',
        referencekey: randomUUID(),
        created_at: gw.clock.now,
      }));
      await gw.ctx.db.insertInto('contacts').values(rows).execute();
    }
  }
}

const gw = await makeTestApp({ maxBodyBytes: 16 * 1024 * 1024 });
try {
  console.log(`event-loop bench on ${gw.ctx.db.dialectName}`);
  const demo = await fundedAccount(gw, 'demouser', 10_000_000);
  const auth = { authorization: `Bearer ${demo.token}` };

  if (phases.includes('groups')) {
    await seedBooks(gw, demo.profile_id);
    const body = JSON.stringify({ profile_id: demo.profile_id });
    for (const round of [1, 2]) {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      const res = await blocked(`groupsrequest, ${BOOKS} books of ${PER_BOOK} (round ${round})`, () =>
        postRaw(gw, '/smsgateway/api/frontend/groupsrequest', body, auth),
      );
      const rssAfter = process.memoryUsage().rss;
      const groups = (JSON.parse(res.body) as { groups: { contacts: unknown[] }[] }).groups;
      const inline = groups.reduce((n, g) => n + g.contacts.length, 0);
      console.log(
        `  status ${res.status}, ${mib(Buffer.byteLength(res.body))}, ${groups.length} books, ${inline} contacts inline;` +
          ` RSS ${mib(rssBefore)} -> ${mib(rssAfter)}`,
      );
    }
  }

  if (phases.includes('import')) {
    // Straight into the database: after the 150 books above, creategroup refuses a 101st.
    await gw.ctx.db
      .insertInto('groups')
      .values({ profile_id: demo.profile_id, groupname: 'Import', created_at: gw.clock.now })
      .execute();
    const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => ({
      firstname: `First${i}`,
      surname: `Surname${i}`,
      numbers: 233_240_000_000 + i,
      email: `person${i}@example.com`,
      birthday: i % 5 === 0 ? '1980-03-04' : '',
    }));
    const payload = JSON.stringify({ profile_id: demo.profile_id, groupname: 'Import', excelData: rows });
    console.log(`  import body ${mib(Buffer.byteLength(payload))}`);
    const res = await blocked(`createcontactexel ${IMPORT_ROWS.toLocaleString('en-US')} rows`, () =>
      postRaw(gw, '/smsgateway/api/frontend/createcontactexel', payload, auth),
    );
    if (res.status !== 200) throw new Error(res.body.slice(0, 300));
    const parseStart = performance.now();
    JSON.parse(payload);
    console.log(`  of which JSON.parse of the body alone: ${(performance.now() - parseStart).toFixed(0)} ms`);
  }

  if (phases.includes('send')) {
    const payload = JSON.stringify({ messageobject: [sendItem({ destinationAddress: numbers(RECIPIENTS) })] });
    const res = await blocked(`sendsms ${RECIPIENTS.toLocaleString('en-US')} recipients (accepted)`, () =>
      postRaw(gw, '/smsgateway/api/sendsms', payload, {
        accept: 'application/json',
        authorization: `Bearer ${demo.apikey}`,
      }),
    );
    if (res.status !== 200) throw new Error(res.body.slice(0, 300));
    // As background.ts runs it: a step of up to 25 chunks every 200 ms, until nothing is left.
    const drain = async () => {
      for (;;) {
        const handled = await tickCarrier(gw.ctx, { maxChunks: 25 });
        if (handled === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    await blocked('carrier steps: submit 80,000', drain);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await blocked('carrier steps: 80,000 delivery reports', drain);
  }
} finally {
  await gw.close();
}
