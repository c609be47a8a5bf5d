import { sql } from 'kysely';
import type { Executor } from './database';

/** Rows a step of a sweep reads; those older are deleted 1,000 a statement. */
const PRUNE_STEP = 5000;
const DELETE_CHUNK = 1000;

/** The tables swept this way: appended in time order, so their ids follow their times. */
export type PrunedInIdOrder = 'recipient_events' | 'smpp_receipts' | 'smpp_submits' | 'short_link_urls';

/**
 * Deletes a table's rows created before `before`, with no index of their times (each row would write
 * one: docs/architecture.md "Lean indexes"): rows are read in id order, the order they were appended
 * and so nearly that of their times, PRUNE_STEP a step with `between` awaited after each (the caller's
 * yield to the event loop), and the old ones of a step deleted; the sweep stops at the first step
 * with none old. `skip` leaves rows out of the sweep (read past, never deleted). Returns how many it
 * deleted. The owning area calls it for its own table.
 */
export async function pruneInIdOrder(
  db: Executor,
  table: PrunedInIdOrder,
  before: number,
  between: () => Promise<void>,
  skip?: { column: string; value: string },
): Promise<number> {
  let pruned = 0;
  let after = 0;
  const kept = skip ? sql`and ${sql.ref(skip.column)} <> ${skip.value}` : sql``;
  for (;;) {
    const { rows: step } = await sql<{ id: number; created_at: number }>`select id, created_at
      from ${sql.table(table)} where id > ${after} ${kept} order by id limit ${PRUNE_STEP}`.execute(db);
    const old = step.filter((r) => Number(r.created_at) < before).map((r) => Number(r.id));
    if (old.length === 0) return pruned;
    for (let i = 0; i < old.length; i += DELETE_CHUNK) {
      const ids = old.slice(i, i + DELETE_CHUNK);
      await sql`delete from ${sql.table(table)} where id in (${sql.join(ids)})`.execute(db);
    }
    pruned += old.length;
    if (step.length < PRUNE_STEP) return pruned;
    after = Number(step[step.length - 1]!.id);
    await between();
  }
}
