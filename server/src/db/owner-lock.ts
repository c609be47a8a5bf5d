import { sql } from 'kysely';
import type { DialectName, Executor } from './database';

/**
 * Serialises the transactions that count one owner's rows of a table and then insert (a cap checked
 * and kept together): on PostgreSQL a transaction-scoped advisory lock on (table, owner); SQLite runs
 * one transaction at a time already.
 */
export async function lockOwnerRows(trx: Executor, dialect: DialectName, table: string, ownerId: number) {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${table}), ${ownerId}::int)`.execute(trx);
}
