import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../../core/context';
import type { UserRow } from '../../db/schema-core';
import type { ApiMode, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema-integrations';
import { isoOrNull } from '../../messaging/delivery-time';
import { apiRefusal } from '../api-refusal';
import { checkWebhookUrl, systemLookup } from './safe-url';
import {
  MAX_ENDPOINTS,
  WEBHOOK_EVENTS,
  type CreateWebhookEndpointBody,
  type ListWebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  TEST_EVENT,
} from '../../../../src/domain/api-v1/webhook-schemas';

// The webhook operations of the integrators' API (docs/api-v1.md#webhooks): an account's endpoints in
// the key's mode, their deliveries and a redelivery. A key works in its own mode; the app's session
// names the mode it lists or creates in, and reaches an endpoint or delivery of either mode by its id
// (`mode` null). Endpoints of kind 'callback' (sends' callback URLs) are never listed nor managed here.

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const eventsOf = (row: WebhookEndpointRow) => WEBHOOK_EVENTS.filter((e) => row.events.split(',').includes(e));

/** An endpoint as the API shows it: never its secret. */
function endpointView(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: eventsOf(row),
    mode: row.mode,
    status: row.disabled_at === null ? 'enabled' : 'disabled',
    disabledReason: row.disabled_at === null ? null : row.disabled_reason,
    disabledAt: isoOrNull(row.disabled_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const endpointNotFound = () => apiRefusal(404, 'not_found', 'No such webhook endpoint', 'endpointId');

async function ownEndpoint(ctx: GatewayContext, user: UserRow, mode: ApiMode | null, endpointId: string) {
  let query = ctx.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', endpointId)
    .where('profile_id', '=', user.profile_id)
    .where('kind', '=', 'endpoint');
  if (mode) query = query.where('mode', '=', mode);
  const row = await query.executeTakeFirst();
  if (!row) throw endpointNotFound();
  return row;
}

/** createWebhookEndpoint: its signing secret is in this answer only. */
export async function createWebhookEndpoint(
  ctx: GatewayContext,
  user: UserRow,
  mode: ApiMode,
  body: CreateWebhookEndpointBody,
): Promise<WebhookEndpoint & { secret: string }> {
  const url = await checkWebhookUrl(body.url, ctx.devMode, ctx.lookupHost ?? systemLookup);
  const existing = await ctx.db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('profile_id', '=', user.profile_id)
    .where('mode', '=', mode)
    .where('kind', '=', 'endpoint')
    .executeTakeFirstOrThrow();
  if (Number(existing.n) >= MAX_ENDPOINTS)
    throw apiRefusal(
      422,
      'too_many_endpoints',
      `An account may have at most ${MAX_ENDPOINTS} webhook endpoints in each mode: delete one first`,
    );
  const secret = newSecret();
  const row: WebhookEndpointRow = {
    id: `we_${randomBytes(8).toString('hex')}`,
    profile_id: user.profile_id,
    mode,
    url: url.toString(),
    events: WEBHOOK_EVENTS.filter((e) => body.events.includes(e)).join(','),
    secret,
    created_at: ctx.now(),
    disabled_at: null,
    disabled_reason: '',
    kind: 'endpoint',
  };
  await ctx.db.insertInto('webhook_endpoints').values(row).execute();
  return { ...endpointView(row), secret };
}

/** listWebhookEndpoints: the account's endpoints in one mode, newest first. */
export async function listWebhookEndpoints(ctx: GatewayContext, user: UserRow, mode: ApiMode) {
  const rows = await ctx.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('profile_id', '=', user.profile_id)
    .where('mode', '=', mode)
    .where('kind', '=', 'endpoint')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return { data: rows.map(endpointView) };
}

/** deleteWebhookEndpoint: nothing more is sent to it; its deliveries go with it. */
export async function deleteWebhookEndpoint(
  ctx: GatewayContext,
  user: UserRow,
  mode: ApiMode | null,
  endpointId: string,
) {
  const row = await ownEndpoint(ctx, user, mode, endpointId);
  await ctx.db.transaction().execute(async (trx) => {
    const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', row.id);
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', row.id).execute();
    await trx.deleteFrom('webhook_endpoints').where('id', '=', row.id).execute();
  });
  return { id: row.id, deleted: true as const };
}

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
    const payload = JSON.parse(r.payload) as { data: { id: string } };
    return {
      id: r.webhook_id,
      endpointId: r.endpoint_id,
      type: r.event_type,
      messageId: payload.data.id,
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
  const done = await ctx.db
    .updateTable('webhook_deliveries')
    .set({ state: 'pending', next_attempt_at: now, claimed_by: null, claimed_until: null })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0)
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
 * so an integrator sees its receiver verify a signature before a real message is sent.
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
  await ctx.db
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
  const row = await ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .executeTakeFirstOrThrow();
  const [view] = await deliveryViews(ctx, [row]);
  return view!;
}
