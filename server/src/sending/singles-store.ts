// One-recipient texts stored and charged as a group (sending/accept-singles.ts decided them): the
// rows first and the credit last when every balance covers its texts, else the credit first, text
// by text; on PostgreSQL a group of one account and one sender in one statement.
import type { RawBuilder } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { Refusal } from '../core/errors';
import { creditShort, takeInOrder, takeWhole, takeWholeInOne, type ChargeLimits } from '../money/balance';
import type { SpendingCap } from '../money/caps';
import type { LedgerRef, Why } from '../money/ledger';
import { insertQuickSend, insertQuickSendInOne, type MessageFields } from '../messaging/message-rows';
import { INSERT_CHUNK, type NewRecipient } from '../messaging/message-store';
import { logCreated } from '../messaging/recipient-events';
import { showSendTabs } from '../accounts/account-store';
import { SEND_MESSAGE_TYPES } from '../../../src/domain/messages/message-kinds';
import { holdEraseFence } from './erase-fence';

/** A text's outcome: stored (queued, or OPTED_OUT and not charged), or refused alone. */
export type SingleResult =
  { ok: true; recipientId: number; optedOut: boolean; besideId?: number } | { ok: false; refusal: Refusal };

/** A text that passed the checks before the transaction, ready to store. */
export interface Prepared extends NewRecipient {
  sender: string;
  /** Position of the text in its account's list. */
  at: number;
}

/** How a group is stored: the caller's own parts of it, and when its texts were accepted. */
export interface StoreOptions {
  /** The description of the messages made (the dashboard's). */
  description: string;
  /** Runs once every text is stored, before their events: a caller's own rows commit with them or not at all. */
  inTransaction?: (trx: Executor, results: readonly SingleResult[][]) => Promise<void>;
  /**
   * PostgreSQL: the caller's own rows as a write of the one statement that stores a group of one
   * account and one sender (messaging/message-rows.ts insertQuickSendInOne), where inTransaction is
   * not called: one row for each recipient of the CTE named `recipients`; each text stored then
   * carries its row's id (`besideId`).
   */
  besideInOne?: (accountIndex: number, recipients: string) => RawBuilder<unknown>;
  /** When the texts were accepted. */
  now: number;
  /** The caller's spending caps of account i beside the account's own (SMPP access's daily cap). */
  capsOf?: (accountIndex: number) => readonly SpendingCap[];
}

/**
 * Stores a group, taking each account's credit. Most often the balance covers every text: the rows
 * are stored first and the balances taken last, so a balance stays locked only until the commit and
 * the next group's inserts overlap this one's. When a balance does not cover every text, that try
 * is rolled back and the group is stored again taking the credit first, text by text, in order.
 */
export async function storeGroup(
  ctx: GatewayContext,
  users: readonly (UserRow | undefined)[],
  prepared: readonly Prepared[][],
  results: SingleResult[][],
  options: StoreOptions,
): Promise<void> {
  const inOne = await storeInOne(ctx, users, prepared, results, options);
  if (inOne === 'stored') return;
  const checked = results.map((list) => [...list]);
  try {
    // A balance that fell short of the one statement takes its credit first, text by text.
    await storeOnce(ctx, users, prepared, results, options, inOne !== 'short');
  } catch (error) {
    // Nothing of that try was stored: no text keeps an outcome of it.
    checked.forEach((list, i) => (results[i] = [...list]));
    if (!(error instanceof NotAllCovered)) throw error;
    await storeOnce(ctx, users, prepared, results, options, false);
  }
}

/**
 * PostgreSQL, a group of one account and one sender whose balance covers every text (the most
 * common: one bind's window): stored, charged and its events appended in one statement
 * (messaging/message-rows.ts insertQuickSendInOne), no transaction to begin and commit. Otherwise,
 * or when the balance fell short (nothing stored), the group takes the transaction's way.
 */
async function storeInOne(
  ctx: GatewayContext,
  users: readonly (UserRow | undefined)[],
  prepared: readonly Prepared[][],
  results: SingleResult[][],
  { description, besideInOne, capsOf, now }: StoreOptions,
): Promise<'stored' | 'short' | 'other'> {
  if (ctx.db.dialectName !== 'postgres' || !besideInOne) return 'other';
  // A cap is summed inside a transaction (money/caps.ts).
  if (capsOf && [...prepared.keys()].some((i) => capsOf(i).length > 0)) return 'other';
  const busy = [...prepared.keys()].filter((i) => prepared[i]!.length > 0);
  if (busy.length !== 1) return 'other';
  const i = busy[0]!;
  const user = users[i];
  const texts = prepared[i]!;
  const credits = texts.filter((t) => !t.optedOut).reduce((n, t) => n + t.parts, 0);
  if (!user || credits === 0 || texts.length > INSERT_CHUNK || new Set(texts.map((t) => t.sender)).size > 1)
    return 'other';
  // Sending shows the dashboard's tabs once; the first send of an account takes the transaction's way.
  if (user.dashboardTab !== 1 || user.scheduledsmsTab !== 1) return 'other';
  const why = { reason: 'smpp_submit', actor: user.profile_id, at: now } as const;
  const { gate, entry, taken, crossing } = takeWholeInOne(user.profile_id, credits, user.erase_epoch, why);
  const stored = await insertQuickSendInOne(
    ctx.db,
    quickFields(user, texts[0]!.sender, texts[0]!, description, now),
    texts,
    { gate, entry, crossing, beside: (recipients) => besideInOne(i, recipients) },
  );
  if (!stored) return 'short';
  taken();
  const byIndex = new Map(texts.map((t) => [t.index, t]));
  for (const r of stored) {
    const t = byIndex.get(r.recipient_index)!;
    results[i]![t.at] = {
      ok: true,
      recipientId: r.id,
      optedOut: t.optedOut === true,
      besideId: r.beside_id ?? undefined,
    };
  }
  return 'stored';
}

/** A balance did not cover every text of the first try: it is rolled back. */
class NotAllCovered extends Error {}

/**
 * One transaction storing a group: the texts each balance covers. `late`: the credit is taken after
 * storing, all or nothing (NotAllCovered otherwise); else first, text by text in order.
 */
async function storeOnce(
  ctx: GatewayContext,
  users: readonly (UserRow | undefined)[],
  prepared: readonly Prepared[][],
  results: SingleResult[][],
  { description, inTransaction, capsOf, now }: StoreOptions,
  late: boolean,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    /** The first message stored for each account: what its charge names when taken after storing. */
    const firstMessage = new Map<number, number>();
    /** The texts of account i its balance covers; the others are answered as short of credit. */
    const cover = async (i: number, texts: readonly Prepared[]): Promise<Prepared[]> => {
      const user = users[i]!;
      const paying = texts.filter((t) => !t.optedOut);
      const message = firstMessage.get(i);
      const ref: LedgerRef | null = message === undefined ? null : { kind: 'message', id: message };
      const why: Why = { reason: 'smpp_submit', ref, actor: user.profile_id, at: now };
      const limits = { caps: capsOf?.(i) ?? [], what: 'this message' };
      const { skipped, balance } = late
        ? await takeAll(trx, user.profile_id, paying, why, limits)
        : await takeInOrder(
            trx,
            user.profile_id,
            paying.map((t) => t.parts),
            why,
            limits,
          );
      const short = new Set(paying.filter((_, k) => skipped[k] !== null));
      paying.forEach((t, k) => {
        const why = skipped[k];
        if (why)
          results[i]![t.at] = {
            ok: false,
            refusal: why === 'credit' ? creditShort(t.parts, balance ?? 0, 'this message') : why,
          };
      });
      // Holding the account's row (a charge takes it), no erasure commits before this group does.
      await holdEraseFence(trx, ctx.db.dialectName, user.profile_id, user.erase_epoch);
      return texts.filter((t) => !short.has(t));
    };
    const created: number[] = [];
    for (const [i, user] of users.entries()) {
      if (!user) continue;
      const stored = late ? prepared[i]! : await cover(i, prepared[i]!);
      if (stored.length === 0) continue;
      const bySender = new Map<string, Prepared[]>();
      for (const t of stored) bySender.set(t.sender, [...(bySender.get(t.sender) ?? []), t]);
      for (const [sender, group] of bySender) {
        const fields = quickFields(user, sender, group[0]!, description, now);
        const { inserted, messageId } = await insertQuickSend(trx, ctx.db.dialectName, fields, group);
        if (!firstMessage.has(i)) firstMessage.set(i, messageId);
        const byIndex = new Map(group.map((t) => [t.index, t]));
        for (const r of inserted) {
          const t = byIndex.get(r.recipient_index)!;
          results[i]![t.at] = { ok: true, recipientId: r.id, optedOut: t.optedOut === true };
          created.push(r.id);
        }
      }
      // Sending shows the dashboard's tabs (docs/product.md#the-send-form), once.
      if (user.dashboardTab !== 1 || user.scheduledsmsTab !== 1) await showSendTabs(trx, user.profile_id, false);
    }
    if (inTransaction) await inTransaction(trx, results);
    // Accounts in the callers' order (by id), before the events' lock, as every path takes them.
    if (late) for (const i of users.keys()) if (prepared[i]!.length > 0) await cover(i, prepared[i]!);
    // Last: the new recipients' first statuses (messaging/recipient-events.ts).
    await logCreated(trx, ctx.db.dialectName, created, now);
  });
}

/** Takes every text's parts in one conditional statement, or throws NotAllCovered (short, or past a cap). */
async function takeAll(trx: Executor, profileId: number, paying: readonly Prepared[], why: Why, limits: ChargeLimits) {
  const costs = paying.map((t) => t.parts);
  const all = costs.reduce((n, c) => n + c, 0);
  const none = costs.map(() => null);
  if (all <= 0) return { skipped: none, balance: null };
  const balance = await takeWhole(trx, profileId, all, why, limits).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'spending-cap') throw new NotAllCovered();
    throw error;
  });
  if (balance === null) throw new NotAllCovered();
  return { skipped: none, balance };
}

/** The message row of a group's texts from one sender: a quick send, its first text as its text. */
const quickFields = (
  user: UserRow,
  sender: string,
  first: Prepared,
  description: string,
  now: number,
): MessageFields => ({
  profile_id: user.profile_id,
  supid: user.supid,
  username: user.username,
  job_id: null,
  job_key: null,
  kind: 'quick',
  message_type: SEND_MESSAGE_TYPES.quick,
  typeandsubtype: 'quick:personalized',
  short_message: first.text,
  source_address: sender,
  description,
  unicode: first.unicode ? 1 : 0,
  flash: 0,
  parts: first.parts,
  parent_id: null,
  state: 'done',
  registered_at: now,
  sent_at: now,
  anchor_at: null,
  next_run_at: null,
  recurring_period: '',
  recurring_interval: 0,
  created_at: now,
});
