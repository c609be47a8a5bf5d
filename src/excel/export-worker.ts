// Writes the Excel exports off the main thread (100,000 rows take about a second to compress).
import { writeCustomerData, writeNumbers } from './client-exports';
import type { ExportRequest } from './export-request';
import { writeStatusReport } from './status-report';

type WorkerScope = {
  onmessage: ((event: MessageEvent<ExportRequest>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    const request = event.data;
    const bytes =
      request.kind === 'customers'
        ? writeCustomerData(request.rows)
        : request.kind === 'numbers'
          ? writeNumbers(request.rows)
          : writeStatusReport(request.rows);
    scope.postMessage({ ok: true, bytes }, [bytes.buffer]);
  } catch (error) {
    scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
