#!/usr/bin/env node
// Runs the browser tests and ends with one line: 'e2e: N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install Debian's chromium (apt-get install -y chromium).`);
  process.exit(1);
}
if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run npm run build first (npm run test:e2e does).');
  process.exit(1);
}
mkdirSync('test-results', { recursive: true });
const report = 'test-results/e2e.json';
const res = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--config',
    'vitest.e2e.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0);
}
if (res.status !== 0 && failed === 0) failed = 1;
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(res.status ?? 1);
