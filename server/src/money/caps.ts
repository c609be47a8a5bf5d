import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { spendingCapReached } from '../core/errors';
import type { LedgerReason } from '../../../src/domain/money/ledger-reasons';
import { capRefusalText, type CapPeriod } from '../../../src/domain/money/caps';
import { monthBounds } from './statement';

// Spending caps (docs/product.md#spending-caps): a charge that would spend past one is refused,
// nothing taken. The spending of a period is summed from the ledger inside the charge's transaction,
// after the charge's own conditional update took the account's row: on PostgreSQL a concurrent charge
// waits for that row until this one commits, then sums again; SQLite runs one transaction at a time.

/** What a send spends: its charge, a run's, an edit's, less what was given back. */
export const SPENDING_REASONS = [
  'send',
  'scheduled_run',
  'edit',
  'refund',
  'smpp_submit',
  'api_send',
] as const satisfies readonly LedgerReason[];

export const spends = (reason: LedgerReason) => (SPENDING_REASONS as readonly LedgerReason[]).includes(reason);

/** A cap on what a period may spend: the account's, one API key's, its SMPP submits', or one team member's. */
export interface SpendingCap {
  limit: number;
  period: CapPeriod;
  counts: 'account' | 'smpp' | { apiKeyId: string } | { memberId: number };
  /** Who set it, as a refusal names it: "your provider set", "of this API key", "on your SMPP access". */
  owner: string;
}

/** The first instant of the Accra day or month `at` is in (Accra is on GMT all year). */
export function periodStart(period: CapPeriod, at: number): number {
  if (period === 'day') return at - (at % 86_400_000);
  return monthBounds(new Date(at).toISOString().slice(0, 7)).from;
}

/** Credits spent since `from` that count for `cap`. */
export async function spentSince(db: Executor, profileId: number, cap: SpendingCap, from: number): Promise<number> {
  let query = db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('net'))
    .where('profile_id', '=', profileId)
    .where('at', '>=', from);
  if (cap.counts === 'smpp') query = query.where('reason', '=', 'smpp_submit');
  else if (cap.counts === 'account') query = query.where('reason', 'in', SPENDING_REASONS);
  else if ('memberId' in cap.counts)
    query = query.where('member_id', '=', cap.counts.memberId).where('reason', 'in', SPENDING_REASONS);
  else query = query.where('api_key_id', '=', cap.counts.apiKeyId).where('reason', 'in', SPENDING_REASONS);
  const row = await query.executeTakeFirst();
  return Math.max(0, -Number(row?.net ?? 0));
}

/** The caps a charge answers to: the account's own monthly cap (a spending reason only), its member's, and the caller's. */
export function capsFor(
  monthlyCap: number | null,
  reason: LedgerReason,
  caps: readonly SpendingCap[],
  member: SpendingCap | null = null,
): SpendingCap[] {
  if (!spends(reason)) return [];
  const own: SpendingCap[] =
    monthlyCap === null
      ? []
      : [{ limit: Number(monthlyCap), period: 'month', counts: 'account', owner: 'your provider set' }];
  return [...own, ...(member ? [member] : []), ...caps];
}

/**
 * The monthly cap the account's owner set for a team member (docs/product.md#who-did-what), null when
 * none or no member acts: read from `members` in the charge's transaction, after the charge took the
 * account's row, so a change of the cap and concurrent charges are each seen whole.
 */
export async function memberCap(db: Executor, profileId: number, memberId: number | null): Promise<SpendingCap | null> {
  if (memberId === null) return null;
  const row = await db
    .selectFrom('members')
    .select('monthly_cap')
    .where('id', '=', memberId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  if (row?.monthly_cap == null) return null;
  return { limit: Number(row.monthly_cap), period: 'month', counts: { memberId }, owner: 'set for you on this team' };
}

/** Credits left under each cap at `at`, the tightest first. */
export async function roomUnder(db: Executor, profileId: number, caps: readonly SpendingCap[], at: number) {
  const rooms = await Promise.all(
    caps.map(async (cap) => ({
      cap,
      left: cap.limit - (await spentSince(db, profileId, cap, periodStart(cap.period, at))),
    })),
  );
  return rooms.sort((a, b) => a.left - b.left);
}

/** The refusal of `credits` past the tightest cap, named with what it leaves. */
export const capRefusal = (cap: SpendingCap, left: number, what: string) =>
  spendingCapReached(capRefusalText({ what, limit: cap.limit, period: cap.period, owner: cap.owner, left }));

/** Refuses `credits` (nothing is taken: the caller's transaction rolls back) when they would pass a cap. */
export async function holdCaps(
  db: Executor,
  profileId: number,
  credits: number,
  caps: readonly SpendingCap[],
  at: number,
  what: string,
): Promise<void> {
  if (caps.length === 0) return;
  const [tightest] = await roomUnder(db, profileId, caps, at);
  if (tightest && credits > tightest.left) throw capRefusal(tightest.cap, tightest.left, what);
}

/**
 * Refuses `credits` a member's campaign held for approval would spend past their monthly cap, counting as spent
 * the `reserved` credits their other waiting campaigns hold (docs/product.md#the-two-person-rule). Run in the
 * transaction whose reservation took the account's row, so concurrent campaigns are each seen whole.
 */
export async function holdMemberCap(
  db: Executor,
  profileId: number,
  memberId: number,
  held: { credits: number; reserved: number; at: number; what: string },
): Promise<void> {
  const cap = await memberCap(db, profileId, memberId);
  if (!cap) return;
  const left = cap.limit - (await spentSince(db, profileId, cap, periodStart(cap.period, held.at))) - held.reserved;
  if (held.credits > left) throw capRefusal(cap, left, held.what);
}

/** Credits each team member's sends spent since `from` (what their monthly caps sum), by member id. */
export async function spendingByMember(db: Executor, profileId: number, from: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['member_id', sql<number>`coalesce(sum(amount), 0)`.as('net')])
    .where('profile_id', '=', profileId)
    .where('member_id', 'is not', null)
    .where('at', '>=', from)
    .where('reason', 'in', SPENDING_REASONS)
    .groupBy('member_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.member_id), Math.max(0, -Number(r.net))]));
}
