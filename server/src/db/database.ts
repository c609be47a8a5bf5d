import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema';
import { keepStatements } from './sqlite-statements';
import { prepareMarked } from './prepared-statements';
import { TurnTakingSqliteDialect } from './sqlite-turns';

/**
 * No statement may run longer than this on PostgreSQL: one runaway query (a huge LIKE, a missing
 * index) is cancelled and refused instead of holding a connection and the CPU for everyone.
 */
export const STATEMENT_TIMEOUT_MS = 15_000;

export type DialectName = 'sqlite' | 'postgres';

/** PostgreSQL's pool: connections open, idle, and requests waiting for one (metrics). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export type Db = Kysely<Database> & { dialectName: DialectName; poolStats?: () => PoolStats };

/** The database or a transaction on it: what a query helper takes, so callers choose. */
export type Executor = Kysely<Database>;

// int8 (count(*), bigint columns) arrives as a string from pg; every value we store fits a double.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

/** SQLite file (default) or PostgreSQL when a connection string is given. */
/** A connection PostgreSQL does not accept by then fails its query: a request never hangs on a lost server. */
const CONNECT_TIMEOUT_MS = 5000;

export function openDatabase(options: {
  databaseUrl?: string;
  sqliteFile?: string;
  /** An in-memory SQLite database opened from these bytes (a copy of a database file) instead of a file. */
  sqliteImage?: Buffer;
  /** An idle PostgreSQL connection that broke (the server restarted): told here, never a crash. */
  onConnectionLost?: (error: Error) => void;
  /** Each statement's time in ms and whether it failed (metrics). */
  onQuery?: (ms: number, failed: boolean) => void;
}): Db {
  const log = options.onQuery
    ? (event: LogEvent) => options.onQuery!(event.queryDurationMillis, event.level === 'error')
    : undefined;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // pg drops a broken idle client and emits 'error', which would end the process unheard; the next
    // query opens a new connection, and /readyz answers 503 while none can be had.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    // A connection lost while lent out fails its query (which answers the request) and emits 'error' too.
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionLost?.(error)));
    prepareMarked(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    Object.assign(db, {
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    });
    return Object.assign(db, { dialectName: 'postgres' as const });
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(options.sqliteImage ?? file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new TurnTakingSqliteDialect({ database: keepStatements(sqlite) }), log });
  return Object.assign(db, { dialectName: 'sqlite' as const });
}
