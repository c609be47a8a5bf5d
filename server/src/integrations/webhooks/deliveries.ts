import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../../core/context';
import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema-core';
import type { ApiMode, WebhookDeliveryRow } from '../../db/schema-integrations';
import { isoOrNull } from '../../messaging/delivery-time';
import { apiRefusal } from '../api-refusal';
import { ownEndpoint } from './endpoints';
import { dueFrom } from './due';
import { takeOneFree } from './free-quota';
import {
  type ListWebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookEvent,
  TEST_EVENT,
} from '../../../../src/domain/api-v1/webhook-schemas';

// An endpoint's deliveries as the integrators' API shows them (docs/api-v1.md#webhooks), a redelivery
// and a test event. A key works in its own mode; the app's session reaches a delivery or endpoint of
// either mode by its id (`mode` null).

const cursorOf = (id: number) => Buffer.from(`after:${id}`).toString('base64url');
function parseCursor(value: string): number | null {
  const match = /^after:(\d{1,15})$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
}

/** Deliveries as the API shows them, each with its attempts. */
async function deliveryViews(ctx: GatewayContext, rows: WebhookDeliveryRow[]): Promise<WebhookDelivery[]> {
  const ids = rows.map((r) => r.id);
  const attempts =
    ids.length === 0
      ? []
      : await ctx.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', ids).orderBy('id').execute();
  return rows.map((r) => {
    const payload = JSON.parse(r.payload) as { data: { id?: string } };
    return {
      id: r.webhook_id,
      endpointId: r.endpoint_id,
      type: r.event_type,
      messageId: payload.data.id ?? null,
      state: r.state,
      attemptCount: r.attempts,
      nextAttemptAt: r.state === 'pending' ? isoOrNull(r.next_attempt_at) : null,
      lastStatusCode: r.last_status_code,
      lastDurationMs: r.last_duration_ms,
      createdAt: new Date(Number(r.created_at)).toISOString(),
      attempts: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({
          attempt: a.attempt,
          at: new Date(Number(a.at)).toISOString(),
          statusCode: a.status_code,
          durationMs: a.duration_ms,
          error: a.error || null,
        })),
    };
  });
}

/** listWebhookDeliveries: an endpoint's deliveries, newest first, each with its attempts. */
export async function listWebhookDeliveries(
  ctx: GatewayContext,
  user: UserRow,
  mode: ApiMode | null,
  endpointId: string,
  q: ListWebhookDeliveriesQuery,
) {
  const endpoint = await ownEndpoint(ctx, user, mode, endpointId);
  const before = q.cursor === undefined ? undefined : parseCursor(q.cursor);
  if (before === null) throw apiRefusal(400, 'invalid_request', 'cursor is not one this API gave', 'cursor');
  let query = ctx.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpoint.id);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
  const page = rows.slice(0, q.limit);
  const hasMore = rows.length > q.limit;
  return {
    data: await deliveryViews(ctx, page),
    hasMore,
    nextCursor: hasMore ? cursorOf(page[page.length - 1]!.id) : null,
  };
}

/**
 * An endpoint asked to send now (a redelivery, a test event): its pause ends (one more failure pauses
 * it again, longer) and it is due at once.
 */
async function dueNow(trx: Executor, ctx: GatewayContext, endpointId: string, now: number) {
  await trx
    .updateTable('webhook_endpoints')
    .set({ paused_until: null })
    .where('id', '=', endpointId)
    .where('paused_until', 'is not', null)
    .execute();
  await dueFrom(trx, ctx.db.dialectName, [endpointId], now);
}

/**
 * redeliverWebhook: one more attempt at once, with the same webhook-id; refused while an attempt is
 * under way or when the endpoint is disabled.
 */
export async function redeliverWebhook(ctx: GatewayContext, user: UserRow, mode: ApiMode | null, deliveryId: string) {
  let query = ctx.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .selectAll('d')
    .select('e.disabled_at')
    .where('d.webhook_id', '=', deliveryId)
    .where('e.profile_id', '=', user.profile_id);
  if (mode) query = query.where('e.mode', '=', mode);
  const row = await query.executeTakeFirst();
  if (!row) throw apiRefusal(404, 'not_found', 'No such webhook delivery', 'deliveryId');
  if (row.disabled_at !== null)
    throw apiRefusal(
      409,
      'endpoint_disabled',
      'Its endpoint is disabled (it answered 410 Gone): create a new endpoint',
      'deliveryId',
    );
  const now = ctx.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('webhook_deliveries')
      .set({ state: 'pending', next_attempt_at: now, claimed_by: null, claimed_until: null })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) await dueNow(trx, ctx, row.endpoint_id, now);
    return Number(result.numUpdatedRows);
  });
  if (done === 0)
    throw apiRefusal(409, 'delivery_in_progress', 'An attempt of this delivery is under way', 'deliveryId');
  const updated = await ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  const [view] = await deliveryViews(ctx, [updated]);
  return view!;
}

/** A test event has no recipient event: it takes a negative event id, which no recipient event has. */
const testEventId = () => -(randomBytes(6).readUIntBE(0, 6) + 1);

/**
 * sendTestWebhook: one webhook.test event for an endpoint, delivered (signed, retried) like any other,
 * so an integrator sees its receiver verify a signature before a real message is sent. It is free, so
 * it counts against the account's free deliveries of the hour (free-quota.ts).
 */
export async function sendTestWebhook(ctx: GatewayContext, user: UserRow, mode: ApiMode | null, endpointId: string) {
  const endpoint = await ownEndpoint(ctx, user, mode, endpointId);
  if (endpoint.disabled_at !== null)
    throw apiRefusal(409, 'endpoint_disabled', 'This endpoint is disabled (it answered 410 Gone): create a new one');
  const now = ctx.now();
  const ending = randomBytes(6).toString('hex');
  const event: WebhookEvent = {
    type: TEST_EVENT,
    timestamp: new Date(now).toISOString(),
    data: {
      id: `msg_test_${ending}`,
      batchId: `bat_test_${ending}`,
      mode: endpoint.mode,
      to: '233241234567',
      status: 'delivered',
      error: null,
      reference: 'A test event from the Developers page or sendTestWebhook',
    },
  };
  const webhookId = `whd_${randomBytes(12).toString('hex')}`;
  await takeOneFree(ctx, user.profile_id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_deliveries')
      .values({
        webhook_id: webhookId,
        endpoint_id: endpoint.id,
        event_id: testEventId(),
        event_type: TEST_EVENT,
        payload: JSON.stringify(event),
        state: 'pending',
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
    await dueNow(trx, ctx, endpoint.id, now);
  });
  const row = await ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .executeTakeFirstOrThrow();
  const [view] = await deliveryViews(ctx, [row]);
  return view!;
}
