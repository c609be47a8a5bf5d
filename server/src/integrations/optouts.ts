import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { optOutsBefore, suppressAll } from '../optouts/suppression';
import { removeOwnOptOut } from '../optouts/removal';
import type { AuditSource } from '../audit/audit-log';
import { apiRefusal } from './api-refusal';
import { cursorOf, parseCursor } from './ids';
import type { z } from 'zod';
import type { addOptOutsBody, listOptOutsQuery, optOutList } from '../../../src/domain/api-v1/optout-schemas';

// The account's opt-out list through the integrators' API (docs/api-v1.md#opt-outs): the same list
// and rules as the app's (server/src/optouts), shared by the account's live and test keys.

/** listOptOuts: newest first, a page at a time. */
export async function listOptOuts(
  ctx: GatewayContext,
  user: UserRow,
  q: z.output<typeof listOptOutsQuery>,
): Promise<z.output<typeof optOutList>> {
  const beforeId = q.cursor === undefined ? undefined : parseCursor(q.cursor);
  if (beforeId === null) throw apiRefusal(400, 'invalid_request', 'cursor is not one this API gave', 'cursor');
  const page = await optOutsBefore(ctx.db, user.profile_id, beforeId, q.limit);
  return {
    data: page.rows.map((r) => ({
      number: r.number,
      reason: r.reason,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    hasMore: page.hasMore,
    nextCursor: page.hasMore ? cursorOf(page.rows[page.rows.length - 1]!.id) : null,
  };
}

/** addOptOuts: every number must be a phone number, or none is added (422). */
export async function addOptOuts(ctx: GatewayContext, user: UserRow, body: z.output<typeof addOptOutsBody>) {
  const { added, already } = await suppressAll(
    ctx.db,
    user.profile_id,
    body.numbers,
    body.reason,
    user.profile_id,
    ctx.now(),
  );
  return { added, already };
}

/** removeOptOut: only with a reason, which is recorded; a number not on the list is a 404. */
export async function removeOptOut(
  ctx: GatewayContext,
  user: UserRow,
  number: string,
  reason: string,
  source: AuditSource,
) {
  await removeOwnOptOut(ctx, user, number, reason, source);
  return { number, removed: true as const };
}
