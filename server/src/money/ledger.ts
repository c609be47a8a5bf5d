import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database';
import type { CreditLedgerRow } from '../db/schema-money';
import type { LedgerReason } from '../../../src/domain/money/ledger-reasons';
import { actingMemberId } from '../core/acting-member';

// The credit ledger: one row for every change of a balance, appended by balance.ts in the
// transaction that makes the change, so an account's balance is always the sum of its rows.

/** What caused a change: a message (a send, a run, an edit), a checkout, a payment, an account, a campaign awaiting approval. */
export interface LedgerRef {
  kind: 'message' | 'checkout' | 'payment' | 'account' | 'approval';
  id: string | number;
}

/** Why a balance moves, what caused it, who acted (null: the system) and when (epoch ms). */
export interface Why {
  reason: LedgerReason;
  ref: LedgerRef | null;
  actor: number | null;
  at: number;
  /** The API key a send came through: what the key's daily cap sums (caps.ts). */
  apiKeyId?: string;
  /**
   * The team member who acted (docs/product.md#who-did-what): left out, the member the request acts
   * for (core/acting-member.ts); null for none (the owner, a key, SMPP), a number for a member the work
   * is done for outside their request (a scheduled run, an approved campaign).
   */
  member?: number | null;
}

/** The member a row of account `profileId` names: `why`'s own, else the member acting for that account. */
export const memberOf = (profileId: number, why: Pick<Why, 'member'>): number | null =>
  why.member !== undefined ? why.member : actingMemberId(profileId);

/**
 * Told of each ledger row as it is written (metrics' credits by reason, docs/operations.md#metrics);
 * set once by the composition root. A row of a transaction that rolls back afterwards is told too.
 */
let observeEntry: ((reason: LedgerReason, amount: number) => void) | null = null;

export function observeLedger(observer: ((reason: LedgerReason, amount: number) => void) | null): void {
  observeEntry = observer;
}

/** A ledger row written by a composed statement (entryInOne) that took `credits`. */
export function entryWritten(reason: LedgerReason, amount: number): void {
  observeEntry?.(reason, amount);
}

const refColumns = (ref: LedgerRef | null) => ({
  ref_kind: ref?.kind ?? '',
  ref_id: ref === null ? '' : String(ref.id),
});

/** Appends the row of a change already made: `amount` moved the balance to `balanceAfter`. */
export async function appendEntry(
  db: Executor,
  profileId: number,
  amount: number,
  balanceAfter: number,
  why: Why,
): Promise<void> {
  await db
    .insertInto('credit_ledger')
    .values({
      profile_id: profileId,
      amount,
      balance_after: balanceAfter,
      reason: why.reason,
      ...refColumns(why.ref),
      actor_id: why.actor,
      at: why.at,
      api_key_id: why.apiKeyId ?? null,
      member_id: memberOf(profileId, why),
    })
    .execute();
  observeEntry?.(why.reason, amount);
}

/**
 * The API key whose send the ledger charged for message `messageId` (a send or a scheduled one), if one
 * did: a refund or an edit of that send carries it, so the key's daily cap counts what it gave back.
 */
export async function keyOfCharge(db: Executor, profileId: number, messageId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('credit_ledger')
    .select('api_key_id')
    .where('profile_id', '=', profileId)
    .where('ref_kind', '=', 'message')
    .where('ref_id', '=', String(messageId))
    .where('api_key_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row?.api_key_id ?? undefined;
}

/**
 * PostgreSQL: the ledger row of a charge made by another write of the same statement, as its CTE:
 * `taken` names the CTE that took the credits (answering `creditbalance`), `message` the one that
 * inserted the message charged for (answering `id`); no row when nothing was taken.
 */
export const entryInOne = (profileId: number, credits: number, why: Omit<Why, 'ref'>, taken: string, message: string) =>
  sql`insert into credit_ledger (profile_id, amount, balance_after, reason, ref_kind, ref_id, actor_id, at, member_id)
    select ${profileId}, ${-credits}, ${sql.ref(`${taken}.creditbalance`)}, ${why.reason}, 'message',
      cast(${sql.ref(`${message}.id`)} as text), ${why.actor}, ${why.at}, cast(${memberOf(profileId, why)} as integer)
    from ${sql.table(taken)}, ${sql.table(message)}` as RawBuilder<unknown>;

export interface LedgerEntry {
  id: number;
  amount: number;
  balanceAfter: number;
  reason: LedgerReason;
  ref: LedgerRef | null;
  actor: number | null;
  /** The team member who acted, null for none. */
  member: number | null;
  at: number;
}

export const entryOf = (row: CreditLedgerRow): LedgerEntry => ({
  id: Number(row.id),
  amount: Number(row.amount),
  balanceAfter: Number(row.balance_after),
  reason: row.reason,
  ref: row.ref_kind === '' ? null : { kind: row.ref_kind as LedgerRef['kind'], id: row.ref_id },
  actor: row.actor_id === null ? null : Number(row.actor_id),
  member: row.member_id === null ? null : Number(row.member_id),
  at: Number(row.at),
});

/**
 * An account's ledger rows in the order they were made, those at or after `from` and before `to`
 * (epoch ms, either left out for no bound): what a statement is made of.
 */
export async function ledgerOf(
  db: Executor,
  profileId: number,
  { from, to }: { from?: number; to?: number } = {},
): Promise<LedgerEntry[]> {
  let query = db.selectFrom('credit_ledger').selectAll().where('profile_id', '=', profileId);
  if (from !== undefined) query = query.where('at', '>=', from);
  if (to !== undefined) query = query.where('at', '<', to);
  const rows = await query.orderBy('id').execute();
  return rows.map(entryOf);
}
