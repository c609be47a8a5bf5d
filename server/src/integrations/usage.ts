import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { clientNames } from '../accounts/client-info';
import { liveApiUsage } from '../messaging/api-views';
import { isoOrNull } from '../messaging/delivery-time';

const DAY_MS = 86_400_000;

/** An admin's clients' use of the API (docs/api.md#developers): active keys, last use, live sends of 30 days. */
export async function clientApiUsage(ctx: GatewayContext, admin: UserRow) {
  const clients = await clientNames(ctx, admin.profile_id);
  const ids = clients.map((c) => c.profile_id);
  if (ids.length === 0) return [];
  const now = ctx.now();
  const keys = await ctx.db
    .selectFrom('api_keys')
    .select([
      'profile_id',
      sql<number>`sum(case when revoked_at is null and (expires_at is null or expires_at > ${now}) then 1 else 0 end)`.as(
        'active',
      ),
      (eb) => eb.fn.max('last_used_at').as('last_used_at'),
    ])
    .where('profile_id', 'in', ids)
    .groupBy('profile_id')
    .execute();
  const keysOf = new Map(keys.map((k) => [k.profile_id, k]));
  const sends = new Map((await liveApiUsage(ctx.db, ids, now - 30 * DAY_MS)).map((u) => [u.profileId, u]));
  return clients.map((c) => {
    const k = keysOf.get(c.profile_id);
    const u = sends.get(c.profile_id);
    return {
      profile_id: c.profile_id,
      username: c.username,
      active_keys: Number(k?.active ?? 0),
      last_used_at: isoOrNull(k?.last_used_at == null ? null : Number(k.last_used_at)),
      batches_30d: u?.batches ?? 0,
      recipients_30d: u?.recipients ?? 0,
      credits_30d: u?.credits ?? 0,
    };
  });
}
