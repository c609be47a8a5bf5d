import { defineConfig } from 'vitest/config';

// Browser tests: real gateway + Debian's Chromium, one file at a time (2 cores).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    setupFiles: ['tests/e2e/support/setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
