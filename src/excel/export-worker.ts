// Writes the Excel exports off the main thread (100,000 rows take about a second to compress).
import type { ExportRequest } from './export-request';
import { writeExport } from './export-writers';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<ExportRequest>) => {
  try {
    const request = event.data;
    const bytes = writeExport(request);
    self.postMessage({ ok: true, bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
