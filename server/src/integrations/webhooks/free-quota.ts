import type { GatewayContext } from '../../core/context';
import type { DialectName, Executor } from '../../db/database';
import { apiRefusal, ApiRefusal } from '../api-refusal';

/**
 * Free webhook deliveries (docs/api-v1.md#webhooks): a test key's events and webhook.test events cost
 * nothing, so each account is given at most FREE_WEBHOOKS_PER_HOUR of their deliveries an hour, all its
 * endpoints and callback URLs together. The count is kept per account (webhook_quota) for the hour
 * it is in.
 */

export const FREE_WEBHOOKS_PER_HOUR = 5000;
const HOUR_MS = 3_600_000;

export const freeQuotaOf = (ctx: GatewayContext) => ctx.webhookFreeQuota ?? FREE_WEBHOOKS_PER_HOUR;
const hourOf = (now: number) => now - (now % HOUR_MS);

/**
 * Gives each account up to what it wants of its free deliveries left this hour; answers how many each
 * got. Runs inside the fan-out's step (one step at a time on every gateway: its cursor is locked).
 */
export async function takeFree(
  trx: Executor,
  dialect: DialectName,
  wanted: ReadonlyMap<number, number>,
  now: number,
  quota: number,
): Promise<Map<number, number>> {
  const given = new Map<number, number>();
  if (wanted.size === 0) return given;
  const window = hourOf(now);
  let query = trx
    .selectFrom('webhook_quota')
    .selectAll()
    .where(
      'profile_id',
      'in',
      [...wanted.keys()].sort((a, b) => a - b),
    )
    .orderBy('profile_id');
  if (dialect === 'postgres') query = query.forUpdate();
  const made = new Map(
    (await query.execute()).map((r) => [r.profile_id, Number(r.window_start) === window ? Number(r.made) : 0]),
  );
  for (const [profileId, n] of wanted) {
    const got = Math.min(n, Math.max(0, quota - (made.get(profileId) ?? 0)));
    given.set(profileId, got);
    if (got > 0) await count(trx, profileId, window, got);
  }
  return given;
}

async function count(trx: Executor, profileId: number, window: number, n: number) {
  await trx
    .insertInto('webhook_quota')
    .values({ profile_id: profileId, window_start: window, made: n })
    .onConflict((oc) =>
      oc.column('profile_id').doUpdateSet((eb) => ({
        made: eb
          .case()
          .when('webhook_quota.window_start', '=', window)
          .then(eb('webhook_quota.made', '+', n))
          .else(n)
          .end(),
        window_start: window,
      })),
    )
    .execute();
}

/** The refusal of a free delivery past the hour's bound, saying when the next hour starts. */
function quotaUsed(quota: number, now: number): ApiRefusal {
  const next = hourOf(now) + HOUR_MS;
  const refusal = apiRefusal(
    429,
    'free_webhooks_limit',
    `This account has had its ${quota.toLocaleString('en-US')} free webhook deliveries of this hour (test mode's events and test events): more from ${new Date(next).toISOString()}`,
  );
  return new ApiRefusal(refusal.status, refusal.code, refusal.message, undefined, Math.ceil((next - now) / 1000));
}

/** Takes one free delivery (a webhook.test event) of the account's hour, or refuses with 429. */
export async function takeOneFree(ctx: GatewayContext, profileId: number): Promise<void> {
  const now = ctx.now();
  const window = hourOf(now);
  const quota = freeQuotaOf(ctx);
  const taken = await ctx.db
    .insertInto('webhook_quota')
    .values({ profile_id: profileId, window_start: window, made: 1 })
    .onConflict((oc) =>
      oc
        .column('profile_id')
        .doUpdateSet((eb) => ({
          made: eb
            .case()
            .when('webhook_quota.window_start', '=', window)
            .then(eb('webhook_quota.made', '+', 1))
            .else(1)
            .end(),
          window_start: window,
        }))
        .where((eb) => eb.or([eb('webhook_quota.window_start', '<>', window), eb('webhook_quota.made', '<', quota)])),
    )
    .returning('made')
    .executeTakeFirst();
  if (!taken) throw quotaUsed(quota, now);
}
