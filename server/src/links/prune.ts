import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import { pruneInIdOrder } from '../db/prune-in-id-order';
import { yieldToLoop } from '../core/event-loop';
import { SHORT_LINK_GRACE_MS, SHORT_LINK_LIFETIME_MS } from '../../../src/domain/links/short-links';

/** Links a step of the sweep reads; those old enough are deleted 1,000 a statement. */
const PRUNE_STEP = 5000;
const DELETE_CHUNK = 1000;

/**
 * Deletes the links made before `before`, with no index of their times (a send of 100,000 would
 * write one entry a link): links are read in the order of their recipients' ids (`short_links_recipient`,
 * migration 050), which were given as the links were made, PRUNE_STEP a step with `between` awaited
 * after each, and the old ones of a step deleted; the sweep stops at the first step with none old
 * (db/prune-in-id-order.ts does the same by id). A recipient's links (one a web address of its text)
 * may go on past a step's end: the next step reads from that recipient again.
 */
async function pruneLinksBefore(db: Executor, before: number, between: () => Promise<void>): Promise<number> {
  let pruned = 0;
  let from = 0;
  for (;;) {
    const { rows: step } = await sql<{ code: string; recipient_id: number; created_at: number }>`select code,
      recipient_id, created_at from short_links where recipient_id >= ${from} order by recipient_id
      limit ${PRUNE_STEP}`.execute(db);
    const old = step.filter((l) => Number(l.created_at) < before).map((l) => l.code);
    if (old.length === 0) return pruned;
    for (let i = 0; i < old.length; i += DELETE_CHUNK) {
      await db
        .deleteFrom('short_links')
        .where('code', 'in', old.slice(i, i + DELETE_CHUNK))
        .execute();
    }
    pruned += old.length;
    if (step.length < PRUNE_STEP) return pruned;
    from = Number(step[step.length - 1]!.recipient_id);
    await between();
  }
}

/**
 * The hourly sweep of short links (docs/product.md#short-links): links past their 90 days and the
 * grace after them (SHORT_LINK_GRACE_MS) are deleted in steps, then their long URLs (each URL row's
 * links were all made when it was). Their clicks stay: the message's report counts them, and they
 * hold no number. `between` is awaited between steps (the yield to the event loop). A click the
 * `link.clicked` feed never took before its link went (the feed reads the link's URL) is marked
 * taken, so the feed's index does not keep it.
 */
export async function pruneShortLinks(
  ctx: GatewayContext,
  between: () => Promise<void> = yieldToLoop,
): Promise<{ links: number; urls: number }> {
  // A link is past its grace from created_at + lifetime + grace on (open.ts answers 404 from then).
  const before = ctx.now() - SHORT_LINK_LIFETIME_MS - SHORT_LINK_GRACE_MS + 1;
  const links = await pruneLinksBefore(ctx.db, before, between);
  const urls = await pruneInIdOrder(ctx.db, 'short_link_urls', before, between);
  await orphanedClicksTaken(ctx.db, ctx.now()).execute();
  return { links, urls };
}

/**
 * Marks taken the untaken clicks whose link is gone, read through the index of untaken clicks
 * (link_clicks_unhooked: a few rows, most taken within a second; its condition written as a literal,
 * so both databases see the query implies it, docs/architecture.md#lean-indexes).
 */
export function orphanedClicksTaken(db: Executor, now: number) {
  return db
    .updateTable('link_clicks')
    .set({ webhook_at: now })
    .where('webhook_at', '=', sql.lit(0))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('short_links as l').select('l.code').whereRef('l.code', '=', 'link_clicks.code'))),
    );
}
