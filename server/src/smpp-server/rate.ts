// An account's throughput over every instance (docs/smpp.md#sending): the parts its whole submits
// took in each second, in smpp_rate, counted in the transaction that stores them.
import type { Executor } from '../db/database';
import type { GatewayContext } from '../core/context';

/** Seconds of counts kept: the current one is all that is read. */
const KEEP_S = 60;

const sum = (parts: readonly number[]) => parts.reduce((n, p) => n + p, 0);

/**
 * Takes, in order, the parts the account may still send in this second over every instance: each
 * submit whose parts fit under `limit` with those before it (one that does not fit is skipped, the
 * next tried). One statement counts them all when they fit, the usual case; the row stays locked
 * until the caller's transaction ends, so two instances never both take the last parts.
 */
export async function takeRate(
  trx: Executor,
  profileId: number,
  limit: number,
  parts: readonly number[],
  now: number,
): Promise<boolean[]> {
  const total = sum(parts);
  if (total === 0) return parts.map(() => true);
  if (limit <= 0) return parts.map(() => false);
  const second = Math.floor(now / 1000);
  const row = await trx
    .insertInto('smpp_rate')
    .values({ profile_id: profileId, second, parts: total })
    .onConflict((oc) =>
      oc.columns(['profile_id', 'second']).doUpdateSet((eb) => ({
        parts: eb('smpp_rate.parts', '+', eb.ref('excluded.parts')),
      })),
    )
    .returning('parts')
    .executeTakeFirstOrThrow();
  if (row.parts <= limit) return parts.map(() => true);
  let used = row.parts - total;
  const taken = parts.map((p) => {
    if (used + p > limit) return false;
    used += p;
    return true;
  });
  const back = total - sum(parts.filter((_, i) => taken[i]));
  await trx
    .updateTable('smpp_rate')
    .set((eb) => ({ parts: eb('parts', '-', back) }))
    .where('profile_id', '=', profileId)
    .where('second', '=', second)
    .execute();
  return taken;
}

/** Deletes the counts of seconds gone by. */
export async function pruneRate(ctx: GatewayContext): Promise<number> {
  const res = await ctx.db
    .deleteFrom('smpp_rate')
    .where('second', '<', Math.floor(ctx.now() / 1000) - KEEP_S)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
