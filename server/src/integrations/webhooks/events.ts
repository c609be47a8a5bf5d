import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../../core/context';
import type { Executor } from '../../db/database';
import type { RecipientEventRow } from '../../db/schema-messaging';
import type { ApiMode } from '../../db/schema-integrations';
import { eventsAfter } from '../../messaging/recipient-events';
import { apiRecipients, type ApiRecipient } from '../../messaging/api-events';
import { EXPIRED_ERROR } from '../../messaging/api-views';
import { batchIdOf, messageIdOf } from '../ids';
import { errorWords } from '../reads';
import type { WebhookEvent } from '../../../../src/domain/api-v1/webhook-schemas';
import { dueFrom } from './due';
import { freeQuotaOf, takeFree } from './free-quota';

/**
 * The fan-out (docs/api-v1.md#webhooks): reads recipient_events after its own cursor, and for each
 * final status of a message sent through the API inserts one delivery per endpoint of its account
 * and mode that takes the event's type, and one for its batch's callback URL. Endpoints are read by
 * key (the account and mode's endpoints, the batch's callback by id), never all of an account's. The
 * cursor row is locked for the step (PostgreSQL; a loop that finds it locked skips the step), and a
 * delivery is unique per event and endpoint, so two gateways never fan one event out twice.
 */

const CURSOR = 'deliveries';
/** Events read in one step. */
const EVENT_STEP = 500;

/** A final status's event type and the status the payload names; none for a first status. */
export function eventTypeOf(e: Pick<RecipientEventRow, 'new_status' | 'error'>): {
  type: WebhookEvent['type'];
  status: WebhookEvent['data']['status'];
} | null {
  switch (e.new_status) {
    case 'SENT':
      return { type: 'message.delivered', status: 'delivered' };
    case 'UNKNOWN':
      // Handed to the carrier, and no delivery report came: whether it reached the phone is not known.
      return { type: 'message.unconfirmed', status: 'unknown' };
    case 'FAILED':
      if (e.error === EXPIRED_ERROR) return { type: 'message.expired', status: 'expired' };
      if (e.error === 'REJECTD') return { type: 'message.rejected', status: 'failed' };
      return { type: 'message.failed', status: 'failed' };
    default:
      return null;
  }
}

/** The body of a webhook: the Standard Webhooks envelope around the message as it now stands. */
function payloadOf(
  e: RecipientEventRow,
  r: ApiRecipient,
  type: WebhookEvent['type'],
  status: WebhookEvent['data']['status'],
) {
  const error =
    e.new_status === 'FAILED' || e.new_status === 'UNKNOWN'
      ? { code: e.error || 'UNKNOWN', description: errorWords(e.error || 'UNKNOWN') }
      : null;
  const event: WebhookEvent = {
    type,
    timestamp: new Date(Number(e.created_at)).toISOString(),
    data: {
      id: messageIdOf(r.messageRecipientId),
      batchId: batchIdOf(r.batchId),
      mode: r.mode === 'test' ? 'test' : 'live',
      to: r.number,
      status,
      error,
      reference: r.reference || null,
    },
  };
  return JSON.stringify(event);
}

const webhookId = () => `whd_${randomBytes(12).toString('hex')}`;

/** One step of the fan-out; returns how many events it read (EVENT_STEP means more may wait). */
export async function fanOutEvents(ctx: GatewayContext): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const cursorQuery = trx.selectFrom('webhook_cursor').select('last_event_id').where('name', '=', CURSOR);
    // On PostgreSQL a loop that finds the cursor taken leaves the step to the loop fanning out now:
    // waiting in line behind the other loops' steps (every gateway's, four times a second) only
    // grew a queue that, on a loaded machine, ran past the statement timeout.
    const postgres = ctx.db.dialectName === 'postgres';
    const row = await (postgres ? cursorQuery.forUpdate().skipLocked() : cursorQuery).executeTakeFirst();
    // No row: another loop holds it, unless it is missing (then it is made at the end of the step).
    if (!row && postgres && (await cursorQuery.executeTakeFirst())) return 0;
    const cursor = Number(row?.last_event_id ?? 0);
    const events = await eventsAfter(trx, cursor, EVENT_STEP);
    if (events.length === 0) return 0;
    await insertDeliveries(ctx, trx, events, now);
    const last = Number(events[events.length - 1]!.id);
    await trx
      .insertInto('webhook_cursor')
      .values({ name: CURSOR, last_event_id: last })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_event_id: last }))
      .execute();
    return events.length;
  });
}

/** The enabled endpoints these recipients' events may go to, read by key: each batch's callback, each account and mode's endpoints. */
async function endpointsOf(trx: Executor, recipients: ApiRecipient[]) {
  const callbacks = [...new Set(recipients.flatMap((r) => (r.callbackEndpointId ? [r.callbackEndpointId] : [])))];
  const owners = new Map(recipients.map((r) => [`${r.profileId}:${r.mode}`, r]));
  const columns = ['id', 'profile_id', 'mode', 'events', 'created_at', 'kind'] as const;
  const own =
    owners.size === 0
      ? []
      : await trx
          .selectFrom('webhook_endpoints')
          .select(columns)
          .where((eb) =>
            eb.or(
              [...owners.values()].map((r) =>
                eb.and([
                  eb('profile_id', '=', r.profileId),
                  eb('mode', '=', r.mode as ApiMode),
                  eb('kind', '=', 'endpoint'),
                ]),
              ),
            ),
          )
          .where('disabled_at', 'is', null)
          .execute();
  const named =
    callbacks.length === 0
      ? []
      : await trx
          .selectFrom('webhook_endpoints')
          .select(columns)
          .where('id', 'in', callbacks)
          .where('kind', '=', 'callback')
          .where('disabled_at', 'is', null)
          .execute();
  return [...own, ...named];
}

/**
 * Test mode's deliveries past the account's free ones of the hour are not made (free-quota.ts); the
 * rows kept are the earliest events'.
 */
async function withinFreeQuota<R extends { profileId: number; test: boolean }>(
  ctx: GatewayContext,
  trx: Executor,
  rows: R[],
  now: number,
): Promise<R[]> {
  const wanted = new Map<number, number>();
  for (const r of rows) if (r.test) wanted.set(r.profileId, (wanted.get(r.profileId) ?? 0) + 1);
  if (wanted.size === 0) return rows;
  const given = await takeFree(trx, ctx.db.dialectName, wanted, now, freeQuotaOf(ctx));
  return rows.filter((r) => {
    if (!r.test) return true;
    const left = given.get(r.profileId) ?? 0;
    given.set(r.profileId, left - 1);
    return left > 0;
  });
}

async function insertDeliveries(ctx: GatewayContext, trx: Executor, events: RecipientEventRow[], now: number) {
  const finals = events.flatMap((e) => {
    const kind = eventTypeOf(e);
    return kind ? [{ event: e, ...kind }] : [];
  });
  if (finals.length === 0) return;
  const anyEndpoint = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('disabled_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (!anyEndpoint) return;
  const recipients = new Map(
    (await apiRecipients(trx, [...new Set(finals.map((f) => f.event.recipient_id))])).map((r) => [r.recipientId, r]),
  );
  if (recipients.size === 0) return;
  const endpoints = await endpointsOf(trx, [...recipients.values()]);
  if (endpoints.length === 0) return;
  // An endpoint takes the events it chose of its account and mode made after it; a callback endpoint
  // every final event of the batches that named it.
  const takes = (ep: (typeof endpoints)[number], r: ApiRecipient, type: string, at: number) =>
    ep.kind === 'callback'
      ? r.callbackEndpointId === ep.id
      : ep.profile_id === r.profileId &&
        ep.mode === r.mode &&
        ep.events.split(',').includes(type) &&
        Number(ep.created_at) <= at;
  const planned = finals.flatMap(({ event, type, status }) => {
    const r = recipients.get(event.recipient_id);
    if (!r) return [];
    return endpoints
      .filter((ep) => takes(ep, r, type, Number(event.created_at)))
      .map((ep) => ({
        profileId: r.profileId,
        test: r.mode === 'test',
        row: {
          webhook_id: webhookId(),
          endpoint_id: ep.id,
          event_id: Number(event.id),
          event_type: type,
          payload: payloadOf(event, r, type, status),
          state: 'pending' as const,
          next_attempt_at: now,
          created_at: now,
        },
      }));
  });
  const rows = (await withinFreeQuota(ctx, trx, planned, now)).map((p) => p.row);
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
      .execute();
  }
  await dueFrom(
    trx,
    ctx.db.dialectName,
    rows.map((r) => r.endpoint_id),
    now,
  );
}
