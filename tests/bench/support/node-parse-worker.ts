// The parse worker's own code (src/excel/parse-worker.ts) in a Node worker thread: `self` is the thread's port.
import { parentPort } from 'node:worker_threads';

const port = parentPort!;
const self = {
  onmessage: null as ((event: { data: unknown }) => void) | null,
  postMessage: (message: unknown) => port.postMessage(message),
};
(globalThis as unknown as { self: typeof self }).self = self;
await import('../../../src/excel/parse-worker');
port.on('message', (data: unknown) => self.onmessage?.({ data }));
port.postMessage({ type: 'ready' });
