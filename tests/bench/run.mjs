#!/usr/bin/env node
// npm run bench: runs every tests/bench/*.bench.ts (or those named) one after the other and keeps
// what each printed in bench-results/. Figures are printed, never asserted.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';

const wanted = process.argv.slice(2);
const files = readdirSync('tests/bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();
mkdirSync('bench-results', { recursive: true });
let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', `tests/bench/${file}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(res.stdout ?? '');
  writeFileSync(`bench-results/${file.replace(/\.ts$/, '.txt')}`, res.stdout ?? '');
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
