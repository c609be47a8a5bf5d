#!/usr/bin/env node
// Runs a command against a private PostgreSQL cluster on a free loopback port, then removes it.
// Usage: node scripts/with-postgres.mjs <command> [args...]   (DATABASE_URL is set for the command)
// PG_KEEP_LOG=<file>: the server's log is copied there at the end (errors with their statement, and
// lock waits past a second, the plans of statements of 3 s or more, or PG_EXPLAIN_MS), so a statement
// that timed out can be named and its plan read.
import { spawnSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync, copyFileSync, existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findBin(name) {
  const candidates = [`/usr/local/bin/${name}`];
  if (existsSync('/usr/lib/postgresql')) {
    for (const v of readdirSync('/usr/lib/postgresql').sort().reverse())
      candidates.push(`/usr/lib/postgresql/${v}/bin/${name}`);
  }
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`${name} not found: install PostgreSQL (apt-get install -y postgresql)`);
  return found;
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const asRoot = process.getuid?.() === 0;
// initdb refuses to run as root: run the cluster as the postgres system user.
const run = (bin, args, opts = {}) =>
  asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe', ...opts })
    : spawnSync(bin, args, { stdio: 'pipe', ...opts });

const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
chmodSync(dir, 0o777);
const dataDir = join(dir, 'data');
const port = await freePort();

function check(res, what) {
  if (res.status !== 0) {
    console.error(`${what} failed:\n${res.stdout}\n${res.stderr}`);
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }
}

check(
  run(findBin('initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']),
  'initdb',
);
// PG_STAT_STATEMENTS=1: every statement's time is kept (the SMPP bench prints where it went).
const preload = [
  ...(process.env.PG_STAT_STATEMENTS === '1' ? ['pg_stat_statements'] : []),
  ...(process.env.PG_KEEP_LOG ? ['auto_explain'] : []),
];
const statements =
  (preload.length > 0 ? ` -c shared_preload_libraries=${preload.join(',')}` : '') +
  (process.env.PG_STAT_STATEMENTS === '1' ? ' -c pg_stat_statements.track=all' : '') +
  (process.env.PG_KEEP_LOG ? ` -c auto_explain.log_min_duration=${Number(process.env.PG_EXPLAIN_MS ?? 3000)}` : '');
check(
  run(findBin('pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c log_lock_waits=on${statements}`,
    'start',
  ]),
  'pg_ctl start',
);
const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
console.log(`PostgreSQL cluster on 127.0.0.1:${port}`);

const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url }, shell: false });
const code = await new Promise((resolve) => child.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0))));
run(findBin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
if (process.env.PG_KEEP_LOG) copyFileSync(join(dir, 'log'), process.env.PG_KEEP_LOG);
rmSync(dir, { recursive: true, force: true });
process.exit(code);
