// The data layer's costs on fake-indexeddb (Node): queueing a 100,000-recipient personalised send and
// reading 100,000 stored list rows. Chromium figures: npx tsx tests/bench/data-layer-chromium.bench.ts
// Run: npx tsx tests/bench/data-layer.bench.ts
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { db } from '../../src/db/db';
import { saveSignIn } from '../../src/db/session-store';
import { countListRows, putListItems, readListRows } from '../../src/db/list-store';
import { readBatches } from '../../src/db/outbox-store';
import { enqueue } from '../../src/outbox/enqueue';
import { joinBatchItems } from '../../src/outbox/job-items';
import { makeUser } from '../unit/domain/factories';
import { benchListRows, personalisedItems } from './data-layer-fixtures';

const N = 100_000;

async function timed<T>(label: string, run: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  const result = await run();
  console.log(`${label.padEnd(60)} ${(performance.now() - start).toFixed(0).padStart(7)} ms`);
  return result;
}

await saveSignIn(makeUser({ profile_id: 7 }), 1);
const items = personalisedItems(N);
const id = await timed(`enqueue ${N.toLocaleString()} personalised messages (1 job + 1,000 records)`, () =>
  enqueue({ items }),
);
const job = await db.outboxJobs.get(id);
console.log(
  `  job: ${job?.total} recipients, ${job?.batchCount} batch records, body ${(job!.bytes / 1e6).toFixed(1)} MB`,
);
await timed('read the job back and rebuild the whole send', async () => joinBatchItems(await readBatches(id)).length);

const rows = benchListRows(7, N);
await timed(`store ${N.toLocaleString()} list rows (bulkPut, one transaction)`, () => putListItems(rows));
console.log(`  stored: ${await countListRows(7, 'quick-own')}`);
await timed(`read all ${N.toLocaleString()} rows, newest first`, () => readListRows(7, 'quick-own', ''));
await timed('read the newest 20 rows (first screen)', () => readListRows(7, 'quick-own', '', 20));
await timed(`search all ${N.toLocaleString()} rows on the device ('customer 99999')`, () =>
  readListRows(7, 'quick-own', 'customer 99999'),
);
await timed("search, first 20 matches ('customer 1')", () => readListRows(7, 'quick-own', 'customer 1', 20));
db.close();
