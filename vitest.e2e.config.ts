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
    globalSetup: ['tests/e2e/support/bundle-gateway.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll waits for what the gateway answers: with two files and their Chromiums on two cores, a
    // debounced search over 100,000 recipients can take longer than vitest's default second.
    expect: { poll: { timeout: 20_000 } },
  },
});
