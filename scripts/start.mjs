#!/usr/bin/env node
// npm start: builds the PWA when dist/ is missing or older than its sources, then runs the gateway
// (embedded SQLite under data/, demo data on first start, dev inbox on) serving dist/ and the API.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sourcesAt = Math.max(...['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map(newest));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Sources changed since the last build: building the PWA...' : 'Building the PWA...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = { ...process.env, GATEWAY_DEV: process.env.GATEWAY_DEV ?? '1' };
const gateway = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => gateway.kill(signal));
gateway.on('exit', (code) => process.exit(code ?? 0));
