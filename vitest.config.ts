import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the PWA's modules in a DOM with fake IndexedDB, the gateway in plain Node.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: ['tests/unit/tooling/**', 'tests/unit/**/*.mocked.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup-web.ts'],
          // A limit against hangs, not a speed check: CI runs the browser tests beside this suite, and
          // a 200,000-row sheet or a whole screen can take longer than vitest's default 5 s there.
          testTimeout: 30_000,
          // The files of a worker share its modules (each test clears what it stores, setup-web.ts):
          // loading the DOM's modules anew for each file took half the time (199 s against 94 s).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Files that vi.mock a module get modules of their own: in the shared worker above, a module
          // another file loaded first keeps the real import, and the mock never applies.
          name: 'web-mocked',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.mocked.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup-web.ts'],
          testTimeout: 30_000,
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['tests/unit/tooling/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/gateway/**/*.test.ts'],
          setupFiles: ['tests/gateway/setup-server.ts'],
          // A few tests start the gateway as a process (carrier-restart, first-start): bundled once a run.
          globalSetup: ['tests/e2e/support/bundle-gateway.ts'],
          // Each test has its own database; on PostgreSQL .ci/run takes three files at once.
          fileParallelism: true,
          // The files of a worker share its modules: the gateway keeps its state in each test's own
          // context (module-level caches are keyed by it), and importing the gateway anew for each
          // file took half of the suite's time (273 s against 145 s on SQLite, 346 against 266 on
          // PostgreSQL with three files at once).
          isolate: false,
          // Limits against a hang, not speed checks: .ci/run runs the browser tests beside the
          // PostgreSQL suite, and a loaded machine needs the slack.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
