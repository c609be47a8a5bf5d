// The page's side of the Excel exports: the worker writes, the page downloads.
import { writeCustomerData, writeNumbers, type CustomerRow } from './client-exports';
import type { ExportRequest } from './export-request';
import { writeStatusReport, type ReportRow } from './status-report';

const EXPORT_TIMEOUT_MS = 60_000;

type Reply = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/** Writes on the main thread where there is no Worker (unit tests). */
function writeHere(request: ExportRequest): Uint8Array {
  if (request.kind === 'customers') return writeCustomerData(request.rows);
  if (request.kind === 'numbers') return writeNumbers(request.rows);
  return writeStatusReport(request.rows);
}

function inWorker(request: ExportRequest): Promise<Uint8Array> {
  if (typeof Worker === 'undefined') return Promise.resolve(writeHere(request));
  const worker = new Worker(new URL('./export-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(() => finish({ ok: false, message: 'Writing the file took too long' }), EXPORT_TIMEOUT_MS);
    const finish = (reply: Reply) => {
      clearTimeout(timer);
      worker.terminate();
      if (reply.ok) resolve(reply.bytes);
      else reject(new Error(reply.message));
    };
    worker.onmessage = (event: MessageEvent<Reply>) => finish(event.data);
    worker.onerror = () => finish({ ok: false, message: 'The file could not be written' });
    worker.postMessage(request);
  });
}

/** The status report's bytes, made in a worker where there is one. */
export function buildStatusReport(rows: readonly ReportRow[]): Promise<Uint8Array> {
  // Plain objects only: the rows may carry fields a worker cannot clone.
  return inWorker({ kind: 'status', rows: rows.map((r) => ({ mobilenumber: r.mobilenumber, status: r.status })) });
}

/** The customer data export (client management). */
export function buildCustomerData(rows: readonly CustomerRow[]): Promise<Uint8Array> {
  const plain = rows.map((r) => Object.fromEntries(CUSTOMER_FIELDS.map((k) => [k, r[k]])) as CustomerRow);
  return inWorker({ kind: 'customers', rows: plain });
}

/** Profile 6's numbers export. */
export const buildNumbersExport = (numbers: readonly string[]): Promise<Uint8Array> =>
  inWorker({ kind: 'numbers', rows: [...numbers] });

const CUSTOMER_FIELDS = [
  'username',
  'companyname',
  'email',
  'telnumber',
  'accountType',
  'creditbalance',
  'internationalcreditbalance',
  'creditexpires',
  'senderidapproved',
  'pendingsenderid',
  'setuptime',
] as const satisfies readonly (keyof CustomerRow)[];
