import type { z } from 'zod';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { ledgerPage, statementFor } from '../money/statement';
import { apiRefusal } from './api-refusal';
import { cursorOf, parseCursor } from './ids';
import type { ledgerList, listLedgerQuery, statement } from '../../../src/domain/api-v1/schemas';

// The credit ledger through the integrators' API (docs/api-v1.md#credit-ledger): every change of the
// balance as the money area recorded it, and a month's statement made of them.

/** listLedgerEntries: newest first, a page at a time, optionally between two times. */
export async function listLedgerEntries(
  ctx: GatewayContext,
  user: UserRow,
  q: z.output<typeof listLedgerQuery>,
): Promise<z.output<typeof ledgerList>> {
  const before = q.cursor === undefined ? undefined : parseCursor(q.cursor);
  if (before === null) throw apiRefusal(400, 'invalid_request', 'cursor is not one this API gave', 'cursor');
  const from = q.from === undefined ? undefined : Date.parse(q.from);
  const to = q.to === undefined ? undefined : Date.parse(q.to);
  const page = await ledgerPage(ctx.db, user.profile_id, { limit: q.limit, before, from, to });
  return {
    data: page.entries.map((e) => ({
      id: String(e.id),
      amount: e.amount,
      balanceAfter: e.balanceAfter,
      reason: e.reason,
      reference: e.ref === null ? null : { kind: e.ref.kind, id: String(e.ref.id) },
      at: new Date(e.at).toISOString(),
    })),
    hasMore: page.hasMore,
    nextCursor: page.hasMore ? cursorOf(page.entries[page.entries.length - 1]!.id) : null,
  };
}

/** getStatement: the month's opening and closing balance and what moved it, by reason. */
export const getStatement = (ctx: GatewayContext, user: UserRow, month: string): Promise<z.output<typeof statement>> =>
  statementFor(ctx.db, user.profile_id, month);
