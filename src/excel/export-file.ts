// The page's side of the status report export.
import { writeStatusReport, type ReportRow } from './status-report';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_TIMEOUT_MS = 60_000;

type Reply = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/** The report's bytes, made in a worker where there is one (on the main thread in unit tests). */
export function buildStatusReport(rows: readonly ReportRow[]): Promise<Uint8Array> {
  if (typeof Worker === 'undefined') return Promise.resolve(writeStatusReport(rows));
  const worker = new Worker(new URL('./export-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(() => finish({ ok: false, message: 'Writing the report took too long' }), EXPORT_TIMEOUT_MS);
    const finish = (reply: Reply) => {
      clearTimeout(timer);
      worker.terminate();
      if (reply.ok) resolve(reply.bytes);
      else reject(new Error(reply.message));
    };
    worker.onmessage = (event: MessageEvent<Reply>) => finish(event.data);
    worker.onerror = () => finish({ ok: false, message: 'The report could not be written' });
    // Plain objects only: the rows may carry fields a worker cannot clone.
    worker.postMessage({ rows: rows.map((r) => ({ mobilenumber: r.mobilenumber, status: r.status })) });
  });
}
