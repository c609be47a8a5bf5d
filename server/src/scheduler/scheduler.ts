import { DAY_MS, formatAccra } from '../../../src/domain/dates';
import type { GatewayContext } from '../core/context';
import type { MessageRow } from '../db/schema-messaging';
import { Refusal } from '../core/errors';
import { pruneAnswers } from '../messaging/idempotency';
import { birthdayMonthDays } from '../messaging/templates';
import { createRun } from '../messaging/message-batches';
import { logCreated } from '../messaging/recipient-events';
import { claimRun, dueRegistrations, settleRun, type RunPlan } from '../messaging/registrations';
import type { Executor } from '../db/database';
import {
  birthdaysOn,
  nextBirthdayRun,
  nextSlotAfter,
  occurrence,
  parsePeriod,
  startOfDay,
} from '../../../src/domain/messages/recurrence';
import { deliverTemplates } from './runs';
import { holdRunInQuietHours, releaseQuietHours } from './quiet-hours';
import { lockForSending } from '../money/balance';

/** Where a registration goes after the run due at its next_run_at. */
async function planAfter(db: Executor, reg: MessageRow, now: number): Promise<RunPlan> {
  const runAt = reg.next_run_at ?? now;
  if (reg.kind === 'recurring') {
    const period = parsePeriod(reg.recurring_period);
    if (!period || reg.anchor_at === null) return { state: 'done', next_run_at: null, slot: reg.slot };
    const slot = nextSlotAfter(reg.anchor_at, period, reg.recurring_interval, reg.slot + 1, now);
    const next = occurrence(reg.anchor_at, period, reg.recurring_interval, slot);
    // A step stored before steps were capped (recurrence.ts) may fall past the calendar: it ends.
    if (Number.isNaN(new Date(next).getTime())) return { state: 'done', next_run_at: null, slot: reg.slot };
    return { state: 'active', next_run_at: next, slot };
  }
  if (reg.kind === 'birthday') {
    // Day after day, even when catching up after downtime: each day has its own birthdays.
    const next = nextBirthdayRun(new Set(await birthdayMonthDays(db, reg.id)), startOfDay(runAt) + DAY_MS, false);
    return { state: next === null ? 'done' : 'active', next_run_at: next, slot: reg.slot };
  }
  return { state: 'done', next_run_at: null, slot: reg.slot };
}

/**
 * Runs one due registration. The claim (next_run_at moves on only if it still holds the value read) and
 * the delivery share one transaction: after a crash either both happened or neither, so nothing is
 * sent twice and nothing due is lost. A run the balance cannot pay is skipped and noted in last_error.
 */
async function runOnce(ctx: GatewayContext, reg: MessageRow, now: number): Promise<boolean> {
  const runAt = reg.next_run_at;
  if (runAt === null) return false;
  const plan = await planAfter(ctx.db, reg, now);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimRun(trx, reg, runAt, plan, now, ''))) return false;
      const run = await createRun(trx, reg, now);
      // The account's row before the run screens its numbers, as an erasure of a person's data takes
      // it first: the screening sees any erasure committed, and none commits before the run does
      // (sending/erase-fence.ts). After the claim, in the order a later batch of the send takes them.
      await lockForSending(trx, ctx.db.dialectName === 'postgres', reg.profile_id);
      const filter = reg.kind === 'birthday' ? { monthDays: birthdaysOn(runAt) } : {};
      const queued = await deliverTemplates(trx, reg, run, filter, now);
      await holdRunInQuietHours(trx, reg, run.id, now);
      await settleRun(trx, reg.id, run.id, queued.length > 0);
      await logCreated(trx, ctx.db.dialectName, queued, now);
      return true;
    });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await claimRun(ctx.db, reg, runAt, plan, now, `${formatAccra(runAt)}: ${error.message}`);
    return false;
  }
}

/**
 * Sends whatever registration is due (scheduled at its time, recurring every interval, birthdays on the
 * day), then plans its next run. background.ts calls it every few seconds; tests call it directly.
 */
export async function tickScheduler(ctx: GatewayContext, options: { maxRuns?: number } = {}): Promise<number> {
  const now = ctx.now();
  // First what quiet hours held: its recipients were paid and stored when they were due.
  await releaseQuietHours(ctx);
  let budget = options.maxRuns ?? 1000;
  const failed = new Set<number>();
  let runs = 0;
  while (budget > 0) {
    // Past the ones that failed: a page of broken registrations must not hide the others due.
    const todo = await dueRegistrations(ctx.db, now, 50, [...failed]);
    if (todo.length === 0) break;
    for (const reg of todo.slice(0, budget)) {
      budget -= 1;
      try {
        if (await runOnce(ctx, reg, now)) runs += 1;
      } catch (error) {
        // One broken registration must not stop the others; it is retried on the next tick.
        failed.add(reg.id);
        ctx.reportError?.(`scheduler: run ${reg.id} failed`, error);
      }
    }
  }
  await pruneAnswers(ctx.db, now);
  return runs;
}
