// One-recipient texts accepted in groups (the SMPP server's submits, docs/smpp.md#sending): the
// send path's rules (sender, length, opt-outs, credit per part) decided for each text on its own,
// and every accepted text of the group stored and charged in ONE transaction (singles-store.ts).
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { notFound, Refusal, refuse, tooManyAttempts } from '../core/errors';
import { checkStorableText } from '../core/storable-text';
import { checkCreditExpiry } from '../money/balance';
import { markSuppressed } from '../optouts/screen';
import { suppressedAmong } from '../optouts/suppression';
import { findAccount } from '../accounts/account-store';
import { messageBodyFor } from '../../../src/domain/messages/sender-id';
import { EMPTY_MESSAGE } from '../../../src/domain/send/send-form';
import { checkSender, measure } from './send-items';
import { againIfErased } from './erase-fence';
import { storeGroup, type Prepared, type SingleResult, type StoreOptions } from './singles-store';

/** One text to one number (canonical, checked by the caller). */
export interface SingleText {
  sender: string;
  number: string;
  text: string;
}

export interface SinglesOfAccount {
  profileId: number;
  texts: readonly SingleText[];
}

export interface SinglesOptions extends Omit<StoreOptions, 'now'> {
  /** A caller's own limit (a throughput), taken before the transaction. */
  limit?: SinglesLimit;
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
