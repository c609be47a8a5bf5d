// An account's throughput over every instance (docs/smpp.md#sending): the parts its whole submits
// took in each second, in smpp_rate, counted in one statement of their own before the transaction
// that stores them (so the row is never locked while a group is stored); what is then not stored is
// given back.
import type { Executor } from '../db/database';
import type { GatewayContext } from '../core/context';

/** Seconds of counts kept: the current one is all that is read. */
const KEEP_S = 60;

const sum = (parts: readonly number[]) => parts.reduce((n, p) => n + p, 0);

/**
 * Takes, in order, the parts the account may still send in this second over every instance: each
 * submit whose parts fit under `limit` with those before it (one that does not fit is skipped, the
 * next tried). One statement counts them all (atomic, so two instances never both take the last
 * parts); when they do not all fit, what was skipped is given back.
 */
export async function takeRate(
  db: Executor,
  profileId: number,
  limit: number,
  parts: readonly number[],
  now: number,
): Promise<boolean[]> {
  const total = sum(parts);
  if (total === 0) return parts.map(() => true);
  if (limit <= 0) return parts.map(() => false);
  const row = await db
    .insertInto('smpp_rate')
    .values({ profile_id: profileId, second: secondOf(now), parts: total })
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
  await giveBackRate(db, profileId, total - sum(parts.filter((_, i) => taken[i])), now);
  return taken;
}

/** Gives back parts taken at `now` (takeRate's) that were not sent after all. */
export async function giveBackRate(db: Executor, profileId: number, parts: number, now: number): Promise<void> {
  if (parts <= 0) return;
  await db
    .updateTable('smpp_rate')
    .set((eb) => ({ parts: eb('parts', '-', parts) }))
    .where('profile_id', '=', profileId)
    .where('second', '=', secondOf(now))
    .execute();
}

const secondOf = (now: number) => Math.floor(now / 1000);

/** Deletes the counts of seconds gone by. */
export async function pruneRate(ctx: GatewayContext): Promise<number> {
  const res = await ctx.db
    .deleteFrom('smpp_rate')
    .where('second', '<', Math.floor(ctx.now() / 1000) - KEEP_S)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
