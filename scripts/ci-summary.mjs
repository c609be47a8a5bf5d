#!/usr/bin/env node
// Adds up vitest JSON reports into the one closing line CI reads: 'N passed, N failed'. Above it,
// each failed test by file and name with the first lines of its error, since CI keeps only the tail.
import { existsSync, readFileSync } from 'node:fs';

const ERROR_LINES = 6;
// What a failed browser test's pages showed (tests/e2e/support/setup.ts), printed wherever it is.
const PAGE_STATE = /^page state \d+:/;
let passed = 0;
let failed = 0;
const failures = [];
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
  for (const suite of r.testResults ?? []) {
    const where = `${file}: ${suite.name.replace(`${process.cwd()}/`, '')}`;
    const tests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failures.push({ where, name: t.fullName ?? t.title, messages: t.failureMessages ?? [] });
    if (tests.length === 0 && suite.status === 'failed')
      failures.push({ where, name: '(the file itself)', messages: [suite.message ?? ''] });
  }
}
if (failures.length > 0) {
  console.log('\nfailed:');
  for (const { where, name, messages } of failures) {
    console.log(`- ${where} > ${name}`);
    const lines = messages
      .join('\n')
      .split('\n')
      .filter((l) => l.trim() !== '');
    const pages = lines.filter((l, i) => i >= ERROR_LINES && PAGE_STATE.test(l));
    for (const line of [...lines.slice(0, ERROR_LINES), ...new Set(pages)]) console.log(`    ${line}`);
  }
  console.log('');
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
