import type { Executor } from '../db/database';
import type { LedgerReason } from '../../../src/domain/money/ledger-reasons';
import { entryOf, ledgerOf } from './ledger';

/** A calendar month in Accra time (GMT all year): its first instant and the next month's. */
export function monthBounds(month: string): { from: number; to: number } {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  return { from: Date.UTC(year, mm - 1, 1), to: Date.UTC(year, mm, 1) };
}

/** The balance after the last change before `at` (0 before the account's first). */
export async function balanceBefore(db: Executor, profileId: number, at: number): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select('balance_after')
    .where('profile_id', '=', profileId)
    .where('at', '<', at)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.balance_after) : 0;
}

export interface Statement {
  month: string;
  openingBalance: number;
  closingBalance: number;
  /** Credits in by reason (purchase, gift, referral, refund, release, sign-up gift, ...). */
  credited: Partial<Record<LedgerReason, number>>;
  /** Credits out by reason (send, scheduled_run, api_send, smpp_submit, edit, gift, reservation, ...), as positive numbers. */
  debited: Partial<Record<LedgerReason, number>>;
  entries: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * One month of an account's credit: the balance it opened and closed with, and what moved it, in
 * and out by reason. Opening plus every change equals closing: the ledger holds every change.
 */
export async function statementFor(db: Executor, profileId: number, month: string): Promise<Statement> {
  const { from, to } = monthBounds(month);
  const [openingBalance, rows] = await Promise.all([
    balanceBefore(db, profileId, from),
    ledgerOf(db, profileId, { from, to }),
  ]);
  const credited: Statement['credited'] = {};
  const debited: Statement['debited'] = {};
  for (const e of rows) {
    const side = e.amount >= 0 ? credited : debited;
    side[e.reason] = cents((side[e.reason] ?? 0) + Math.abs(e.amount));
  }
  const closingBalance = rows.length > 0 ? rows[rows.length - 1]!.balanceAfter : openingBalance;
  return { month, openingBalance, closingBalance, credited, debited, entries: rows.length };
}

/** A page of an account's ledger, newest first, before a row id (the API's cursor); one more row tells whether more follow. */
export async function ledgerPage(
  db: Executor,
  profileId: number,
  { limit, before, from, to }: { limit: number; before?: number; from?: number; to?: number },
) {
  let query = db.selectFrom('credit_ledger').selectAll().where('profile_id', '=', profileId);
  if (before !== undefined) query = query.where('id', '<', before);
  if (from !== undefined) query = query.where('at', '>=', from);
  if (to !== undefined) query = query.where('at', '<', to);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  return { entries: rows.slice(0, limit).map(entryOf), hasMore: rows.length > limit };
}
