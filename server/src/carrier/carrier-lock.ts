import { sql } from 'kysely';
import type { Db, Executor } from '../db/database';

/**
 * Serializes, per connector, the transactions that join receipts to parts: recording submit answers
 * and storing receipts. On PostgreSQL two such transactions running at once cannot see each other's
 * rows, so a receipt arriving with its answer would match neither. SQLite runs one transaction at a
 * time already.
 */
export async function lockReceiptMatching(db: Db, trx: Executor, connector: string) {
  if (db.dialectName !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`carrier:${connector}`}))`.execute(trx);
}
