import type { QueryCreator } from 'kysely';
import type { GatewayContext } from '../../core/context';
import type { RecipientToSend } from '../../core/recipient-ledger';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/schema';
import { PART } from '../../db/schema-carrier';
import { padded, rowsToInsert } from '../../db/queries';
import { destinationAddress } from '../../smpp/addresses';
import { wireSegments } from '../../smpp/segments';

/** A part this instance holds (state 'claimed'): one wire segment, with everything needed to put it on the wire. */
export interface ClaimedPart {
  id: number;
  recipientId: number | null;
  seq: number;
  total: number;
  to: string;
  from: string;
  text: string;
  unicode: boolean;
  messageId: number | null;
  jobId: string | null;
  recipientIndex: number | null;
  /** When its recipient was accepted; null for a system text. */
  queuedAt: number | null;
}

const PART_INSERT_CHUNK = 500;
const PART_COLUMNS = {
  recipient_id: 'bigint',
  seq: 'bigint',
  total: 'bigint',
  connector: 'text',
  state: 'bigint',
  owner: 'text',
  to_number: 'text',
  updated_at: 'bigint',
} as const;

/** A recipient's fields on each of its parts. */
const ofRecipient = (r: RecipientToSend) => ({
  recipientId: r.id,
  to: r.number,
  from: r.from,
  text: r.text,
  unicode: r.unicode,
  messageId: r.messageId,
  jobId: r.jobId,
  recipientIndex: r.index,
  queuedAt: r.queuedAt,
});

/** The wire reference of a recipient's concatenated parts: the same on every rebuild. */
export const referenceOf = (recipientId: number | null, partId: number) => (recipientId ?? partId) & 0xff;

/**
 * Claims up to `limit` queued recipients for this instance (messaging marks them submitted, through the
 * context's ledger) and makes their parts, one per wire segment, as 'claimed' rows: one transaction.
 */
export async function claimRecipients(
  ctx: GatewayContext,
  connector: string,
  owner: string,
  limit: number,
): Promise<ClaimedPart[]> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const mine = await ctx.recipients.claimQueued(trx, ctx.db.dialectName, limit, now);
    const parts: Omit<ClaimedPart, 'id'>[] = [];
    for (const r of mine) {
      const total = wireSegments(r.text, r.unicode, 0).length;
      for (let seq = 1; seq <= total; seq += 1) parts.push({ ...ofRecipient(r), seq, total });
    }
    const out: ClaimedPart[] = [];
    for (let i = 0; i < parts.length; i += PART_INSERT_CHUNK) {
      const slice = parts.slice(i, i + PART_INSERT_CHUNK);
      const { columns, source } = rowsToInsert(
        ctx.db.dialectName,
        slice.map((p) => ({
          recipient_id: p.recipientId,
          seq: p.seq,
          total: p.total,
          connector,
          state: PART.claimed,
          owner,
          to_number: destinationAddress(p.to),
          updated_at: now,
        })),
        PART_COLUMNS,
      );
      const rows = await trx
        .insertInto('carrier_parts')
        .columns(columns)
        .expression(source)
        .returning(['id', 'recipient_id', 'seq'])
        .execute();
      const idOf = new Map(rows.map((r) => [`${r.recipient_id}:${r.seq}`, r.id]));
      for (const p of slice) out.push({ ...p, id: idOf.get(`${p.recipientId}:${p.seq}`)! });
    }
    return out;
  });
}

/**
 * Claims parts nobody holds: system texts, parts released by an instance that stopped, and the
 * never-written parts of an instance that died. They go out on this instance's connector.
 */
export async function claimLooseParts(
  ctx: GatewayContext,
  connector: string,
  owner: string,
  limit: number,
): Promise<ClaimedPart[]> {
  const loose = await ctx.db
    .selectFrom('carrier_parts')
    .select('id')
    .where('state', '=', PART.claimed)
    .where('owner', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (loose.length === 0) return [];
  const taken = await ctx.db
    .updateTable('carrier_parts')
    .set({ owner, connector, updated_at: ctx.now() })
    .where('state', '=', PART.claimed)
    .where('owner', 'is', null)
    .where(
      'id',
      'in',
      loose.map((p) => p.id),
    )
    .returning('id')
    .execute();
  if (taken.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('carrier_parts')
    .select(['id', 'recipient_id', 'seq', 'total', 'number', 'sender', 'text'])
    .where(
      'id',
      'in',
      taken.map((p) => p.id),
    )
    .orderBy('id')
    .execute();
  const recipientIds = [...new Set(rows.flatMap((p) => (p.recipient_id === null ? [] : [p.recipient_id])))];
  const recipients = new Map((await ctx.recipients.recipientsToSend(ctx.db, recipientIds)).map((r) => [r.id, r]));
  return rows.map((p) => {
    const recipient = p.recipient_id === null ? undefined : recipients.get(p.recipient_id);
    // A system text is plain: the wire split goes to UCS-2 by itself if it holds anything GSM lacks.
    const own = { text: p.text ?? '', unicode: false, to: p.number, from: p.sender, messageId: null, jobId: null };
    const fields = recipient
      ? ofRecipient(recipient)
      : { ...own, recipientId: p.recipient_id, recipientIndex: null, queuedAt: null };
    return { id: p.id, seq: p.seq, total: p.total, ...fields };
  });
}

/** Queues a system text (sign-up or reset code) as loose parts: the next carrier step sends it. */
export async function queueSystemText(db: Executor, now: number, to: string, from: string, text: string) {
  const total = wireSegments(text, false, 0).length;
  const rows = Array.from({ length: total }, (_, k) => ({
    recipient_id: null,
    seq: k + 1,
    total,
    connector: '',
    state: PART.claimed,
    owner: null,
    to_number: destinationAddress(to),
    number: to,
    sender: from,
    text,
    updated_at: now,
  }));
  await db.insertInto('carrier_parts').values(rows).execute();
}

/**
 * Saves parts as 'submitting' before they are written; returns the ids really marked (a part another
 * instance took over in the meantime is not this instance's to send).
 */
export async function markSubmitting(trx: Executor, owner: string, ids: readonly number[], now: number) {
  if (ids.length === 0) return new Set<number>();
  const done = await markSubmittingQuery(trx, owner, ids, now).execute();
  return new Set(done.map((d) => d.id));
}

/** The update behind markSubmitting, for a statement that does more in the same breath (part-outcomes.ts). */
export const markSubmittingQuery = (db: QueryCreator<Database>, owner: string, ids: readonly number[], now: number) =>
  db
    .updateTable('carrier_parts')
    .set({ state: PART.submitting, updated_at: now })
    .where('owner', '=', owner)
    .where('state', '=', PART.claimed)
    .where('id', 'in', padded(ids))
    .returning('id');

/** Gives back parts that were never written (the connector stopped): any instance may send them. */
export async function releaseParts(ctx: GatewayContext, owner: string, ids: readonly number[]) {
  for (let i = 0; i < ids.length; i += PART_INSERT_CHUNK) {
    await ctx.db
      .updateTable('carrier_parts')
      .set({ owner: null, updated_at: ctx.now() })
      .where('owner', '=', owner)
      .where('state', '=', PART.claimed)
      .where('id', 'in', ids.slice(i, i + PART_INSERT_CHUNK))
      .execute();
  }
}
