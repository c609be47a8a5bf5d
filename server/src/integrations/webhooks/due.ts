import { sql } from 'kysely';
import type { DialectName, Executor } from '../../db/database';

/**
 * When an endpoint may next have a delivery to claim (webhook_endpoints.due_at): a lower bound the
 * delivery loop reads to pick endpoints (claims.ts). Whatever makes a delivery due (the fan-out, a
 * retry, a redelivery, a test event) lowers it in its own transaction, after writing the delivery;
 * only the loop raises it, after reading what waits (claims.ts). A paused endpoint is due when its
 * pause ends.
 */

/**
 * On PostgreSQL, locks these endpoints' rows in id order: every transaction that changes several
 * endpoints takes them so first, so two of them never wait for each other's rows (a deadlock).
 */
export async function lockEndpoints(trx: Executor, dialect: DialectName, endpointIds: readonly string[]) {
  if (dialect !== 'postgres' || endpointIds.length < 2) return;
  await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', 'in', [...endpointIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Lowers the endpoints' due_at to `at` (to the end of a pause), never raises it. */
export async function dueFrom(
  trx: Executor,
  dialect: DialectName,
  endpointIds: readonly string[],
  at: number,
): Promise<void> {
  const ids = [...new Set(endpointIds)];
  if (ids.length === 0) return;
  await lockEndpoints(trx, dialect, ids);
  const when = sql<number>`case when ${sql.ref('paused_until')} > ${at} then ${sql.ref('paused_until')} else ${at} end`;
  await trx
    .updateTable('webhook_endpoints')
    .set({ due_at: when })
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('due_at', 'is', null), eb('due_at', '>', when)]))
    .execute();
}
