import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { MessageRow } from '../db/schema-messaging';
import { notFound } from '../core/errors';
import { isRowId } from '../db/queries';
import type { RecipientStatus } from '../../../src/domain/message-status';

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
  const own = message.profile_id === user.profile_id;
  const client = user.isAdmin === 1 && message.supid === user.profile_id;
  if (!own && !client) throw notFound(NOT_FOUND);
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
