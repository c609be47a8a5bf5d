import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../../core/context';
import type { BalanceAlertRow } from '../../db/schema-money';
import { markAlertSent, unsentAlerts } from '../../money/low-balance';
import { BALANCE_LOW_EVENT, type BalanceLowEvent } from '../../../../src/domain/api-v1/webhook-schemas';
import { dueFrom } from './due';

// The `balance.low` webhook (docs/api-v1.md#webhooks): for each alert the money area raised, one
// delivery to each live endpoint of the account that takes the event (made before the charge). The
// alert is marked in the transaction that inserts them, by one instance only (a conditional update).

/** Alerts one step reads. */
const STEP = 100;
/**
 * A delivery's event id is a recipient event's (above 0) or a test event's (-1 to -2^48): a balance
 * alert's is -(2^50 + its id), so none of them meet under the (endpoint, event) key.
 */
const BALANCE_EVENT_ID_BASE = 2 ** 50;

const payloadOf = (alert: BalanceAlertRow): string =>
  JSON.stringify({
    type: BALANCE_LOW_EVENT,
    timestamp: new Date(Number(alert.at)).toISOString(),
    data: { balance: Number(alert.balance_after), threshold: Number(alert.threshold), unit: 'credits' },
  } satisfies BalanceLowEvent);

/** One step: fans the unsent alerts out to their accounts' endpoints; answers how many alerts it read. */
export async function fanOutBalanceAlerts(ctx: GatewayContext): Promise<number> {
  const alerts = await unsentAlerts(ctx.db, 'webhook_at', STEP);
  const now = ctx.now();
  for (const alert of alerts) {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await markAlertSent(trx, alert.id, 'webhook_at', now))) return;
      const endpoints = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'events'])
        .where('profile_id', '=', alert.profile_id)
        .where('mode', '=', 'live')
        .where('kind', '=', 'endpoint')
        .where('disabled_at', 'is', null)
        .where('created_at', '<=', Number(alert.at))
        .execute();
      const taking = endpoints.filter((ep) => ep.events.split(',').includes(BALANCE_LOW_EVENT));
      if (taking.length === 0) return;
      await trx
        .insertInto('webhook_deliveries')
        .values(
          taking.map((ep) => ({
            webhook_id: `whd_${randomBytes(12).toString('hex')}`,
            endpoint_id: ep.id,
            event_id: -(BALANCE_EVENT_ID_BASE + alert.id),
            event_type: BALANCE_LOW_EVENT,
            payload: payloadOf(alert),
            state: 'pending' as const,
            next_attempt_at: now,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
        .execute();
      await dueFrom(
        trx,
        ctx.db.dialectName,
        taking.map((ep) => ep.id),
        now,
      );
    });
  }
  return alerts.length;
}
