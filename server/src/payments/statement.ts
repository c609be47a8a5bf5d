import type { z } from 'zod';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { chunks } from '../db/queries';
import { ledgerOf, type LedgerEntry } from '../money/ledger';
import { balanceBefore, monthBounds } from '../money/statement';
import { spends } from '../money/caps';
import { chargedMessages, type ChargedMessage } from '../messaging/charged-messages';
import { lineOf, sumLines } from '../../../src/domain/money/statement';
import { STATEMENT_ENTRIES_MAX, type StatementSchema } from '../../../src/domain/contract/statement';

// A month's statement of an account (docs/product.md#statements): the money area's ledger rows, each
// counted on its line (spending by the kind of the message it paid for) and named with what it opens.

type Statement = z.output<typeof StatementSchema>;
type Cause = Statement['entries'][number]['cause'];

/** Which checkouts of these rows ended in an invoice: a paid purchase opens its invoice. */
async function invoicedCheckouts(db: Executor, references: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks([...new Set(references)])) {
    const rows = await db
      .selectFrom('invoices')
      .select(['checkout_reference', 'payment_id'])
      .where('checkout_reference', 'in', part)
      .execute();
    for (const r of rows) found.set(r.checkout_reference, r.payment_id);
  }
  return found;
}

function causeOf(e: LedgerEntry, messages: Map<number, ChargedMessage>, invoices: Map<string, string>): Cause {
  const ref = e.ref;
  // A campaign's reservation and release open nothing: what it sent is its message's charge.
  if (ref === null || ref.kind === 'account' || ref.kind === 'approval') return null;
  if (ref.kind === 'message') {
    const message = messages.get(Number(ref.id));
    return message ? { kind: 'message', id: message.statusId } : null;
  }
  if (ref.kind === 'checkout') {
    const paymentId = invoices.get(String(ref.id));
    return paymentId ? { kind: 'invoice', id: paymentId } : { kind: 'checkout', id: String(ref.id) };
  }
  return { kind: 'payment', id: String(ref.id) };
}

/** The rows' messages (their kinds) and checkouts (their invoices), read once for the month. */
async function causesOf(db: Executor, rows: readonly LedgerEntry[]) {
  const messageIds = rows.filter((e) => e.ref?.kind === 'message').map((e) => Number(e.ref!.id));
  const references = rows.filter((e) => e.ref?.kind === 'checkout').map((e) => String(e.ref!.id));
  const [messages, invoices] = await Promise.all([chargedMessages(db, messageIds), invoicedCheckouts(db, references)]);
  return { messages, invoices };
}

/**
 * One month of an account's credit: opening balance, the signed credits of each line, the closing
 * balance (opening plus every line: the ledger holds every change), and the rows themselves.
 */
export async function accountStatement(
  db: Executor,
  account: UserRow,
  month: string,
  members: ReadonlyMap<number, string> = new Map(),
): Promise<Statement> {
  const { from, to } = monthBounds(month);
  const [openingBalance, rows] = await Promise.all([
    balanceBefore(db, account.profile_id, from),
    ledgerOf(db, account.profile_id, { from, to }),
  ]);
  const { messages, invoices } = await causesOf(db, rows);
  const counted = rows.map((e) => {
    const kind = e.ref?.kind === 'message' ? (messages.get(Number(e.ref.id))?.kind ?? null) : null;
    return { ...e, line: lineOf(e.reason, e.amount, kind) };
  });
  const closingBalance = rows.length > 0 ? rows[rows.length - 1]!.balanceAfter : openingBalance;
  return {
    month,
    account: { profile_id: account.profile_id, username: account.username },
    openingBalance,
    closingBalance,
    lines: sumLines(counted),
    entries: counted.slice(-STATEMENT_ENTRIES_MAX).map((e) => ({
      id: e.id,
      at: e.at,
      amount: e.amount,
      balanceAfter: e.balanceAfter,
      reason: e.reason,
      line: e.line,
      cause: causeOf(e, messages, invoices),
    })),
    entryCount: rows.length,
    byMember: members.size === 0 ? [] : spentByMember(rows, members),
  };
}

/** The owner's row (no member) first, then each member who spent, by name: what their sends spent net of refunds. */
function spentByMember(rows: readonly LedgerEntry[], members: ReadonlyMap<number, string>): Statement['byMember'] {
  const spent = new Map<number | null, number>([[null, 0]]);
  for (const e of rows) {
    if (!spends(e.reason)) continue;
    spent.set(e.member, (spent.get(e.member) ?? 0) - e.amount);
  }
  const named = [...spent].map(([member, credits]) => ({
    member,
    name: member === null ? 'Owner, API keys and SMPP' : (members.get(member) ?? `Member ${member}`),
    credits: Math.max(0, Math.round(credits * 100) / 100),
  }));
  const [owner, ...others] = named;
  return [owner!, ...others.sort((a, b) => a.name.localeCompare(b.name))];
}
