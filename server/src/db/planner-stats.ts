import { sql } from 'kysely';
import type { Db } from './database';

/** A table is analyzed once this many rows were written to it since the process started, then at each doubling. */
const FIRST_LOOK_ROWS = 1_000;

const written = new WeakMap<Db, Map<string, { rows: number; next: number }>>();

/**
 * Keeps PostgreSQL's planner statistics of a young table current while it grows fast: analyzed when
 * the rows written to it since the gateway started reach 1,000, then 2,000, 4,000 and so on, a few
 * times in all. Autovacuum looks once a minute at best, and statistics taken while the table was a
 * few rows long make the planner read the wrong index (every row of a state, say, instead of the ids
 * asked for); a table that is already large grows too slowly to be analyzed here, and autovacuum
 * keeps it. SQLite plans by its indexes alone. A role that may not analyze only misses the speed-up.
 */
export async function analyzeAsItGrows(
  db: Db,
  table: string,
  rows: number,
  reportError?: (what: string, error: unknown) => void,
): Promise<void> {
  if (db.dialectName !== 'postgres' || rows <= 0) return;
  const tables = written.get(db) ?? new Map<string, { rows: number; next: number }>();
  written.set(db, tables);
  const count = tables.get(table) ?? { rows: 0, next: FIRST_LOOK_ROWS };
  tables.set(table, count);
  count.rows += rows;
  if (count.rows < count.next) return;
  count.next = count.rows * 2;
  await sql`analyze ${sql.table(table)}`
    .execute(db)
    .catch((error: unknown) => reportError?.(`planner statistics of ${table}`, error));
}

const lastAnalyzed = new WeakMap<Db, Map<string, number>>();

/**
 * Keeps PostgreSQL's planner statistics of tables a long job fills current: analyzed together at
 * most once every `everyMs` (by the wall clock). For tables that are large already, where waiting for
 * a doubling (analyzeAsItGrows) would wait too long. SQLite plans by its indexes alone; a role that
 * may not analyze only misses the speed-up.
 */
export async function analyzeAtMostEvery(
  db: Db,
  tables: readonly string[],
  everyMs: number,
  reportError?: (what: string, error: unknown) => void,
): Promise<void> {
  if (db.dialectName !== 'postgres') return;
  const key = tables.join(', ');
  const last = lastAnalyzed.get(db) ?? new Map<string, number>();
  lastAnalyzed.set(db, last);
  const now = Date.now();
  if (now - (last.get(key) ?? Number.NEGATIVE_INFINITY) < everyMs) return;
  last.set(key, now);
  await sql`analyze ${sql.join(tables.map((t) => sql.table(t)))}`
    .execute(db)
    .catch((error: unknown) => reportError?.(`planner statistics of ${key}`, error));
}
