import { defineConfig } from 'vitest/config';

// Browser tests: each file starts its own gateway (free ports, its own data) and Chromium. Two files at
// once keep two cores busy (E2E_WORKERS sets another count). The limits below guard against a hang;
// they are not speed checks, and a loaded machine needs their slack.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    setupFiles: ['tests/e2e/support/setup.ts'],
    // The gateway bundled, then one first start's data (migrations, demo data) that each file's gateway copies.
    globalSetup: ['tests/e2e/support/bundle-gateway.ts', 'tests/e2e/support/seeded-data.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // Each file starts its own gateway and Chromium and shares no module state with the others, so the
    // workers are kept from file to file instead of a new process each: a file saves the start of a
    // worker and the import of Playwright and the support modules (about 4 CPU seconds and, on a busy
    // machine, 10-20 s between files). The setup file still runs again before each file.
    isolate: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll waits for what the gateway answers: with two files and their Chromiums on two cores, a
    // debounced search over 100,000 recipients can take longer than vitest's default second.
    expect: { poll: { timeout: 20_000 } },
  },
});
