// One-recipient texts accepted in groups (the SMPP server's submits, docs/smpp.md#sending): the
// send path's rules (sender, length, opt-outs, credit per part) decided for each text on its own,
// and every accepted text of the group stored and charged in ONE transaction.
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { notFound, Refusal, refuse, tooManyAttempts } from '../core/errors';
import { checkCreditExpiry, creditShort, takeInOrder, takeWhole } from '../credit/balance';
import { insertQuickSend, type MessageFields } from '../messaging/message-rows';
import type { NewRecipient } from '../messaging/message-store';
import { logCreated } from '../messaging/recipient-events';
import { markSuppressed } from '../optouts/screen';
import { suppressedAmong } from '../optouts/suppression';
import { findAccount, showSendTabs } from '../accounts/account-store';
import { messageBodyFor } from '../../../src/domain/sender-id';
import { EMPTY_MESSAGE } from '../../../src/domain/send-form';
import { SEND_MESSAGE_TYPES } from '../../../src/domain/message-kinds';
import { checkSender, measure } from './send-items';

/** One text to one number (canonical, checked by the caller). */
export interface SingleText {
  sender: string;
  number: string;
  text: string;
}

/** A text's outcome: stored (queued, or OPTED_OUT and not charged), or refused alone. */
export type SingleResult = { ok: true; recipientId: number; optedOut: boolean } | { ok: false; refusal: Refusal };

export interface SinglesOfAccount {
  profileId: number;
  texts: readonly SingleText[];
}

export interface SinglesOptions {
  /** The description of the messages made (the dashboard's). */
  description: string;
  /** A caller's own limit (a throughput), taken before the transaction. */
  limit?: SinglesLimit;
  /** Runs once every text is stored, before their events: a caller's own rows commit with them or not at all. */
  inTransaction?: (trx: Executor, results: readonly SingleResult[][]) => Promise<void>;
}

/**
 * A caller's own limit, taken in statements of its own before the transaction (so it never holds a
 * lock while a group is stored): which of an account's texts (their parts, in order) it lets
 * through, the others refused as over the limit; what it let through and was not stored after all
 * (refused for credit, or the transaction failed) is given back.
 */
export interface SinglesLimit {
  take: (accountIndex: number, parts: readonly number[]) => Promise<boolean[]>;
  giveBack: (accountIndex: number, parts: number) => Promise<void>;
}

/** Every text of an account that is no more (deleted while bound): no send path decides for it. */
export const NO_ACCOUNT = 'account not found';

/** The refusal of a text over the caller's limit. */
export const OVER_LIMIT = 'Throughput limit reached; send it again later';

/** What the refusal of one text says; anything but a Refusal is a fault of the gateway, thrown. */
const refusalOf = (error: unknown): Refusal => {
  if (error instanceof Refusal) return error;
  throw error;
};

interface Prepared extends NewRecipient {
  sender: string;
  /** Position of the text in its account's list. */
  at: number;
}

/**
 * Accepts each text as its own quick send would be, but all in one transaction: a text the send
 * path refuses (sender not approved, too long, empty, credit expired or short) is answered alone and
 * the others go on. Credit is taken per account in the texts' order, each text only if the balance
 * still covers it. The accepted texts of one account and sender become one message (one row on the
 * dashboard). A fault of the database rejects the whole group, nothing stored.
 */
export async function acceptSingles(
  ctx: GatewayContext,
  accounts: readonly SinglesOfAccount[],
  { description, limit, inTransaction }: SinglesOptions,
): Promise<SingleResult[][]> {
  const now = ctx.now();
  const results: SingleResult[][] = accounts.map((a) => new Array<SingleResult>(a.texts.length));
  // Each account and which of its numbers opted out, read at once (one round trip, not two in turn).
  const read = await Promise.all(
    accounts.map(({ profileId, texts }) =>
      Promise.all([
        findAccount(ctx, profileId),
        suppressedAmong(
          ctx.db,
          profileId,
          texts.map((t) => t.number),
        ),
      ]),
    ),
  );
  const users = read.map(([user]) => user);
  // Checked before the transaction: what each text alone would be refused for.
  const prepared: Prepared[][] = [];
  for (const [i, { texts }] of accounts.entries()) {
    const [user, suppressed] = read[i]!;
    const kept: Prepared[] = [];
    let expired: Refusal | null = null;
    try {
      if (!user) throw notFound(NO_ACCOUNT);
      checkCreditExpiry(user, now);
    } catch (error) {
      expired = refusalOf(error);
    }
    for (const [at, t] of texts.entries()) {
      try {
        if (expired) throw expired;
        checkSender(user!, t.sender);
        const body = messageBodyFor(t.sender, t.text);
        if (!body.trim()) throw refuse(EMPTY_MESSAGE);
        const { unicode, parts } = measure(body, false);
        kept.push({ index: at, number: t.number, text: body, unicode, parts, sender: t.sender, at });
      } catch (error) {
        results[i]![at] = { ok: false, refusal: refusalOf(error) };
      }
    }
    // Opted-out numbers are stored OPTED_OUT, never charged (optouts/screen.ts).
    prepared.push(markSuppressed(kept, suppressed));
  }

  if (limit)
    for (const [i, texts] of prepared.entries()) {
      const passed = await limit.take(
        i,
        texts.map((t) => t.parts),
      );
      for (const [k, t] of texts.entries())
        if (!passed[k]) results[i]![t.at] = { ok: false, refusal: tooManyAttempts(OVER_LIMIT) };
      prepared[i] = texts.filter((_, k) => passed[k]);
    }
  try {
    await storeGroup(ctx, users, prepared, results, { description, inTransaction, now });
  } finally {
    // What the limit let through and was not stored is given back (all of it when nothing was).
    if (limit)
      for (const [i, texts] of prepared.entries()) {
        const unsent = texts.filter((t) => results[i]![t.at]?.ok !== true).reduce((n, t) => n + t.parts, 0);
        await limit.giveBack(i, unsent);
      }
  }
  return results;
}

/**
 * Stores a group, taking each account's credit. Most often the balance covers every text: the rows
 * are stored first and the balances taken last, so a balance stays locked only until the commit and
 * the next group's inserts overlap this one's. When a balance does not cover every text, that try
 * is rolled back and the group is stored again taking the credit first, text by text, in order.
 */
async function storeGroup(
  ctx: GatewayContext,
  users: readonly (UserRow | undefined)[],
  prepared: readonly Prepared[][],
  results: SingleResult[][],
  options: StoreOptions,
): Promise<void> {
  const checked = results.map((list) => [...list]);
  try {
    await storeOnce(ctx, users, prepared, results, options, true);
  } catch (error) {
    // Nothing of that try was stored: no text keeps an outcome of it.
    checked.forEach((list, i) => (results[i] = [...list]));
    if (!(error instanceof NotAllCovered)) throw error;
    await storeOnce(ctx, users, prepared, results, options, false);
  }
}

/** A balance did not cover every text of the first try: it is rolled back. */
class NotAllCovered extends Error {}

interface StoreOptions {
  description: string;
  inTransaction?: SinglesOptions['inTransaction'];
  now: number;
}

/**
 * One transaction storing a group: the texts each balance covers. `late`: the credit is taken after
 * storing, all or nothing (NotAllCovered otherwise); else first, text by text in order.
 */
async function storeOnce(
  ctx: GatewayContext,
  users: readonly (UserRow | undefined)[],
  prepared: readonly Prepared[][],
  results: SingleResult[][],
  { description, inTransaction, now }: StoreOptions,
  late: boolean,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    /** The texts of account i its balance covers; the others are answered as short of credit. */
    const cover = async (i: number, texts: readonly Prepared[]): Promise<Prepared[]> => {
      const user = users[i]!;
      const paying = texts.filter((t) => !t.optedOut);
      const { taken, balance } = late
        ? await takeAll(trx, user.profile_id, paying)
        : await takeInOrder(
            trx,
            user.profile_id,
            paying.map((t) => t.parts),
          );
      const short = new Set(paying.filter((_, k) => !taken[k]));
      for (const t of short)
        results[i]![t.at] = { ok: false, refusal: creditShort(t.parts, balance ?? 0, 'this message') };
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
        const { inserted } = await insertQuickSend(trx, ctx.db.dialectName, fields, group);
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

/** Takes every text's parts in one conditional statement, or throws NotAllCovered. */
async function takeAll(trx: Executor, profileId: number, paying: readonly Prepared[]) {
  const costs = paying.map((t) => t.parts);
  const all = costs.reduce((n, c) => n + c, 0);
  if (all <= 0) return { taken: costs.map(() => true), balance: null };
  const balance = await takeWhole(trx, profileId, all);
  if (balance === null) throw new NotAllCovered();
  return { taken: costs.map(() => true), balance };
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
