// Writes the status report off the main thread (100,000 rows take about a second to compress).
import { writeStatusReport, type ReportRow } from './status-report';

type WorkerScope = { onmessage: ((event: MessageEvent<{ rows: ReportRow[] }>) => void) | null; postMessage(message: unknown, transfer?: Transferable[]): void };
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    const bytes = writeStatusReport(event.data.rows);
    scope.postMessage({ ok: true, bytes }, [bytes.buffer]);
  } catch (error) {
    scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
