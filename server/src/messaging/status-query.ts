import { mayRead } from '../core/access';
import type { Selectable } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { MessageRecipientsTable, MessageRow } from '../db/schema-messaging';
import { notFound } from '../core/errors';
import { anyColumnLike, isRowId } from '../db/queries';
import { isFinalStatus, statusSearchNeedles, type RecipientStatus } from '../../../src/domain/messages/message-status';
import { totalsOf, type StatusFilter } from '../../../src/domain/messages/delivery-report';
import { DEFAULT_PAGE_SIZE } from '../../../src/domain/constants';
import { failureReason } from '../../../src/domain/messages/failure-reasons';
import { networkOf } from '../../../src/domain/numbers/networks';
import { phoneSearchForms } from '../../../src/domain/numbers/phone-number';
import { isoOrNull } from './delivery-time';
import { messageCounters } from './delivery-counters';

/** statusnumber: 1 SENT, 2 FAILED, 0 anything else (pending, unknown, or not yet sent for a registration). */
const STATUS_NUMBER: Partial<Record<RecipientStatus, number>> = { SENT: 1, FAILED: 2 };

const NOT_FOUND = 'Message not found';

/** A message the caller may read: its own, or a client's when the caller is that client's admin. Else 404. */
export async function readableMessage(ctx: GatewayContext, user: UserRow, idOrAlpha: string): Promise<MessageRow> {
  const key = idOrAlpha.trim();
  const query = ctx.db.selectFrom('messages').selectAll().where('state', '<>', 'deleted');
  // The PWA routes list items by randomAlpha and calls by message_id: both are accepted.
  const byId = /^\d{1,10}$/.test(key) && isRowId(Number(key));
  const byAlpha = /^[A-Za-z]{1,40}$/.test(key);
  const message = byId
    ? await query.where('id', '=', Number(key)).executeTakeFirst()
    : byAlpha
      ? await query.where('random_alpha', '=', key).executeTakeFirst()
      : undefined;
  if (!message) throw notFound(NOT_FOUND);
  // Another account's message is not found, rather than forbidden: its id says nothing of it.
  if (!mayRead(user, message)) throw notFound(NOT_FOUND);
  return message;
}

/**
 * The status rows of a delivery (docs/product.md#delivery-status), in recipient order. For a registration: its latest delivery's rows,
 * or its recipients with status SCHEDULED before the first delivery.
 */
export async function statusRows(ctx: GatewayContext, message: MessageRow) {
  const targetId = message.list === 'bulk' ? message.id : (message.last_run_id ?? message.id);
  const rows = await ctx.db
    .selectFrom('message_recipients')
    .select(['id', 'number', 'status', 'referencekey'])
    .where('message_id', '=', targetId)
    .orderBy('recipient_index')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    mobilenumber: r.number,
    status: r.status,
    statusnumber: STATUS_NUMBER[r.status] ?? 0,
    referencekey: r.referencekey,
  }));
}

/** A status page's question: any of these makes status/{id} answer one page (docs/api.md#a-messages-status). */
export interface StatusQuery {
  page?: number | undefined;
  size?: number | undefined;
  search?: string | undefined;
  filter?: StatusFilter | undefined;
  since?: number | undefined;
  /** The index of the last row of the page before: the page is the rows after it (keyset, no OFFSET). */
  after?: number | undefined;
}

/** At most this many recipient events per look at what changed; `more` says others follow. */
export const CHANGES_LIMIT = 500;

export const isPagedQuery = (q: StatusQuery): boolean =>
  q.page !== undefined ||
  q.size !== undefined ||
  q.search !== undefined ||
  q.filter !== undefined ||
  q.since !== undefined ||
  q.after !== undefined;

/** The message whose recipients a status page shows: a delivery itself, a registration's latest run. */
const statusTarget = (message: MessageRow) =>
  message.list === 'bulk' ? message.id : (message.last_run_id ?? message.id);

type RecipientRow = Pick<
  Selectable<MessageRecipientsTable>,
  | 'id'
  | 'number'
  | 'status'
  | 'referencekey'
  | 'recipient_index'
  | 'queued_at'
  | 'done_at'
  | 'updated_at'
  | 'error'
  | 'text'
  | 'parts'
>;

const PAGE_COLUMNS = [
  'id',
  'number',
  'status',
  'referencekey',
  'recipient_index',
  'queued_at',
  'done_at',
  'updated_at',
  'error',
  'text',
  'parts',
] as const;

/**
 * A paged row: the old row's fields, its place, network, last status time, a failure's reason in
 * words and the parts its text was billed as; a personalized message's (`shared` its own text, which a row without one follows) also its text.
 */
function pagedRow(r: RecipientRow, shared: string | null) {
  const final = isFinalStatus(r.status);
  return {
    ...(shared === null ? {} : { text: r.text ?? shared }),
    id: r.id,
    mobilenumber: r.number,
    status: r.status,
    statusnumber: STATUS_NUMBER[r.status] ?? 0,
    referencekey: r.referencekey,
    index: r.recipient_index,
    network: networkOf(r.number),
    statusTime: isoOrNull(final ? (r.done_at ?? r.updated_at) : r.queued_at),
    reason: failureReason(r.status, r.error),
    parts: r.parts,
  };
}

const FILTER_STATUSES: Record<Exclude<StatusFilter, 'pending'>, RecipientStatus> = {
  sent: 'SENT',
  failed: 'FAILED',
  optedOut: 'OPTED_OUT',
};

/** The last recipient event of a message (0 when none): a cursor read before the rows misses nothing. */
async function lastEventId(ctx: GatewayContext, messageId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('recipient_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** A personalized message's own text, which its recipients without one follow; null for a regular message. */
async function sharedTextOf(ctx: GatewayContext, message: MessageRow, target: number): Promise<string | null> {
  if (message.template === null) return null;
  if (target === message.id) return message.short_message;
  const run = await ctx.db.selectFrom('messages').select('short_message').where('id', '=', target).executeTakeFirst();
  return run?.short_message ?? message.short_message;
}

/** What changed after `since`: each changed recipient's row now, in recipient order, and the new cursor. */
async function changesAfter(ctx: GatewayContext, messageId: number, since: number, shared: string | null) {
  const events = await ctx.db
    .selectFrom('recipient_events')
    .select(['id', 'recipient_id'])
    .where('message_id', '=', messageId)
    .where('id', '>', since)
    .orderBy('id')
    .limit(CHANGES_LIMIT + 1)
    .execute();
  const taken = events.slice(0, CHANGES_LIMIT);
  const ids = [...new Set(taken.map((e) => e.recipient_id))];
  const rows = ids.length
    ? await ctx.db
        .selectFrom('message_recipients')
        .select(PAGE_COLUMNS)
        .where('id', 'in', ids)
        .orderBy('recipient_index')
        .execute()
    : [];
  return {
    changes: rows.map((r) => pagedRow(r, shared)),
    cursor: taken.length > 0 ? taken[taken.length - 1]!.id : since,
    more: events.length > CHANGES_LIMIT,
  };
}

/**
 * One page of a message's recipients in recipient order, filtered by status group and searched on the
 * gateway, with totals from its counters and the cursor of its events; or, with `since`, only what
 * changed after that cursor (nothing missed, nothing repeated: recipient-events.ts ids commit in order).
 */
export async function statusPage(ctx: GatewayContext, message: MessageRow, q: StatusQuery) {
  const target = statusTarget(message);
  const totals = totalsOf(await messageCounters(ctx.db, target));
  const shared = await sharedTextOf(ctx, message, target);
  if (q.since !== undefined) return { totals, ...(await changesAfter(ctx, target, q.since, shared)) };
  const cursor = await lastEventId(ctx, target);
  const size = q.size ?? DEFAULT_PAGE_SIZE;
  const page = q.page ?? 1;
  let rows = ctx.db.selectFrom('message_recipients').where('message_id', '=', target);
  if (q.filter === 'pending') rows = rows.where('status', 'not in', Object.values(FILTER_STATUSES));
  else if (q.filter) rows = rows.where('status', '=', FILTER_STATUSES[q.filter]);
  const search = q.search?.trim() ?? '';
  if (search) {
    // Digits look in the numbers (024… finds 233…: docs/product.md#phone-numbers), words in the status
    // names ('opted out' finds OPTED_OUT, 'delivered' SENT as the page shows it): one column each, so
    // 100,000 rows are read once.
    const digits = /^\+?[\d\s().-]+$/.test(search);
    const needles = digits ? [search.replace(/\D/g, ''), ...phoneSearchForms(search)] : statusSearchNeedles(search);
    const column = digits ? 'number' : 'status';
    rows = rows.where((eb) => eb.or(needles.map((n) => anyColumnLike([column], n))));
  }
  const matching = search
    ? Number((await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    : q.filter
      ? totals[q.filter]
      : totals.total;
  // Never OFFSET when it can be avoided (page 4,000 would read 100,000 index entries): after the previous
  // page's last row (keyset), or, with neither filter nor search, the page's range of dense indexes.
  const start =
    q.after !== undefined ? null : !search && !q.filter ? await denseStart(ctx, target, totals.total) : null;
  let found = rows.select(PAGE_COLUMNS).orderBy('recipient_index').limit(size);
  if (q.after !== undefined) found = found.where('recipient_index', '>', q.after);
  else if (start !== null) found = found.where('recipient_index', '>=', start + (page - 1) * size);
  else if (page > 1) found = found.offset((page - 1) * size);
  const status = (await found.execute()).map((r) => pagedRow(r, shared));
  return { status, page, size, matching, totals, cursor };
}

/**
 * The first recipient index of a message whose indexes run without a gap (a send's: 0 to n - 1), so
 * page p starts at a known index; null when they have gaps (a birthday run keeps its registration's).
 */
async function denseStart(ctx: GatewayContext, messageId: number, total: number): Promise<number | null> {
  if (total === 0) return null;
  const end = (direction: 'asc' | 'desc') =>
    ctx.db
      .selectFrom('message_recipients')
      .select('recipient_index')
      .where('message_id', '=', messageId)
      .orderBy('recipient_index', direction)
      .limit(1)
      .executeTakeFirst();
  const [first, last] = await Promise.all([end('asc'), end('desc')]);
  if (!first || !last) return null;
  return last.recipient_index - first.recipient_index + 1 === total ? first.recipient_index : null;
}
