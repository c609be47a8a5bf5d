import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import type { MessageRow } from '../db/schema-messaging';
import { holdRun, releaseHeld } from '../messaging/held';
import { heldUntil, NO_QUIET_HOURS, type QuietHours } from '../../../src/domain/send/quiet-hours';

// Quiet hours (docs/product.md#quiet-hours): a promotional send, scheduled run or recurring run due inside
// the account's quiet hours is stored and paid, its recipients held until they end; the scheduler's tick
// then queues them for the carrier.

/** An account's quiet hours, from its row. */
export const quietHoursOf = (user: Pick<UserRow, 'quiet_start' | 'quiet_end' | 'quiet_sundays'>): QuietHours => ({
  start: user.quiet_start === null ? null : Number(user.quiet_start),
  end: user.quiet_end === null ? null : Number(user.quiet_end),
  sundays: Number(user.quiet_sundays) === 1,
});

async function accountQuietHours(db: Executor, profileId: number): Promise<QuietHours> {
  const row = await db
    .selectFrom('users')
    .select(['quiet_start', 'quiet_end', 'quiet_sundays'])
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row ? quietHoursOf(row) : NO_QUIET_HOURS;
}

/** Holds a registration's run, just queued, when its account's quiet hours hold it now. */
export async function holdRunInQuietHours(db: Executor, reg: MessageRow, runId: number, now: number): Promise<void> {
  const until = heldUntil(await accountQuietHours(db, reg.profile_id), reg.category, now);
  if (until !== null) await holdRun(db, runId, until, now);
}

/** Queues what quiet hours held once they have ended; the scheduler's tick calls it. */
export const releaseQuietHours = (ctx: GatewayContext): Promise<number> => releaseHeld(ctx.db, ctx.now());
