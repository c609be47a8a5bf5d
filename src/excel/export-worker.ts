// Writes the Excel exports off the main thread (100,000 rows take about a second to compress).
import { writeCustomerData, writeNumbers } from './client-exports';
import type { ExportRequest } from './export-request';
import { writeStatusReport } from './status-report';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<ExportRequest>) => {
  try {
    const request = event.data;
    const bytes =
      request.kind === 'customers'
        ? writeCustomerData(request.rows)
        : request.kind === 'numbers'
          ? writeNumbers(request.rows)
          : writeStatusReport(request.rows);
    self.postMessage({ ok: true, bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
