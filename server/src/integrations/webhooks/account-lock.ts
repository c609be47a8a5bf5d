import { sql } from 'kysely';
import type { DialectName, Executor } from '../../db/database';

/**
 * Serialises the changes of one account's webhook endpoints (its caps are counted and kept in the same
 * transaction): on PostgreSQL a lock of the account for the transaction; SQLite runs one transaction
 * at a time already.
 */
export async function lockAccountEndpoints(trx: Executor, dialect: DialectName, profileId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), ${profileId}::int)`.execute(trx);
}
