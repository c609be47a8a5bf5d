// A test's gateway starts on a database already migrated, and seeded with the demo data when the test
// asks for it, made once and copied for each test: on SQLite the bytes of an in-memory database, kept by
// each test process; on PostgreSQL a template database (CREATE DATABASE ... TEMPLATE), made once per
// cluster by whichever test process comes first. Migrating and seeding anew cost each gateway about
// 150 ms on SQLite and 600 ms on PostgreSQL. What the copy holds is exactly what migrating and seeding
// write, so a test cannot tell a copy from a fresh start.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { GatewayContext } from '../../../server/src/core/context';
import { openDatabase, type Db } from '../../../server/src/db/database';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { seedDemo } from '../../../server/src/seed/demo';

/** The context the demo data is written with (all but the database). */
export type SeedContext = Omit<GatewayContext, 'db'>;

/**
 * The demo data to write: the context, and what names that context's settings (the test's own
 * settings, all plain values): a copy is only used for a test whose settings are the same.
 */
export interface Seed {
  ctx: SeedContext;
  settings: string;
}

export interface StartingDatabase {
  db: Db;
  drop: () => Promise<void>;
}

const root = join(import.meta.dirname, '../../..');
const SOURCES = ['server/src/db/migrations', 'server/src/db/migrate.ts', 'server/src/seed'];

/** The migrations' and the seed's source, hashed: a template made by other code is never used. */
const sourceHash = (() => {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!path.endsWith('.ts')) {
      for (const name of readdirSync(join(root, path)).sort()) add(`${path}/${name}`);
      return;
    }
    hash.update(path).update(readFileSync(join(root, path)));
  };
  for (const path of SOURCES) add(path);
  return hash.digest('hex');
})();

/** The name of a starting point: the settings its demo data was written with, or none, and the source that makes it. */
function keyOf(seed: Seed | null): string {
  const inputs = seed ? { settings: seed.settings, now: seed.ctx.now() } : null;
  return createHash('sha256').update(sourceHash).update(JSON.stringify(inputs)).digest('hex').slice(0, 16);
}

const sqliteImages = new Map<string, Promise<Buffer>>();

/**
 * The demo data's logos, written beside each starting point and copied into each test's images folder:
 * a folder of this test process's own for SQLite, one per cluster for PostgreSQL (made under its lock).
 */
const ownImages = `sqlite-${randomBytes(4).toString('hex')}`;
const imagesOf = (key: string) => {
  const url = process.env.DATABASE_URL;
  const owner = url ? `pg-${createHash('sha256').update(url).digest('hex').slice(0, 8)}` : ownImages;
  return join(tmpdir(), `gw-start-${key}-${owner}-images`);
};
process.once('exit', () => {
  for (const key of sqliteImages.keys()) rmSync(imagesOf(key), { recursive: true, force: true });
});

async function migrateAndSeed(db: Db, seed: Seed | null, key: string) {
  await migrateToLatest(db);
  if (!seed) return;
  const images = imagesOf(key);
  rmSync(images, { recursive: true, force: true });
  mkdirSync(images, { recursive: true });
  await seedDemo({ ...seed.ctx, db, imagesDir: images });
}

async function sqliteImage(seed: Seed | null, key: string): Promise<Buffer> {
  const db = openDatabase({ sqliteFile: ':memory:' });
  try {
    await migrateAndSeed(db, seed, key);
    const file = join(tmpdir(), `gw-start-${key}-${randomBytes(4).toString('hex')}.sqlite`);
    await sql`vacuum into ${file}`.execute(db);
    const bytes = readFileSync(file);
    rmSync(file, { force: true });
    return bytes;
  } finally {
    await db.destroy();
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Waits (briefly) until no session is connected to a database: pg's Pool.end() resolves before its sockets close. */
async function untilNoSessions(admin: pg.Client, name: string) {
  for (let i = 0; i < 200; i += 1) {
    const open = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (open.rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pgTemplates = new Map<string, Promise<string>>();

/** The template database of a starting point, made under an advisory lock if no test process made it yet. */
async function pgTemplate(url: string, seed: Seed | null, key: string): Promise<string> {
  const name = `gw_start_${key}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const made = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (made.rowCount === 0 || (seed && !existsSync(imagesOf(key)))) {
      const building = `${name}_part`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${building}`);
      const db = openDatabase({ databaseUrl: withDatabase(url, building) });
      try {
        await migrateAndSeed(db, seed, key);
      } finally {
        await db.destroy();
      }
      await untilNoSessions(admin, building);
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
}

/** A new PostgreSQL database, empty or copied from a template (its URL, for a gateway process too). */
export async function newPostgresDatabase(
  url: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template} strategy file_copy` : ''}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // A forced drop while the pool's sockets still close kills them, and the pool throws an unhandled 'error'.
      await untilNoSessions(c, name);
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A migrated database for a test, seeded with the demo data when `seed` is given, its logos copied into
 * `imagesDir`: on PostgreSQL when DATABASE_URL is set, else in-memory SQLite.
 */
export async function startingDatabase(seed: Seed | null, imagesDir: string): Promise<StartingDatabase> {
  const key = keyOf(seed);
  const url = process.env.DATABASE_URL;
  let started: StartingDatabase;
  if (url) {
    if (!pgTemplates.has(key)) pgTemplates.set(key, pgTemplate(url, seed, key));
    const fresh = await newPostgresDatabase(url, await pgTemplates.get(key)!);
    started = { db: openDatabase({ databaseUrl: fresh.url }), drop: fresh.drop };
  } else {
    if (!sqliteImages.has(key)) sqliteImages.set(key, sqliteImage(seed, key));
    started = { db: openDatabase({ sqliteImage: await sqliteImages.get(key)! }), drop: async () => {} };
  }
  if (seed) cpSync(imagesOf(key), imagesDir, { recursive: true });
  return started;
}
