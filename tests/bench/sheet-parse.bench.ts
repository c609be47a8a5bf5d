// Figures: a 100,000-row xlsx and csv of recipients read by the parse worker's own code in a
// worker thread (open: bytes in, the only sheet's columns out), median of a few runs.
//   npx tsx tests/bench/sheet-parse.bench.ts
import { Worker } from 'node:worker_threads';
import * as XLSX from 'xlsx';
import { ms, stats } from './bench-stats';

const ROWS = 100_000;
const RUNS = 9;

const rows = Array.from({ length: ROWS }, (_, i) => [
  `0${String(241_000_000 + i)}`,
  `Customer ${i}`,
  1000 + (i % 977),
  `Accra branch ${i % 40}`,
]);
const headings = ['numbers', 'name', 'amount', 'branch'];

function xlsxBytes(): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([headings, ...rows]), 'Customers');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

const csvBytes = (): Uint8Array =>
  new TextEncoder().encode([headings, ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n');

// tsx's loader registered inside the thread, so the worker's TypeScript runs as it is.
const shim = new URL('./support/node-parse-worker.ts', import.meta.url).href;
const worker = new Worker(
  `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(shim)}); });`,
  { eval: true },
);
await new Promise<void>((resolve) => worker.once('message', () => resolve()));

let nextId = 1;
/** One 'open' request, timed from posting the file to the worker's answer. */
function openInWorker(bytes: Uint8Array, fileName: string): Promise<{ ms: number; length: number }> {
  const id = nextId++;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const onMessage = (reply: {
      id: number;
      type: string;
      first?: { ok: boolean; table?: { length: number } };
      message?: string;
    }) => {
      if (reply.id !== id || reply.type === 'progress') return;
      worker.off('message', onMessage);
      if (reply.type !== 'opened') return reject(new Error(reply.message ?? reply.type));
      resolve({ ms: performance.now() - t0, length: reply.first?.table?.length ?? -1 });
    };
    worker.on('message', onMessage);
    worker.postMessage({ type: 'open', id, file: new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName });
  });
}

try {
  for (const [label, bytes, name] of [
    ['xlsx', xlsxBytes(), 'customers.xlsx'],
    ['csv', csvBytes(), 'customers.csv'],
  ] as const) {
    const times: number[] = [];
    let length = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const answer = await openInWorker(bytes, name);
      times.push(answer.ms);
      length = answer.length;
    }
    const s = stats(times);
    console.log(
      `${label}: ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MiB, ${length.toLocaleString('en-US')} rows loaded; ` +
        `open in the worker median ${ms(s.median)}, max ${ms(s.max)} (n=${s.n})`,
    );
  }
} finally {
  await worker.terminate();
}
