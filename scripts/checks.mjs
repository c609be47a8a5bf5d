#!/usr/bin/env node
// Runs npm scripts at once and fails if any fails: each is mostly one core, and the machine has two.
// Each script's output is printed whole when it ends, so two never interleave.
// Usage: node scripts/checks.mjs lint format:check typecheck knip
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code, signal) => {
        const ok = code === 0;
        const seconds = Math.round((Date.now() - started) / 1000);
        process.stdout.write(`\n> ${name}: ${ok ? 'passed' : `failed (${code ?? signal})`} in ${seconds} s\n${output}`);
        resolve(ok);
      });
    }),
);
const results = await Promise.all(runs);
const failed = scripts.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
