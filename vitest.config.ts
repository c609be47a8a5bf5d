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
          exclude: ['tests/unit/tooling/**'],
          setupFiles: ['tests/unit/setup-web.ts'],
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
          // Each test has its own database; on PostgreSQL .ci/run takes three files at once.
          fileParallelism: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
