// Builds the status report off the main thread from status/{id}'s pages: 100,000 rows are asked for
// 1,000 at a time and written here, so the page only shows the progress (docs/product.md#delivery-status).
import { buildStatusExport } from './status-export-build';
import type { StatusExportReply, StatusExportRequest } from './status-export';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<StatusExportRequest>) => {
  const post = (reply: StatusExportReply, transfer: Transferable[] = []) => self.postMessage(reply, transfer);
  try {
    const bytes = await buildStatusExport(event.data, (done, total) => post({ kind: 'progress', done, total }));
    post({ kind: 'done', bytes }, [bytes.buffer]);
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
