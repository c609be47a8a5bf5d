// The page's side of the status export: a worker asks for the pages and writes the file
// (status-export-worker.ts); the page shows its progress and downloads the bytes.
import { exportCredentials } from '../../sync/message-sync';

export interface StatusExportRequest {
  token: string;
  profileId: number;
  messageId: string;
}

export type StatusExportReply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; bytes: Uint8Array }
  | { kind: 'failed'; message: string };

/** The status report of a message, built in a worker from status/{id}'s pages. */
export async function exportStatus(
  messageId: string,
  progress: (done: number, total: number) => void,
): Promise<Uint8Array> {
  const { token, profileId } = await exportCredentials();
  const request: StatusExportRequest = { token, profileId, messageId };
  if (typeof Worker === 'undefined') {
    // Without workers (unit tests) the same code runs here.
    const { buildStatusExport } = await import('./status-export-build');
    return buildStatusExport(request, progress);
  }
  const worker = new Worker(new URL('./status-export-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Uint8Array>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<StatusExportReply>) => {
      const reply = event.data;
      if (reply.kind === 'progress') return progress(reply.done, reply.total);
      worker.terminate();
      if (reply.kind === 'done') resolve(reply.bytes);
      else reject(new Error(reply.message));
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new Error('The status report could not be written'));
    };
    worker.postMessage(request);
  });
}
