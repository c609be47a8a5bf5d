// The parse worker's own code (src/excel/parse-worker.ts) in a Node worker thread: `self` is the thread's port.
import { parentPort } from 'node:worker_threads';

const port = parentPort!;
const self = {
  onmessage: null as ((event: { data: unknown }) => void) | null,
  postMessage: (message: unknown) => port.postMessage(message),
};
(globalThis as unknown as { self: typeof self }).self = self;
// Imported by address: the worker's file is typed for a browser worker, which this project's types are not.
await import(new URL('../../../src/excel/parse-worker.ts', import.meta.url).href);
port.on('message', (data: unknown) => self.onmessage?.({ data }));
port.postMessage({ type: 'ready' });
