import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../../core/context';
import type { UserRow } from '../../db/schema-core';
import type { ApiMode, WebhookEndpointRow } from '../../db/schema-integrations';
import { recordAudit, type AuditSource } from '../../audit/audit-log';
import { isoOrNull } from '../../messaging/delivery-time';
import { apiRefusal } from '../api-refusal';
import { checkWebhookUrl, systemLookup } from './safe-url';
import { lockOwnerRows } from '../../db/owner-lock';
import {
  MAX_ENDPOINTS,
  WEBHOOK_EVENTS,
  type CreateWebhookEndpointBody,
  type WebhookEndpoint,
} from '../../../../src/domain/api-v1/webhook-schemas';

// The webhook endpoints of the integrators' API (docs/api-v1.md#webhooks): an account's endpoints in
// the key's mode (their deliveries: deliveries.ts). A key works in its own mode; the app's session
// names the mode it lists or creates in, and reaches an endpoint of either mode by its id (`mode`
// null). Endpoints of kind 'callback' (sends' callback URLs) are never listed nor managed here.

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

/** The account's endpoint (not a callback) by id, in `mode` unless null; 404 otherwise. */
export async function ownEndpoint(ctx: GatewayContext, user: UserRow, mode: ApiMode | null, endpointId: string) {
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

/**
 * createWebhookEndpoint: its signing secret is in this answer only. The cap is counted and the row
 * inserted in one transaction that holds the account's endpoints (db/owner-lock.ts), so parallel
 * creations never pass it.
 */
export async function createWebhookEndpoint(
  ctx: GatewayContext,
  user: UserRow,
  mode: ApiMode,
  body: CreateWebhookEndpointBody,
  source: AuditSource,
): Promise<WebhookEndpoint & { secret: string }> {
  const url = await checkWebhookUrl(body.url, ctx.devMode, ctx.lookupHost ?? systemLookup);
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
    due_at: null,
    failures: 0,
    timeouts: 0,
    paused_until: null,
    used_until: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await lockOwnerRows(trx, ctx.db.dialectName, 'webhook_endpoints', user.profile_id);
    const existing = await trx
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
    await trx.insertInto('webhook_endpoints').values(row).execute();
    await recordAudit(trx, {
      at: row.created_at,
      actor: user,
      action: 'webhook_endpoint_created',
      source,
      details: { endpoint: row.id, url: row.url, mode, events: row.events },
    });
  });
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
  source: AuditSource,
) {
  const row = await ownEndpoint(ctx, user, mode, endpointId);
  await ctx.db.transaction().execute(async (trx) => {
    const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', row.id);
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', row.id).execute();
    const gone = await trx.deleteFrom('webhook_endpoints').where('id', '=', row.id).executeTakeFirst();
    // Deleted twice at once: the second finds nothing, and records nothing.
    if (Number(gone.numDeletedRows) === 0) throw endpointNotFound();
    await recordAudit(trx, {
      at: ctx.now(),
      actor: user,
      action: 'webhook_endpoint_deleted',
      source,
      details: { endpoint: row.id, url: row.url, mode: row.mode },
    });
  });
  return { id: row.id, deleted: true as const };
}
