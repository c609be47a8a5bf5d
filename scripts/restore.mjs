#!/usr/bin/env node
// npm run restore -- <backup folder>: a backup of npm run backup into an empty database (a new SQLite
// file under DATA_DIR, or the empty PostgreSQL database DATABASE_URL names), with its uploaded images.
// It never writes over a database that holds data (docs/operations.md#backups).
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { backupSettings, fail, findPgTool, MANIFEST } from './backup-common.mjs';

const { databaseUrl, dataDir, positional } = backupSettings(process.argv.slice(2), process.env, {});
if (positional.length !== 1) fail('Say which backup to restore: npm run restore -- backups/backup-20261202-231500');
const source = resolve(positional[0]);
if (!existsSync(join(source, MANIFEST))) fail(`${source} is not a backup folder: it has no ${MANIFEST}`);
const manifest = JSON.parse(readFileSync(join(source, MANIFEST), 'utf8'));

// A backup from a newer gateway has tables this one does not know: restore it with that version.
const known = new Set(
  readdirSync(join(dirname(fileURLToPath(import.meta.url)), '../server/src/db/migrations')).map((f) =>
    f.replace(/\.ts$/, ''),
  ),
);
const unknown = manifest.migrations.filter((name) => !known.has(name));
if (unknown.length > 0)
  fail(
    `This backup was made by a newer gateway (it has run ${unknown.join(', ')}): restore it with that version or a later one`,
  );

if (manifest.kind === 'postgres' && !databaseUrl)
  fail('This is a PostgreSQL backup: set DATABASE_URL to the empty database to restore it into');
if (manifest.kind === 'sqlite' && databaseUrl)
  fail('This is a SQLite backup: unset DATABASE_URL and set DATA_DIR to the folder to restore it into');

let accounts;
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error) => fail(`Cannot reach PostgreSQL: ${error.message}`));
  const tables = await client.query(
    'select count(*)::int as n from information_schema.tables where table_schema = current_schema()',
  );
  if (tables.rows[0].n > 0) {
    await client.end();
    fail(
      'The database DATABASE_URL names is not empty: restore into a new, empty database (createdb), then point the gateway at it',
    );
  }
  const restore = spawnSync(
    findPgTool('pg_restore'),
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      databaseUrl,
      join(source, manifest.database),
    ],
    { stdio: ['ignore', 'inherit', 'pipe'] },
  );
  if (restore.status !== 0) {
    await client.end();
    fail(`pg_restore failed: ${String(restore.stderr).trim()}`);
  }
  accounts = (await client.query('select count(*)::int as n from users')).rows[0].n;
  await client.end();
} else {
  const file = join(dataDir, 'gateway.sqlite');
  if (['', '-wal', '-shm'].some((end) => existsSync(file + end)))
    fail(`${file} exists: restore into an empty DATA_DIR (or move the old database away first)`);
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(join(source, manifest.database), file);
  const db = new SQLite(file, { fileMustExist: true });
  const check = db.pragma('integrity_check', { simple: true });
  if (check !== 'ok') fail(`The restored database fails SQLite's integrity check: ${check}`);
  accounts = db.prepare('select count(*) as n from users').get().n;
  db.close();
}

// Images the target already has stay as they are.
if (manifest.images && existsSync(join(source, 'images')))
  cpSync(join(source, 'images'), join(dataDir, 'images'), { recursive: true, force: false });

console.log(
  `Restored the backup of ${manifest.startedAt} (${accounts} accounts, ${manifest.migrations.length} migrations): start the gateway on it.`,
);
