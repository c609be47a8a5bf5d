import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Statements kept, by SQL text; the carrier's batches give a few hundred shapes (one per IN-list length). */
const STATEMENTS_KEPT = 500;

/**
 * better-sqlite3 for Kysely, with its prepared statements kept: Kysely prepares every query anew,
 * a cost paid on every query of a 100,000-recipient send otherwise. The least
 * recently used statement goes when the cache is full; one still iterating is never handed out twice.
 */
export function keepStatements(sqlite: SQLite.Database, kept = STATEMENTS_KEPT): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.delete(sql);
      cache.set(sql, statement);
      if (cache.size > kept) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
