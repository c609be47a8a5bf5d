import type { Executor } from '../db/database';
import { STAGE } from '../db/schema-messaging';
import { yieldToLoop } from '../core/event-loop';

// Deliveries held by the account's quiet hours (docs/product.md#quiet-hours): their recipients wait in
// the held stage, paid and PENDING, until the message's hold_until; then they are queued for the carrier.

/** Recipients queued by one statement: a 100,000-recipient delivery is released a chunk at a time. */
const RELEASE_CHUNK = 5000;

/**
 * How long a delivery stays due after its quiet hours end: a later batch of its send, started before the
 * end and stored after a release, is held too (sending/accept-send.ts) and released within this time.
 */
const LATE_BATCH_MS = 10 * 60_000;

/**
 * Queues the recipients of every held delivery whose quiet hours have ended; a delivery's hold is cleared
 * once it has been due for LATE_BATCH_MS. Each chunk moves only rows still held, so two instances
 * releasing together, or a release cut short by a crash and done again, queue each recipient once, and the
 * carrier's claim sends each queued one once.
 */
export async function releaseHeld(db: Executor, now: number): Promise<number> {
  const due = await db
    .selectFrom('messages')
    .select(['id', 'hold_until'])
    .where('hold_until', 'is not', null)
    .where('hold_until', '<=', now)
    .orderBy('hold_until')
    .limit(200)
    .execute();
  let released = 0;
  for (const { id, hold_until } of due) {
    for (;;) {
      const moved = Number(await queueChunk(db, id, now));
      released += moved;
      await yieldToLoop();
      if (moved < RELEASE_CHUNK) break;
    }
    if (Number(hold_until) <= now - LATE_BATCH_MS)
      await db.updateTable('messages').set({ hold_until: null }).where('id', '=', id).execute();
  }
  return released;
}

async function queueChunk(db: Executor, messageId: number, now: number) {
  const moved = await db
    .updateTable('message_recipients')
    .set({ stage: STAGE.queued, updated_at: now })
    .where('stage', '=', STAGE.held)
    .where(
      'id',
      'in',
      db
        .selectFrom('message_recipients')
        .select('id')
        .where('message_id', '=', messageId)
        .where('stage', '=', STAGE.held)
        .limit(RELEASE_CHUNK),
    )
    .executeTakeFirst();
  return moved.numUpdatedRows;
}

/** Holds a run just queued until the quiet hours end: its recipients wait in the held stage. */
export async function holdRun(db: Executor, runId: number, until: number, now: number): Promise<void> {
  await db.updateTable('messages').set({ hold_until: until }).where('id', '=', runId).execute();
  await db
    .updateTable('message_recipients')
    .set({ stage: STAGE.held, updated_at: now })
    .where('message_id', '=', runId)
    .where('stage', '=', STAGE.queued)
    .execute();
}
