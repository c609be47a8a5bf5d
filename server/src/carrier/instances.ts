import type { GatewayContext } from '../core/context';
import { PART } from '../db/schema-carrier';
import { finalizeRecipientsOfParts } from './parts/recipient-status';
import { RECEIPT_WINDOW_MS } from './parts/receipt-window';

/** An instance not seen for this long is dead: what it never wrote is free, what it may have written is in doubt. */
export const INSTANCE_LEASE_MS = 30_000;
const BEAT_EVERY_MS = 5_000;

const lastBeat = new WeakMap<GatewayContext, Map<string, number>>();

/** How often an instance writes its heartbeat: well inside the lease, so a live one is never taken for dead. */
export const beatEveryMs = (ctx: GatewayContext) =>
  Math.min(BEAT_EVERY_MS, (ctx.instanceLeaseMs ?? INSTANCE_LEASE_MS) / 4);

/** This instance's heartbeat, written at most every few seconds (or now, when `force`). */
export async function beat(ctx: GatewayContext, id: string, force: boolean) {
  const now = ctx.now();
  const beats = lastBeat.get(ctx) ?? new Map<string, number>();
  lastBeat.set(ctx, beats);
  if (!force && now - (beats.get(id) ?? 0) < beatEveryMs(ctx)) return;
  beats.set(id, now);
  await ctx.db
    .insertInto('carrier_instances')
    .values({ id, seen_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: now }))
    .execute();
}

/**
 * Takes over from dead instances: their claimed parts become free for anyone, their 'submitting' ones
 * in doubt (they may be on the wire), and their heartbeat row goes.
 */
export async function sweepDeadInstances(ctx: GatewayContext, self: string) {
  const now = ctx.now();
  const dead = await ctx.db
    .selectFrom('carrier_instances')
    .select('id')
    .where('seen_at', '<', now - (ctx.instanceLeaseMs ?? INSTANCE_LEASE_MS))
    .where('id', '<>', self)
    .execute();
  if (dead.length === 0) return;
  const ids = dead.map((d) => d.id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('carrier_parts')
      .set({ owner: null, updated_at: now })
      .where('owner', 'in', ids)
      .where('state', '=', PART.claimed)
      .execute();
    await trx
      .updateTable('carrier_parts')
      .set({ state: PART.inDoubt, error: 'gateway stopped before the answer', updated_at: now })
      .where('owner', 'in', ids)
      .where('state', '=', PART.submitting)
      .execute();
    await trx.deleteFrom('carrier_instances').where('id', 'in', ids).execute();
  });
}

/** In-doubt parts whose receipt never came: UNKNOWN, and their recipients with them. */
export async function expireInDoubt(ctx: GatewayContext) {
  const now = ctx.now();
  const window = ctx.receiptWindowMs ?? RECEIPT_WINDOW_MS;
  const stale = await ctx.db
    .selectFrom('carrier_parts')
    .select('id')
    .where('state', '=', PART.inDoubt)
    .where('updated_at', '<', now - window)
    .limit(2000)
    .execute();
  if (stale.length === 0) return;
  const ids = stale.map((p) => p.id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('carrier_parts')
      .set({ state: PART.final, result: 'UNKNOWN', done_at: now, updated_at: now })
      .where('id', 'in', ids)
      .where('state', '=', PART.inDoubt)
      .execute();
    await finalizeRecipientsOfParts(trx, ctx.recipients, ctx.db.dialectName, ids, now);
  });
}

/** A clean stop: the heartbeat row goes, so nobody waits for its lease. */
export async function leaveInstance(ctx: GatewayContext, id: string) {
  await ctx.db.deleteFrom('carrier_instances').where('id', '=', id).execute();
}
