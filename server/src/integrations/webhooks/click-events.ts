import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../../core/context';
import { markClicksTaken, untakenClicks, type UntakenClick } from '../../links/click-feed';
import { LINK_CLICKED_EVENT, type LinkClickedEvent } from '../../../../src/domain/api-v1/webhook-schemas';
import { batchIdOf, messageIdOf } from '../ids';
import { dueFrom } from './due';

// The `link.clicked` webhook (docs/api-v1.md#webhooks): for each person's click on a short link, one
// delivery to each endpoint of the account (in the link's mode) that takes the event and existed
// before the click. Clicks are marked taken in the transaction that inserts them, by one instance only.

/** Clicks one step reads. */
const STEP = 200;
/** A click's event id: -(2^51 + its id), apart from recipient events (above 0), tests and balance alerts (-2^50 - id). */
const CLICK_EVENT_ID_BASE = 2 ** 51;

const payloadOf = (click: UntakenClick): string =>
  JSON.stringify({
    type: LINK_CLICKED_EVENT,
    timestamp: new Date(Number(click.at)).toISOString(),
    data: {
      id: messageIdOf(click.recipient_id),
      batchId: batchIdOf(click.message_id),
      mode: click.mode === 'test' ? 'test' : 'live',
      url: click.url,
      device: click.device,
      network: click.network,
    },
  } satisfies LinkClickedEvent);

/** One step: fans the untaken clicks out to their accounts' endpoints; answers how many clicks it read. */
export async function fanOutClicks(ctx: GatewayContext): Promise<number> {
  const clicks = await untakenClicks(ctx.db, STEP);
  if (clicks.length === 0) return 0;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const taken = await markClicksTaken(
      trx,
      clicks.map((c) => c.id),
      now,
    );
    const mine = clicks.filter((c) => taken.has(c.id));
    const owners = [...new Set(mine.map((c) => c.profile_id))];
    if (owners.length === 0) return;
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'profile_id', 'mode', 'events', 'created_at'])
      .where('profile_id', 'in', owners)
      .where('kind', '=', 'endpoint')
      .where('disabled_at', 'is', null)
      .execute();
    const taking = endpoints.filter((ep) => ep.events.split(',').includes(LINK_CLICKED_EVENT));
    const rows = mine.flatMap((click) =>
      taking
        .filter(
          (ep) =>
            ep.profile_id === click.profile_id && ep.mode === click.mode && Number(ep.created_at) <= Number(click.at),
        )
        .map((ep) => ({
          webhook_id: `whd_${randomBytes(12).toString('hex')}`,
          endpoint_id: ep.id,
          event_id: -(CLICK_EVENT_ID_BASE + click.id),
          event_type: LINK_CLICKED_EVENT as typeof LINK_CLICKED_EVENT,
          payload: payloadOf(click),
          state: 'pending' as const,
          next_attempt_at: now,
          created_at: now,
        })),
    );
    if (rows.length === 0) return;
    await trx
      .insertInto('webhook_deliveries')
      .values(rows)
      .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
      .execute();
    await dueFrom(trx, ctx.db.dialectName, [...new Set(rows.map((r) => r.endpoint_id))], now);
  });
  return clicks.length;
}
