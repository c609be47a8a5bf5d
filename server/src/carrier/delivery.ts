import type { GatewayContext } from '../core/context';
import { STAGE } from '../db/schema-messaging';
import { carrierStatusFor } from './carrier';

/** Rows per step: one short transaction each, so a 100,000-recipient send never holds the event loop long. */
export const CARRIER_CHUNK = 2000;
const CARRIER_LOG_CHUNK = 500;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function countBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

/** Hands up to `limit` queued recipients to the simulated carrier: logged in carrier_messages, awaiting its report. */
async function submitChunk(ctx: GatewayContext, limit: number): Promise<number> {
  const rows = await ctx.db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select([
      'r.id',
      'r.message_id',
      'r.recipient_index',
      'r.number',
      'r.text',
      'r.unicode',
      'r.parts',
      'm.short_message',
      'm.unicode as message_unicode',
      'm.source_address',
      'm.job_id',
    ])
    .where('r.stage', '=', STAGE.queued)
    .orderBy('r.id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  const now = ctx.now();
  const byVerdict = new Map<string, number[]>();
  for (const row of rows) {
    const verdict = carrierStatusFor(row.number);
    const ids = byVerdict.get(verdict) ?? [];
    ids.push(row.id);
    byVerdict.set(verdict, ids);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = new Set<number>();
    for (const [verdict, ids] of byVerdict) {
      // stage = queued in the WHERE makes this the claim: a concurrent tick (another instance) gets nothing.
      const done = await trx
        .updateTable('message_recipients')
        .set({ stage: STAGE.submitted, verdict, updated_at: now })
        .where('stage', '=', STAGE.queued)
        .where('id', 'in', ids)
        .returning('id')
        .execute();
      for (const d of done) claimed.add(d.id);
    }
    const mine = rows.filter((r) => claimed.has(r.id));
    for (let i = 0; i < mine.length; i += CARRIER_LOG_CHUNK) {
      const values = mine.slice(i, i + CARRIER_LOG_CHUNK).map((r) => ({
        to_number: r.number,
        from_id: r.source_address,
        // A recipient without its own text follows its message's text and encoding (message-store.ts).
        text: r.text ?? r.short_message,
        unicode: r.text === null ? r.message_unicode : (r.unicode ?? r.message_unicode),
        parts: r.parts,
        job_id: r.job_id,
        recipient_index: r.recipient_index,
        message_id: r.message_id,
        status: carrierStatusFor(r.number),
        created_at: now,
      }));
      await trx.insertInto('carrier_messages').values(values).execute();
    }
    for (const [messageId, n] of countBy(mine, (r) => r.message_id)) {
      await trx
        .updateTable('messages')
        .set((eb) => ({ submitted: eb('submitted', '+', n) }))
        .where('id', '=', messageId)
        .execute();
    }
  });
  return rows.length;
}

/** Delivery reports whose time has come: SENT or FAILED (a number ending 99 stays PENDING for good). */
async function reportChunk(ctx: GatewayContext, limit: number): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom('message_recipients')
    .select('id')
    .where('stage', '=', STAGE.submitted)
    .where('due_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (due.length === 0) return 0;
  await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('message_recipients')
      .set((eb) => ({ stage: STAGE.final, status: eb.ref('verdict'), updated_at: now }))
      .where('stage', '=', STAGE.submitted)
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .returning(['message_id', 'status'])
      .execute();
    const sent = countBy(
      done.filter((d) => d.status === 'SENT'),
      (d) => d.message_id,
    );
    const failed = countBy(
      done.filter((d) => d.status === 'FAILED'),
      (d) => d.message_id,
    );
    for (const messageId of new Set([...sent.keys(), ...failed.keys()])) {
      const s = sent.get(messageId) ?? 0;
      const f = failed.get(messageId) ?? 0;
      await trx
        .updateTable('messages')
        .set((eb) => ({ sent: eb('sent', '+', s), failed: eb('failed', '+', f) }))
        .where('id', '=', messageId)
        .execute();
    }
  });
  return due.length;
}

/**
 * One carrier step: submit what is queued, then deliver the reports that are due, chunk by chunk,
 * yielding to the event loop between chunks. background.ts calls it every 200 ms; tests call it directly.
 */
export async function tickCarrier(
  ctx: GatewayContext,
  options: { chunk?: number; maxChunks?: number } = {},
): Promise<number> {
  const chunk = options.chunk ?? CARRIER_CHUNK;
  // Each step has its own budget, so a long submission queue never starves the delivery reports.
  const budget = options.maxChunks ?? Number.POSITIVE_INFINITY;
  let total = 0;
  for (const step of [submitChunk, reportChunk]) {
    for (let chunks = 0; chunks < budget; chunks += 1) {
      const n = await step(ctx, chunk);
      total += n;
      if (n < chunk) break;
      await yieldToEventLoop();
    }
  }
  return total;
}
