// The messages held in smpp_submits (docs/smpp.md#long-messages): parts of long messages waiting for
// their others, and scheduled messages. A message whole and due goes through the app's send path; one
// that never will (refused, past its validity, its other parts never came) is refused, each of its
// submits receipted.
import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { SmppSubmitRow } from '../db/schema-smpp';
import { checkStorableText } from '../core/storable-text';
import { acceptSend, type InsertedRecipient } from '../sending/accept-send';
import { measure } from '../sending/send-items';
import { findAccount } from '../accounts/account-store';
import { sendItemSchema } from '../../../src/domain/contract/send';
import { decodeText } from '../smpp/text-coding';
import { oweReceipts } from './receipts';
import { previewOf, refusalOf } from './submit-answers';
import { smppCapsOf } from './daily-cap';

/** The parts of a long message wait this long for the rest, then are refused (and receipted). */
export const HOLD_MS = 5 * 60_000;
/** Held groups one tick reads: those expired or never completed are refused together. */
const TICK_GROUPS = 5_000;
/** Held messages made whole and due that one tick sends on, the longest due first. */
const TICK_SENDS = 100;

const item = (source: string, destination: string, text: string) =>
  sendItemSchema.parse({
    shortMessage: text,
    destinationAddress: destination,
    sourceAddress: source,
    messageDescription: 'SMPP',
    messageType: 'quick sms',
    typeandsubtype: 'quick:personalized',
  });

/** The text of a held message's rows, joined in part order (each part decoded alone when their codings differ). */
function joinedText(ordered: readonly SmppSubmitRow[]) {
  const first = ordered[0]!;
  const sameCoding = ordered.every((r) => r.data_coding === first.data_coding);
  return sameCoding
    ? decodeText(first.data_coding, Buffer.concat(ordered.map((r) => Buffer.from(r.body, 'base64'))))
    : ordered.map((r) => decodeText(r.data_coding, Buffer.from(r.body, 'base64'))).join('');
}

/**
 * Accepts a held message whose parts are all in: its text joined in part order, one recipient.
 * Returns the refusal when the send path refused it (every part refused; the others receipted
 * REJECTD), null when it is not whole yet or was accepted.
 */
export async function completeGroup(
  ctx: GatewayContext,
  profileId: number,
  groupKey: string,
  answering: number | null,
) {
  const rows = await ctx.db
    .selectFrom('smpp_submits')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('group_key', '=', groupKey)
    .where('state', '=', 'held')
    .orderBy('id')
    .execute();
  const first = rows[0];
  if (!first) return null;
  const bySeq = new Map<number, SmppSubmitRow>();
  for (const r of rows) if (!bySeq.has(r.seq)) bySeq.set(r.seq, r);
  for (let seq = 1; seq <= first.total; seq += 1) if (!bySeq.has(seq)) return null;
  const text = joinedText([...bySeq.values()].sort((a, b) => a.seq - b.seq));
  const ids = rows.map((r) => r.id);
  const user = await findAccount(ctx, profileId);
  try {
    if (!user) throw new Error('account not found');
    // The parts' bytes are checked joined: one emoji may straddle two UCS-2 parts.
    checkStorableText(text);
    measure(text, false);
    await acceptSend(ctx, user, [item(first.source, first.destination, text)], null, {
      asGiven: true,
      caps: await smppCapsOf(ctx, profileId),
      inTransaction: async (trx, inserted: readonly InsertedRecipient[]) => {
        const recipient = inserted[0];
        if (!recipient) throw new Error('the recipient of an SMPP message was not stored');
        const updated = await trx
          .updateTable('smpp_submits')
          .set({ state: 'accepted', recipient_id: recipient.id, preview: previewOf(text), body: '' })
          .where('id', 'in', ids)
          .where('state', '=', 'held')
          .executeTakeFirst();
        // Another instance accepted it first: this send is rolled back.
        if (Number(updated.numUpdatedRows) !== ids.length) throw new Error('already accepted');
      },
    });
    return null;
  } catch (error) {
    if (error instanceof Error && error.message === 'already accepted') return null;
    const refusal = refusalOf(ctx, error);
    if (refusal.ok) return null;
    await refuseHeld(ctx, rows, refusal.reason, answering);
    return refusal;
  }
}

/** Held rows whose message the send path refused: refused, each but the one answering receipted REJECTD. */
async function refuseHeld(ctx: GatewayContext, rows: SmppSubmitRow[], reason: string, answering: number | null) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx: Executor) => {
    const updated = await trx
      .updateTable('smpp_submits')
      .set({ state: 'refused', error: reason.slice(0, 200), body: '' })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('state', '=', 'held')
      .returningAll()
      .execute();
    await oweReceipts(
      trx,
      ctx.db.dialectName,
      updated.filter((r) => r.id !== answering),
      { stat: 'REJECTD', err: '003', preview: '', doneAt: now },
      now,
    );
  });
}

/** Every held row of these groups of one account refused at once, each that asked receipted `stat`. */
export async function refuseGroups(
  ctx: GatewayContext,
  profileId: number,
  keys: readonly string[],
  reason: string,
  stat: string,
  err: string,
) {
  const now = ctx.now();
  for (let i = 0; i < keys.length; i += 500) {
    await ctx.db.transaction().execute(async (trx: Executor) => {
      const updated = await trx
        .updateTable('smpp_submits')
        .set({ state: stat === 'EXPIRED' ? 'expired' : 'refused', error: reason.slice(0, 200), body: '' })
        .where('state', '=', 'held')
        .where('profile_id', '=', profileId)
        .where('group_key', 'in', keys.slice(i, i + 500))
        .returningAll()
        .execute();
      await oweReceipts(trx, ctx.db.dialectName, updated, { stat, err, preview: '', doneAt: now }, now);
    });
  }
}

/** Held work that is due, by account: messages to send on, groups past their validity, groups never whole. */
export interface DueHeld {
  sends: { profileId: number; key: string }[];
  expired: Map<number, string[]>;
  neverWhole: Map<number, string[]>;
}

/**
 * Held work that is due: scheduled messages whose time has come (the longest due first, at most
 * TICK_SENDS), held submits past their validity and parts whose message never came whole in HOLD_MS.
 */
export async function dueHeld(ctx: GatewayContext, now: number): Promise<DueHeld> {
  const old = now - HOLD_MS;
  // A group is read whole when one of its rows is due, old or past its validity. 'held' is a
  // literal: the held index is partial (migrations/024-lean-indexes.ts).
  const { rows } = await sql<{
    profile_id: number;
    group_key: string;
    parts: number;
    total: number;
    expires_at: number | null;
    due_at: number;
    scheduled: number;
    stale: number;
  }>`select s.profile_id, s.group_key,
      count(distinct case when s.seq between 1 and s.total then s.seq end) as parts, min(s.total) as total,
      min(s.expires_at) as expires_at, max(coalesce(s.due_at, 0)) as due_at,
      sum(case when s.due_at is not null then 1 else 0 end) as scheduled,
      sum(case when s.created_at < ${old} and (s.due_at is null or s.due_at <= ${now}) then 1 else 0 end) as stale
    from smpp_submits s
    join (select distinct profile_id, group_key from smpp_submits
      where state = 'held' and ((due_at is not null and due_at <= ${now})
        or (created_at < ${old} and (due_at is null or due_at <= ${now}))
        or (expires_at is not null and expires_at <= ${now}))) c
      on c.profile_id = s.profile_id and c.group_key = s.group_key
    where s.state = 'held'
    group by s.profile_id, s.group_key
    order by min(case when s.expires_at <= ${now} then s.expires_at when s.due_at is not null then s.due_at
      else s.created_at + ${HOLD_MS} end)
    limit ${TICK_GROUPS}`.execute(ctx.db);
  const due: DueHeld = { sends: [], expired: new Map(), neverWhole: new Map() };
  const add = (to: Map<number, string[]>, profileId: number, key: string) =>
    to.set(profileId, [...(to.get(profileId) ?? []), key]);
  for (const g of rows) {
    const profileId = Number(g.profile_id);
    const whole = Number(g.parts) >= Number(g.total);
    if (g.expires_at !== null && Number(g.expires_at) <= now) add(due.expired, profileId, g.group_key);
    else if (whole && Number(g.due_at) <= now && (Number(g.scheduled) > 0 || Number(g.stale) > 0)) {
      if (due.sends.length < TICK_SENDS) due.sends.push({ profileId, key: g.group_key });
    } else if (!whole && Number(g.stale) > 0) add(due.neverWhole, profileId, g.group_key);
  }
  return due;
}
