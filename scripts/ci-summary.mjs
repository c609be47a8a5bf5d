#!/usr/bin/env node
// Adds up vitest JSON reports into the one closing line CI reads: 'N passed, N failed'.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: missing (the suite did not run to the end)`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const f = (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  console.log(`${file}: ${r.numPassedTests} passed, ${f} failed`);
  passed += r.numPassedTests ?? 0;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
