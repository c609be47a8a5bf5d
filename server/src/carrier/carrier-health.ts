import type { GatewayContext } from '../core/context';
import { PART } from '../db/schema-carrier';
import { dispatcherFor } from './delivery';

const STATE_NAMES: Record<number, string> = {
  [PART.claimed]: 'waiting',
  [PART.submitting]: 'submitting',
  [PART.accepted]: 'awaitingReceipt',
  [PART.inDoubt]: 'inDoubt',
};

/**
 * The carrier at a glance for the platform's admin: this instance's connector (bound, in flight,
 * sent per second, throttled, errors, in doubt) and the parts in the database by state.
 */
export async function carrierHealth(ctx: GatewayContext) {
  // Recipients first, then parts: a recipient claimed in between shows up as parts, never as nothing.
  const queued = await ctx.recipients.queuedCount(ctx.db);
  const rows = await ctx.db
    .selectFrom('carrier_parts')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', '<>', PART.final)
    .groupBy('state')
    .execute();
  const parts: Record<string, number> = { waiting: 0, submitting: 0, awaitingReceipt: 0, inDoubt: 0 };
  for (const row of rows) {
    const name = STATE_NAMES[row.state];
    if (name) parts[name] = Number(row.n);
  }
  const instances = await ctx.db
    .selectFrom('carrier_instances')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    connectors: [dispatcherFor(ctx).connector.health()],
    /** Recipients accepted and not yet handed to the carrier (their parts are not made yet). */
    queuedRecipients: queued,
    parts,
    instances: Number(instances.n),
  };
}

/** How long the oldest part waiting for the wire has waited (ms, 0 when none): queue age for metrics. */
export async function oldestWaitingPartMs(ctx: GatewayContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('carrier_parts')
    .select((eb) => eb.fn.min('updated_at').as('oldest'))
    .where('state', '=', PART.claimed)
    .executeTakeFirst();
  const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
  return oldest === null ? 0 : Math.max(0, ctx.now() - oldest);
}
