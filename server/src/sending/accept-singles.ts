// One-recipient texts accepted in groups (the SMPP server's submits, docs/smpp.md#sending): the
// send path's rules (sender, length, opt-outs, credit per part) decided for each text on its own,
// and every accepted text of the group stored and charged in ONE transaction.
import type { RawBuilder } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { notFound, Refusal, refuse, tooManyAttempts } from '../core/errors';
import { checkStorableText } from '../core/storable-text';
import { checkCreditExpiry, creditShort, takeInOrder, takeWhole, takeWholeSql } from '../credit/balance';
import { insertQuickSend, insertQuickSendInOne, type MessageFields } from '../messaging/message-rows';
import { INSERT_CHUNK, type NewRecipient } from '../messaging/message-store';
import { logCreated } from '../messaging/recipient-events';
import { markSuppressed } from '../optouts/screen';
import { suppressedAmong } from '../optouts/suppression';
import { findAccount, showSendTabs } from '../accounts/account-store';
import { messageBodyFor } from '../../../src/domain/messages/sender-id';
import { EMPTY_MESSAGE } from '../../../src/domain/send/send-form';
import { SEND_MESSAGE_TYPES } from '../../../src/domain/messages/message-kinds';
import { checkSender, measure } from './send-items';
import { againIfErased, holdEraseFence } from './erase-fence';

/** One text to one number (canonical, checked by the caller). */
export interface SingleText {
  sender: string;
  number: string;
  text: string;
}

/** A text's outcome: stored (queued, or OPTED_OUT and not charged), or refused alone. */
export type SingleResult =
  { ok: true; recipientId: number; optedOut: boolean; besideId?: number } | { ok: false; refusal: Refusal };

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
  /**
   * PostgreSQL: the caller's own rows as a write of the one statement that stores a group of one
   * account and one sender (messaging/message-rows.ts insertQuickSendInOne), where inTransaction is
   * not called: one row for each recipient of the CTE named `recipients`; each text stored then
   * carries its row's id (`besideId`).
   */
  besideInOne?: (accountIndex: number, recipients: string) => RawBuilder<unknown>;
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
 * path refuses (sender not approved, too long, empty, text no database stores, credit expired or
 * short) is answered alone and the others go on. Credit is taken per account in the texts' order,
 * each text only if the balance still covers it. The accepted texts of one account and sender become
 * one message (one row on the dashboard). A fault of the database rejects the whole group, nothing
 * stored (the SMPP server then stores each half on its own: smpp-server/submits.ts).
 */
export async function acceptSingles(
  ctx: GatewayContext,
  accounts: readonly SinglesOfAccount[],
  options: SinglesOptions,
): Promise<SingleResult[][]> {
  const { limit } = options;
  const now = ctx.now();
  const results: SingleResult[][] = accounts.map((a) => new Array<SingleResult>(a.texts.length));
  // What each text is, with no account needed: its body and parts, or its refusal (empty, too long).
  const measured = accounts.map(({ texts }) =>
    texts.map((t, at): Prepared | Refusal => {
      try {
        checkStorableText(t.text);
        const body = messageBodyFor(t.sender, t.text);
        if (!body.trim()) throw refuse(EMPTY_MESSAGE);
        const { unicode, parts } = measure(body, false);
        return { index: at, number: t.number, text: body, unicode, parts, sender: t.sender, at };
      } catch (error) {
        return refusalOf(error);
      }
    }),
  );
  const counted = measured.map((list) => list.filter((m): m is Prepared => !(m instanceof Refusal)));
  // Each account, which of its numbers opted out and what the caller's limit lets through, read at
  // once (one round trip, not three in turn). A text the account then refuses gives its parts back.
  const [reading, taking] = await Promise.allSettled([
    Promise.all(accounts.map(({ profileId, texts }) => readAccount(ctx, profileId, texts))),
    Promise.all(
      counted.map((texts, i) =>
        limit
          ? limit.take(
              i,
              texts.map((t) => t.parts),
            )
          : texts.map(() => true),
      ),
    ),
  ]);
  if (taking.status === 'rejected') throw taking.reason;
  const passed = taking.value;
  try {
    // A read that failed gives back what the limit took beside it.
    if (reading.status === 'rejected') throw reading.reason;
    const read = reading.value;
    // Checked before the transaction: what each text alone would be refused for.
    const prepared: Prepared[][] = [];
    for (const [i, list] of measured.entries()) {
      const [user] = read[i]!;
      const whole = accountRefusal(user, now);
      const refusals = list.map(
        (m, at) => whole ?? senderRefusal(user!, accounts[i]!.texts[at]!) ?? (m instanceof Refusal ? m : null),
      );
      // Texts the account refused took their parts beside the reads: when that left a text it takes
      // over the limit, the limit is taken again for those it takes alone, as if they had never counted.
      if (limit && passed[i]!.some((p) => !p) && counted[i]!.some((t) => refusals[t.at])) {
        const took = counted[i]!.filter((_, k) => passed[i]![k]).reduce((n, t) => n + t.parts, 0);
        passed[i] = counted[i]!.map(() => false);
        await limit.giveBack(i, took);
        const valid = counted[i]!.filter((t) => !refusals[t.at]);
        const again = await limit.take(
          i,
          valid.map((t) => t.parts),
        );
        const byAt = new Map(valid.map((t, k) => [t.at, again[k]!]));
        passed[i] = counted[i]!.map((t) => byAt.get(t.at) ?? false);
      }
      const through = new Map(counted[i]!.map((t, k) => [t.at, passed[i]![k]!]));
      const kept: Prepared[] = [];
      for (const [at, m] of list.entries()) {
        const refusal = refusals[at] ?? (through.get(at) ? null : tooManyAttempts(OVER_LIMIT));
        if (refusal) results[i]![at] = { ok: false, refusal };
        else kept.push(m as Prepared);
      }
      prepared.push(kept);
    }
    await screenAndStore(ctx, accounts, read, prepared, results, { ...options, now });
  } finally {
    // What the limit let through and was not stored is given back (all of it when nothing was).
    if (limit)
      for (const [i, texts] of counted.entries()) {
        const unsent = texts
          .filter((t, k) => passed[i]![k] && results[i]![t.at]?.ok !== true)
          .reduce((n, t) => n + t.parts, 0);
        await limit.giveBack(i, unsent);
      }
  }
  return results;
}

/**
 * The account, then which of its numbers opted out: in that order, so the erasure epoch it carries
 * was read before the screening (erase-fence.ts).
 */
async function readAccount(ctx: GatewayContext, profileId: number, texts: readonly SingleText[]) {
  const user = await findAccount(ctx, profileId);
  const suppressed = await suppressedAmong(
    ctx.db,
    profileId,
    texts.map((t) => t.number),
  );
  return [user, suppressed] as const;
}

type AccountRead = Awaited<ReturnType<typeof readAccount>>;

/**
 * Marks each account's opted-out numbers (stored OPTED_OUT, never charged: optouts/screen.ts) and
 * stores the group; when an erasure of a person's data committed after the screening, nothing was
 * stored, and the accounts are read and screened again (erase-fence.ts).
 */
async function screenAndStore(
  ctx: GatewayContext,
  accounts: readonly SinglesOfAccount[],
  read: readonly AccountRead[],
  kept: readonly Prepared[][],
  results: SingleResult[][],
  options: StoreOptions,
): Promise<void> {
  const before = results.map((list) => [...list]);
  let current = read;
  await againIfErased(
    () =>
      storeGroup(
        ctx,
        current.map(([user]) => user),
        kept.map((list, i) => markSuppressed(list, current[i]![1])),
        results,
        options,
      ),
    async () => {
      // Nothing of the try was stored: no text keeps an outcome of it.
      before.forEach((list, i) => (results[i] = [...list]));
      current = await Promise.all(accounts.map(({ profileId, texts }) => readAccount(ctx, profileId, texts)));
    },
  );
}

/** What an account refuses all its texts for: gone (deleted while bound), or its credit expired. */
function accountRefusal(user: UserRow | undefined, now: number): Refusal | null {
  try {
    if (!user) throw notFound(NO_ACCOUNT);
    checkCreditExpiry(user, now);
    return null;
  } catch (error) {
    return refusalOf(error);
  }
}

/** The refusal of a sender ID the account may not send from. */
function senderRefusal(user: UserRow, { sender, number }: SingleText): Refusal | null {
  try {
    checkSender(user, sender, [number]);
    return null;
  } catch (error) {
    return refusalOf(error);
  }
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
  { description, besideInOne, now }: StoreOptions,
): Promise<'stored' | 'short' | 'other'> {
  if (ctx.db.dialectName !== 'postgres' || !besideInOne) return 'other';
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
  const stored = await insertQuickSendInOne(
    ctx.db,
    quickFields(user, texts[0]!.sender, texts[0]!, description, now),
    texts,
    {
      gate: takeWholeSql(user.profile_id, credits, user.erase_epoch),
      beside: (recipients) => besideInOne(i, recipients),
    },
  );
  if (!stored) return 'short';
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

type StoreOptions = SinglesOptions & { now: number };

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
