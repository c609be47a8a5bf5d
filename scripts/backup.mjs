#!/usr/bin/env node
// npm run backup [-- --dir backups --keep 14]: a consistent copy of the gateway's database and uploaded
// images while the gateway runs (docs/operations.md#backups). SQLite: the online backup API, in one step
// so the copy is one moment's state; PostgreSQL: pg_dump in its custom format (one snapshot).
// Reads DATABASE_URL and DATA_DIR as the gateway does; prints the new backup's folder.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { backupSettings, fail, findPgTool, MANIFEST, stamp } from './backup-common.mjs';

const { databaseUrl, dataDir, options } = backupSettings(process.argv.slice(2), process.env, {
  dir: 'backups',
  keep: '14',
});
const keep = Number(options.keep);
if (!Number.isInteger(keep) || keep < 1)
  fail(`--keep must be a whole number of backups, at least 1; it is '${options.keep}'`);

const root = resolve(options.dir);
mkdirSync(root, { recursive: true });
// Two backups in one second get -1, -2...: never one folder written twice.
let target = join(root, `backup-${stamp(new Date())}`);
for (let n = 1; existsSync(target); n += 1) target = join(root, `backup-${stamp(new Date())}-${n}`);
mkdirSync(target);

/** The migrations the database has run: a restore into an older gateway is refused on this. */
async function migrationsOf(query) {
  try {
    return (await query('select name from kysely_migration order by name')).map((row) => row.name);
  } catch {
    fail('The database has no migrations table: is this the gateway’s database?');
  }
}

let migrations;
let database;
const startedAt = new Date();
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error) => fail(`Cannot reach PostgreSQL: ${error.message}`));
  migrations = await migrationsOf(async (text) => (await client.query(text)).rows);
  await client.end();
  database = 'gateway.pgdump';
  const dump = spawnSync(
    findPgTool('pg_dump'),
    ['--format=custom', '--no-owner', '--no-privileges', '--file', join(target, database), databaseUrl],
    {
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  );
  if (dump.status !== 0) fail(`pg_dump failed: ${String(dump.stderr).trim()}`, target);
} else {
  const file = join(dataDir, 'gateway.sqlite');
  if (!existsSync(file)) fail(`No database at ${file}: set DATA_DIR to the gateway's data folder`, target);
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  migrations = await migrationsOf(async (text) => source.prepare(text).all());
  database = 'gateway.sqlite';
  // All pages in one step: a writer in between cannot make the copy restart or mix two moments.
  await source.backup(join(target, database), { progress: ({ totalPages }) => totalPages });
  source.close();
}

const images = join(dataDir, 'images');
if (existsSync(images)) cpSync(images, join(target, 'images'), { recursive: true });
const manifest = {
  kind: databaseUrl ? 'postgres' : 'sqlite',
  database,
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  migrations,
  images: existsSync(images),
};
writeFileSync(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

// Retention: the newest `keep` backups stay; older folders of this script's naming go.
const older = readdirSync(root)
  .filter((name) => /^backup-\d{8}-\d{6}(-\d+)?$/.test(name) && existsSync(join(root, name, MANIFEST)))
  .sort()
  .reverse()
  .slice(keep);
for (const name of older) rmSync(join(root, name), { recursive: true, force: true });

console.log(target);
