import type { z } from 'zod';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { ledgerPage, statementFor } from '../money/statement';
import { apiRefusal } from './api-refusal';
import { batchIdOf, cursorOf, parseCursor } from './ids';
import type { ledgerEntry, ledgerList, listLedgerQuery, statement } from '../../../src/domain/api-v1/ledger-schemas';
import { accountStatement } from '../payments/statement';
import { SPEND_KINDS, type SpendKind } from '../../../src/domain/money/statement';
import type { LedgerRef } from '../money/ledger';

// The credit ledger through the integrators' API (docs/api-v1.md#credit-ledger): every change of the
// balance as the money area recorded it, and a month's statement made of them.

/** What caused an entry, named as this API names it elsewhere: a send is the batch sendMessages answered. */
const referenceOf = (ref: LedgerRef | null): z.output<typeof ledgerEntry>['reference'] =>
  ref === null
    ? null
    : ref.kind === 'message'
      ? { kind: 'batch', id: batchIdOf(Number(ref.id)) }
      : { kind: ref.kind, id: String(ref.id) };

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
      reference: referenceOf(e.ref),
      at: new Date(e.at).toISOString(),
    })),
    hasMore: page.hasMore,
    nextCursor: page.hasMore ? cursorOf(page.entries[page.entries.length - 1]!.id) : null,
  };
}

/**
 * getStatement: the month's opening and closing balance, what moved it by reason, and what sends of
 * each kind spent (docs/product.md#statements: the kind of the message each charge paid for).
 */
export async function getStatement(
  ctx: GatewayContext,
  user: UserRow,
  month: string,
): Promise<z.output<typeof statement>> {
  const [byReason, byLine] = await Promise.all([
    statementFor(ctx.db, user.profile_id, month),
    accountStatement(ctx.db, user, month),
  ]);
  const spent = (kind: SpendKind) => 0 - (byLine.lines.find((l) => l.line === `spent_${kind}`)?.credits ?? 0);
  return {
    ...byReason,
    spentByKind: Object.fromEntries(SPEND_KINDS.map((k) => [k, spent(k)])) as Record<SpendKind, number>,
  };
}
