#!/usr/bin/env node
// npm run dev: the gateway on 8081 (dev mode, data under data/) and Vite on 5173 proxying /smsgateway to it.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '8081', GATEWAY_DEV: process.env.GATEWAY_DEV ?? '1', DIST_DIR: 'dist' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, GATEWAY_URL: 'http://localhost:8081' } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
