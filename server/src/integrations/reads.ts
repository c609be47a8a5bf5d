import type { ModeRows } from '../core/scope';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { ApiKeyRow } from '../db/schema-integrations';
import type { MessageRow } from '../db/schema-messaging';
import { splitSenderIds } from '../../../src/domain/messages/sender-id';
import { creditExpiryOf } from '../../../src/domain/account/permissions';
import { balances } from '../money/balance';
import { isoOrNull } from '../messaging/delivery-time';
import {
  apiBatch,
  apiHistory,
  apiMessage,
  apiMessages,
  EXPIRED_ERROR,
  type ApiMessageRow,
} from '../messaging/api-views';
import { cancelRegistration } from '../sending/schedule-edit';
import { apiRefusal } from './api-refusal';
import { batchIdOf, cursorOf, messageIdOf, parseBatchId, parseCursor, parseMessageId } from './ids';
import { apiClicks } from '../links/reports';
import { failureReason } from '../../../src/domain/messages/failure-reasons';
import { networkOf } from '../../../src/domain/numbers/networks';
import { isMaskedPhone } from '../../../src/domain/account/person-data';
import {
  MESSAGE_STATUSES,
  type ApiBatch,
  type ApiMessage,
  type ApiMessageStatus,
  type ListMessagesQuery,
} from '../../../src/domain/api-v1/schemas';

/**
 * Words for the error code a message ended with (docs/api-v1.md#statuses): the status page's own words for
 * it (src/domain/messages/failure-reasons.ts), so the API and the app name a failure alike.
 */
export const errorWords = (code: string): string =>
  code === 'UNKNOWN' ? failureReason('UNKNOWN', '') : failureReason('FAILED', code, /^[A-Z]+$/.test(code) ? code : '');

/** A number's mobile network by its prefix, as link.clicked names it ('mtn'); null for a foreign or erased number. */
function networkName(number: string): string | null {
  const network = isMaskedPhone(number) ? 'other' : networkOf(number);
  return network === 'other' ? null : network;
}

const scopeOf = (user: UserRow, key: ApiKeyRow): ModeRows => ({ own: user.profile_id, mode: key.mode });

/** An event's status in the API's words. */
function eventStatus(e: { new_status: string; error: string }): ApiMessageStatus {
  switch (e.new_status) {
    case 'SCHEDULED':
      return 'scheduled';
    case 'PENDING':
      return 'queued';
    case 'SENT':
      return 'delivered';
    case 'UNKNOWN':
      return 'unknown';
    case 'OPTED_OUT':
      return 'opted_out';
    default:
      return e.error === EXPIRED_ERROR ? 'expired' : 'failed';
  }
}

type Events = Awaited<ReturnType<typeof apiHistory>>;

/** Messages as the API shows them, each with its history (its own events and its delivery's). */
async function messageViews(ctx: GatewayContext, rows: ApiMessageRow[]): Promise<ApiMessage[]> {
  const ids = rows.flatMap((r) => (r.delivery_id === null ? [r.id] : [r.id, r.delivery_id]));
  const events = await apiHistory(ctx.db, ids);
  const byRecipient = new Map<number, Events>();
  for (const e of events) byRecipient.set(e.recipient_id, [...(byRecipient.get(e.recipient_id) ?? []), e]);
  const clicks = await apiClicks(ctx.db, rows);
  return rows.map((r) => {
    const clicked = clicks.get(`${r.batch_id}:${r.recipient_index}`);
    const own = [...(byRecipient.get(r.id) ?? []), ...(r.delivery_id ? (byRecipient.get(r.delivery_id) ?? []) : [])];
    const status = r.status as ApiMessageStatus;
    const last = own[own.length - 1];
    const ended = status === 'failed' || status === 'expired' || status === 'unknown';
    const code = last?.error || (status === 'unknown' ? 'UNKNOWN' : status === 'expired' ? EXPIRED_ERROR : '');
    return {
      id: messageIdOf(r.id),
      batchId: batchIdOf(r.batch_id),
      mode: r.api_mode === 'test' ? 'test' : 'live',
      to: r.number,
      from: r.source_address,
      text: r.text ?? r.short_message,
      status,
      parts: r.parts,
      cost: r.parts,
      network: networkName(r.number),
      error: ended && code ? { code, description: errorWords(code) } : null,
      reference: r.reference || null,
      createdAt: new Date(r.queued_at).toISOString(),
      scheduleAt: r.kind === 'scheduled' ? isoOrNull(r.anchor_at) : null,
      history: own.map((e) => ({ status: eventStatus(e), at: new Date(e.created_at).toISOString() })),
      clicks: clicked?.clicks ?? 0,
      firstClickAt: clicked ? new Date(clicked.firstClickAt).toISOString() : null,
    };
  });
}

const messageNotFound = () => apiRefusal(404, 'not_found', 'No such message', 'messageId');
const batchNotFound = () => apiRefusal(404, 'not_found', 'No such batch', 'batchId');

/** getMessage: one message of the key's mode; another account's, or the other mode's, is not found. */
export async function getMessage(ctx: GatewayContext, user: UserRow, key: ApiKeyRow, messageId: string) {
  const id = parseMessageId(messageId);
  const row = id === null ? undefined : await apiMessage(ctx.db, scopeOf(user, key), id);
  if (!row) throw messageNotFound();
  const [view] = await messageViews(ctx, [row]);
  return view!;
}

/** listMessages: newest first, a page at a time (docs/api-v1.md#reading). */
export async function listMessages(ctx: GatewayContext, user: UserRow, key: ApiKeyRow, q: ListMessagesQuery) {
  const beforeId = q.cursor === undefined ? undefined : parseCursor(q.cursor);
  if (beforeId === null) throw apiRefusal(400, 'invalid_request', 'cursor is not one this API gave', 'cursor');
  let batchId: number | undefined;
  if (q.batchId !== undefined) {
    const parsed = parseBatchId(q.batchId);
    if (parsed === null) throw apiRefusal(400, 'invalid_request', 'batchId is not a batch id', 'batchId');
    batchId = parsed;
  }
  const rows = await apiMessages(ctx.db, scopeOf(user, key), {
    limit: q.limit + 1,
    beforeId,
    status: q.status,
    batchId,
    reference: q.reference,
    from: q.from,
    since: q.since === undefined ? undefined : Date.parse(q.since),
    until: q.until === undefined ? undefined : Date.parse(q.until),
  });
  const page = rows.slice(0, q.limit);
  const hasMore = rows.length > q.limit;
  return {
    data: await messageViews(ctx, page),
    hasMore,
    nextCursor: hasMore ? cursorOf(page[page.length - 1]!.id) : null,
  };
}

function batchStatus(message: MessageRow, counts: Record<ApiMessageStatus, number>): ApiBatch['status'] {
  if (message.state === 'deleted') return 'cancelled';
  if (counts.scheduled > 0) return 'scheduled';
  return counts.queued + counts.sent > 0 ? 'sending' : 'completed';
}

async function batchView(ctx: GatewayContext, user: UserRow, key: ApiKeyRow, id: number | null): Promise<ApiBatch> {
  const found = id === null ? undefined : await apiBatch(ctx.db, scopeOf(user, key), id);
  if (!found) throw batchNotFound();
  const { message } = found;
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<ApiMessageStatus, number>;
  let parts = 0;
  for (const c of found.counts) {
    counts[c.status as ApiMessageStatus] += c.n;
    parts += c.parts;
  }
  return {
    id: batchIdOf(message.id),
    mode: message.api_mode === 'test' ? 'test' : 'live',
    status: batchStatus(message, counts),
    from: message.source_address,
    reference: message.reference || null,
    createdAt: new Date(message.created_at).toISOString(),
    scheduleAt: message.kind === 'scheduled' ? isoOrNull(message.anchor_at) : null,
    recipients: Object.values(counts).reduce((n, c) => n + c, 0),
    parts,
    cost: message.credits,
    counts,
  };
}

/** getBatch: a batch's counts by status, its cost and its schedule. */
export const getBatch = (ctx: GatewayContext, user: UserRow, key: ApiKeyRow, batchId: string) =>
  batchView(ctx, user, key, parseBatchId(batchId));

/**
 * cancelBatch: a scheduled batch that has not run stops for good and its credit goes back, in one
 * transaction (sending/schedule-edit.ts); one already sent or cancelled is a 409.
 */
export async function cancelBatch(ctx: GatewayContext, user: UserRow, key: ApiKeyRow, batchId: string) {
  const id = parseBatchId(batchId);
  const before = await batchView(ctx, user, key, id);
  if (before.status !== 'scheduled')
    throw apiRefusal(
      409,
      'batch_not_cancellable',
      before.status === 'cancelled'
        ? 'This batch was cancelled already'
        : 'Only a scheduled batch that has not run can be cancelled',
      'batchId',
    );
  const refunded = await cancelRegistration(ctx, user, 'scheduled', id!);
  return { ...(await batchView(ctx, user, key, id)), refunded };
}

/** getBalance: the figures of the app's header (docs/product.md#page-shell). */
export async function getBalance(ctx: GatewayContext, user: UserRow) {
  const now = await balances(ctx.db, user.profile_id);
  return {
    credits: Number(now.creditbalance),
    internationalBalance: Number(now.internationalcreditbalance),
    unit: user.content === 'local' ? ('credits' as const) : ('USD' as const),
    expiresAt: creditExpiryOf(user) > 0 ? new Date(creditExpiryOf(user) * 1000).toISOString() : null,
  };
}

/** listSenderIds: the account's approved and pending sender IDs. */
export function listSenderIds(user: UserRow) {
  return {
    data: [
      ...splitSenderIds(user.senderidapproved).map((senderId) => ({ senderId, status: 'approved' as const })),
      ...splitSenderIds(user.pendingsenderid).map((senderId) => ({ senderId, status: 'pending' as const })),
    ],
  };
}
