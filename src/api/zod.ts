import { z } from 'zod';

// Zod's fast path probes `new Function`, which the app's CSP (no 'unsafe-eval') reports as a violation
// on every page; answers are small, so the interpreted checks cost nothing that shows. Every schema
// module takes `z` from here, so the setting is made before any schema exists.
z.config({ jitless: true });

export { z };
