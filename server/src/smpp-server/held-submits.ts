// A submit held in smpp_submits (docs/smpp.md#long-messages): a part of a long message, or a message
// scheduled. It is charged only when its message is whole and due (held-groups.ts), so what an account
// may hold is bounded as it comes: its credit, and HELD_PARTS_MAX parts waiting for their others.
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import { OVER_LIMIT } from '../sending/accept-singles';
import { measure } from '../sending/send-items';
import { balances, creditShort } from '../money/balance';
import { decodeText } from '../smpp/text-coding';
import { giveBackRate, takeRate } from './rate';
import { completeGroup, refuseGroups } from './held-groups';
import { messageIdOf, refusalOf, type SubmitAnswer, type SubmitRequest } from './submit-answers';

/**
 * Parts of long messages one account may hold waiting for their others (docs/smpp.md#long-messages);
 * a part past it is answered ESME_RMSGQFUL.
 */
export const HELD_PARTS_MAX = 1_000;

/** Held rows of the account (one a part or a whole message), counted no further than `limit`. */
async function heldRows(ctx: GatewayContext, profileId: number, limit: number, dueNow: number | null) {
  const row = await ctx.db
    .selectFrom((db) => {
      let q = db
        .selectFrom('smpp_submits')
        .select('id')
        .where('state', '=', 'held')
        .where('profile_id', '=', profileId);
      if (dueNow !== null) q = q.where((eb) => eb.or([eb('due_at', 'is', null), eb('due_at', '<=', dueNow)]));
      return q.limit(limit).as('h');
    })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether this part is the one its message's parts held wait for (it then frees their room). */
async function completes(ctx: GatewayContext, req: SubmitRequest, groupKey: string): Promise<boolean> {
  if (req.ref === null) return false;
  const seqs = await ctx.db
    .selectFrom('smpp_submits')
    .select('seq')
    .distinct()
    .where('state', '=', 'held')
    .where('profile_id', '=', req.profileId)
    .where('group_key', '=', groupKey)
    .execute();
  const have = new Set(seqs.map((r) => Number(r.seq)));
  return !have.has(req.seq) && have.size + 1 >= req.total;
}

/**
 * What an account may hold is bounded now (docs/smpp.md#sending): its text is measured as any
 * send's, the balance must cover its parts and a credit for each submit the account holds already,
 * and at most HELD_PARTS_MAX parts due now wait for their others. Null when it may be held.
 */
async function checkHeld(
  ctx: GatewayContext,
  req: SubmitRequest,
  groupKey: string,
  now: number,
): Promise<SubmitAnswer | null> {
  const scheduled = req.dueAt !== null && req.dueAt > now;
  const { parts } = measure(decodeText(req.dataCoding, req.bytes), req.dataCoding === 8);
  const { creditbalance } = await balances(ctx.db, req.profileId);
  // An empty part or message counts one credit all the same: each row held is one the balance covers.
  const needed =
    (await heldRows(ctx, req.profileId, Math.max(0, Math.floor(creditbalance)) + 1, null)) + Math.max(1, parts);
  if (needed > creditbalance)
    throw creditShort(
      needed,
      creditbalance,
      scheduled ? 'holding this scheduled message' : 'holding this part of a long message',
    );
  if (
    !scheduled &&
    (await heldRows(ctx, req.profileId, HELD_PARTS_MAX, now)) >= HELD_PARTS_MAX &&
    !(await completes(ctx, req, groupKey))
  )
    return {
      ok: false,
      status: 'ESME_RMSGQFUL',
      reason: `${HELD_PARTS_MAX} parts of long messages already wait for their others`,
    };
  return null;
}

/** The held row of a submit; its id, or the refusal when it could not be stored. */
async function storeHeld(ctx: GatewayContext, req: SubmitRequest, groupKey: string, now: number) {
  try {
    const row = await ctx.db
      .insertInto('smpp_submits')
      .values({
        profile_id: req.profileId,
        state: 'held',
        group_key: groupKey,
        seq: req.seq,
        total: req.total,
        source: req.source,
        destination: req.destination,
        data_coding: req.dataCoding,
        body: req.bytes.toString('base64'),
        registered_delivery: req.registeredDelivery,
        due_at: req.dueAt,
        expires_at: req.expiresAt,
        recipient_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    await giveBackRate(ctx.db, req.profileId, req.parts, now).catch(() => undefined);
    return refusalOf(ctx, error);
  }
}

/**
 * Stores a part (or a scheduled message) as held, and accepts its message when whole and due. Its
 * parts count for the account's throughput over every instance as it is taken, as a whole
 * submit's do (rate.ts); given back when it cannot be stored.
 */
export async function hold(ctx: GatewayContext, req: SubmitRequest): Promise<SubmitAnswer> {
  const now = ctx.now();
  const groupKey =
    req.ref === null ? `one:${randomUUID()}` : `${req.source}|${req.destination}|${req.ref}|${req.total}`;
  try {
    const refused = await checkHeld(ctx, req, groupKey, now);
    if (refused) return refused;
  } catch (error) {
    const refusal = refusalOf(ctx, error);
    // A part that cannot be paid for: its message never will be, and its parts held are rejected.
    if (!refusal.ok && req.ref !== null && refusal.status === 'ESME_RSUBMITFAIL')
      await refuseGroups(ctx, req.profileId, [groupKey], refusal.reason, 'REJECTD', '003').catch((e: unknown) =>
        ctx.reportError?.('SMPP held submits', e),
      );
    return refusal;
  }
  try {
    const [passed] = await takeRate(ctx.db, req.profileId, req.throughput, [req.parts], now);
    if (!passed) return { ok: false, status: 'ESME_RTHROTTLED', reason: OVER_LIMIT };
  } catch (error) {
    return refusalOf(ctx, error);
  }
  const id = await storeHeld(ctx, req, groupKey, now);
  if (typeof id !== 'number') return id;
  if (req.dueAt !== null && req.dueAt > now) return { ok: true, messageId: messageIdOf(id) };
  const outcome = await completeGroup(ctx, req.profileId, groupKey, id);
  if (outcome && !outcome.ok) return outcome;
  return { ok: true, messageId: messageIdOf(id) };
}
