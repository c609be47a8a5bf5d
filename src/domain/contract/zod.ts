import { z } from 'zod';

// In a browser or a worker, zod's fast path probes `new Function`, which the app's CSP (no 'unsafe-eval')
// reports as a violation on every page; answers are small, so the interpreted checks cost nothing that shows.
// The gateway (Node, no CSP) keeps the fast path for its large bodies. Every schema of the contract and of
// src/api takes `z` from here, so the setting is made before any of them exists.
if ('document' in globalThis || 'WorkerGlobalScope' in globalThis) z.config({ jitless: true });

export { z };
