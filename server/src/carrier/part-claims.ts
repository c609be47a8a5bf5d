import { sql, type QueryCreator } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { Database } from '../db/schema';
import { PART } from '../db/schema-carrier';
import { STAGE } from '../db/schema-messaging';
import { destinationAddress, splitForWire } from './sms-wire';

/** A part this instance holds (state 'claimed'): everything needed to put it on the wire. */
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
}

const PART_INSERT_CHUNK = 500;

const countBy = <T>(rows: readonly T[], key: (row: T) => number) => {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
};

/** A recipient's text and encoding: its own, or its message's when it has none (message-store.ts). */
function recipientText(r: {
  text: string | null;
  unicode: number | null;
  short_message: string | null;
  message_unicode: number | null;
}) {
  const text = r.text ?? r.short_message ?? '';
  const unicode = (r.text === null ? r.message_unicode : (r.unicode ?? r.message_unicode)) === 1;
  return { text, unicode };
}

/** The wire reference of a recipient's concatenated parts: the same on every rebuild. */
export const referenceOf = (recipientId: number | null, partId: number) => (recipientId ?? partId) & 0xff;

/**
 * Claims up to `limit` queued recipients for this instance: each becomes 'submitted' and gets its parts
 * as 'claimed' rows, in one transaction. `stage = queued` in the WHERE is the claim: a concurrent
 * instance gets nothing of what this one took.
 */
export async function claimRecipients(
  ctx: GatewayContext,
  connector: string,
  owner: string,
  limit: number,
): Promise<ClaimedPart[]> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    let select = trx
      .selectFrom('message_recipients as r')
      .innerJoin('messages as m', 'm.id', 'r.message_id')
      .select(['r.id', 'r.message_id', 'r.recipient_index', 'r.number', 'r.text', 'r.unicode'])
      .select(['m.short_message', 'm.unicode as message_unicode', 'm.source_address', 'm.job_id'])
      .where('r.stage', '=', STAGE.queued)
      .orderBy('r.id')
      .limit(limit);
    // PostgreSQL: another instance's claim in progress is skipped, not waited for or fought over.
    if (ctx.db.dialectName === 'postgres') select = select.forUpdate('r').skipLocked();
    const rows = await select.execute();
    if (rows.length === 0) return [];
    const done = await trx
      .updateTable('message_recipients')
      .set({ stage: STAGE.submitted, updated_at: now })
      .where('stage', '=', STAGE.queued)
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .returning('id')
      .execute();
    const claimed = new Set(done.map((d) => d.id));
    const mine = rows.filter((r) => claimed.has(r.id));
    const parts: Omit<ClaimedPart, 'id'>[] = [];
    for (const r of mine) {
      const { text, unicode } = recipientText(r);
      const total = splitForWire(text, unicode, 0).length;
      for (let seq = 1; seq <= total; seq += 1) {
        parts.push({
          recipientId: r.id,
          seq,
          total,
          to: r.number,
          from: r.source_address,
          text,
          unicode,
          messageId: r.message_id,
          jobId: r.job_id,
          recipientIndex: r.recipient_index,
        });
      }
    }
    const out: ClaimedPart[] = [];
    for (let i = 0; i < parts.length; i += PART_INSERT_CHUNK) {
      const slice = parts.slice(i, i + PART_INSERT_CHUNK);
      const ids = await trx
        .insertInto('carrier_parts')
        .values(
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
        )
        .returning('id')
        .execute();
      // Multi-row inserts return their ids in row order on both SQLite and PostgreSQL.
      slice.forEach((p, k) => out.push({ ...p, id: ids[k]!.id }));
    }
    for (const [messageId, n] of countBy(mine, (r) => r.message_id)) {
      await trx
        .updateTable('messages')
        .set((eb) => ({ submitted: eb('submitted', '+', n) }))
        .where('id', '=', messageId)
        .execute();
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
    .selectFrom('carrier_parts as p')
    .leftJoin('message_recipients as r', 'r.id', 'p.recipient_id')
    .leftJoin('messages as m', 'm.id', 'r.message_id')
    .select(['p.id', 'p.recipient_id', 'p.seq', 'p.total', 'p.number as own_number', 'p.sender', 'p.text as own_text'])
    .select(['r.message_id', 'r.recipient_index', 'r.number', 'r.text', 'r.unicode'])
    .select(['m.short_message', 'm.unicode as message_unicode', 'm.source_address', 'm.job_id'])
    .where(
      'p.id',
      'in',
      taken.map((p) => p.id),
    )
    .orderBy('p.id')
    .execute();
  return rows.map((p) => {
    const system = p.recipient_id === null;
    // A system text is plain: the wire split goes to UCS-2 by itself if it holds anything GSM lacks.
    const { text, unicode } = system ? { text: p.own_text ?? '', unicode: false } : recipientText(p);
    return {
      id: p.id,
      recipientId: p.recipient_id,
      seq: p.seq,
      total: p.total,
      to: system ? p.own_number : (p.number ?? ''),
      from: system ? p.sender : (p.source_address ?? ''),
      text,
      unicode,
      messageId: p.message_id,
      jobId: p.job_id,
      recipientIndex: p.recipient_index,
    };
  });
}

/** Queues a system text (sign-up or reset code) as loose parts: the next carrier step sends it. */
export async function queueSystemText(ctx: GatewayContext, to: string, from: string, text: string) {
  const total = splitForWire(text, false, 0).length;
  const now = ctx.now();
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
  await ctx.db.insertInto('carrier_parts').values(rows).execute();
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
    .where('id', 'in', ids)
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

/** Sets one text column per id in one statement (CASE works on SQLite and PostgreSQL alike). */
export function caseById(pairs: readonly (readonly [number, string])[]) {
  return sql<string>`case id ${sql.join(
    pairs.map(([id, value]) => sql`when ${id} then ${value}`),
    sql` `,
  )} end`;
}

/** The same for a number column (epoch ms): cast, as PostgreSQL types CASE of parameters as text. */
export function caseNumberById(pairs: readonly (readonly [number, number])[]) {
  return sql<number>`cast(case id ${sql.join(
    pairs.map(([id, value]) => sql`when ${id} then ${value}`),
    sql` `,
  )} end as bigint)`;
}
