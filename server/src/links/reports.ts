import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { chunks } from '../db/queries';
import { NETWORK_LABELS, type Network } from '../../../src/domain/numbers/networks';
import type { ClickReport } from '../../../src/domain/contract/reports';

/** Clicks are shown an hour at a time. */
const HOUR_MS = 3_600_000;

/** The messages whose short links a message's report reads: its own, and a run's registration's. */
export const linkMessageIds = (message: { id: number; parent_id: number | null }): number[] =>
  message.parent_id === null ? [message.id] : [message.id, message.parent_id];

const labelOf = (network: string) => NETWORK_LABELS[network as Network] ?? network;

/**
 * The clicks of a message's short links (docs/product.md#short-links): clicks, unique clickers and the
 * click rate (of the recipients sent a link), by network and an hour at a time; null when it has none.
 */
export async function clickReport(db: Executor, messageIds: readonly number[]): Promise<ClickReport | null> {
  const linked = await db
    .selectFrom('short_link_counts')
    .select(['network', sql<number>`sum(recipients)`.as('n')])
    .where('message_id', 'in', messageIds)
    .groupBy('network')
    .execute();
  if (linked.length === 0) return null;
  const clicks = db.selectFrom('link_clicks').where('message_id', 'in', messageIds);
  const byNetwork = await clicks
    .select(['network', sql<number>`count(*)`.as('clicks'), sql<number>`count(distinct recipient_id)`.as('unique')])
    .groupBy('network')
    .execute();
  const [total] = await clicks
    .select([sql<number>`count(*)`.as('clicks'), sql<number>`count(distinct recipient_id)`.as('unique')])
    .execute();
  const hour = sql<number>`at - (at % ${sql.lit(HOUR_MS)})`;
  const overTime = await clicks
    .select([hour.as('hour'), sql<number>`count(*)`.as('clicks')])
    .groupBy(hour)
    .orderBy(hour)
    .execute();
  const recipients = linked.reduce((n, r) => n + Number(r.n), 0);
  const unique = Number(total?.unique ?? 0);
  return {
    recipients,
    clicks: Number(total?.clicks ?? 0),
    unique,
    rate: recipients > 0 ? unique / recipients : 0,
    networks: linked
      .map((l) => {
        const c = byNetwork.find((b) => b.network === l.network);
        return {
          network: l.network,
          label: labelOf(l.network),
          recipients: Number(l.n),
          clicks: Number(c?.clicks ?? 0),
          unique: Number(c?.unique ?? 0),
        };
      })
      .sort((a, b) => b.recipients - a.recipients || a.label.localeCompare(b.label)),
    overTime: overTime.map((t) => ({ at: new Date(Number(t.hour)).toISOString(), clicks: Number(t.clicks) })),
  };
}

/** The clicks of a message's recipients by index, and the first one's time: only those who clicked. */
export async function clicksByIndex(
  db: Executor,
  messageIds: readonly number[],
  indices: readonly number[],
): Promise<Map<number, { clicks: number; firstClickAt: number }>> {
  const found = new Map<number, { clicks: number; firstClickAt: number }>();
  for (const part of chunks([...new Set(indices)], 500)) {
    const rows = await db
      .selectFrom('link_clicks')
      .select(['recipient_index', sql<number>`count(*)`.as('clicks'), sql<number>`min(at)`.as('first')])
      .where('message_id', 'in', messageIds)
      .where('recipient_index', 'in', part)
      .groupBy('recipient_index')
      .execute();
    for (const r of rows) found.set(r.recipient_index, { clicks: Number(r.clicks), firstClickAt: Number(r.first) });
  }
  return found;
}

/** The indices of a message's recipients who clicked a short link of theirs at least once. */
export async function clickedIndices(db: Executor, messageIds: readonly number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('link_clicks')
    .select('recipient_index')
    .distinct()
    .where('message_id', 'in', messageIds)
    .execute();
  return new Set(rows.map((r) => r.recipient_index));
}

/** Whether a message's recipients were sent short links (the follow-up needs them). */
export async function hasShortLinks(db: Executor, messageIds: readonly number[]): Promise<boolean> {
  const row = await db
    .selectFrom('short_link_counts')
    .select('message_id')
    .where('message_id', 'in', messageIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The clicks of API messages (a batch's recipient by index), keyed `batch:index`: only those who clicked. */
export async function apiClicks(
  db: Executor,
  rows: readonly { batch_id: number; recipient_index: number }[],
): Promise<Map<string, { clicks: number; firstClickAt: number }>> {
  const byBatch = new Map<number, number[]>();
  for (const r of rows) byBatch.set(r.batch_id, [...(byBatch.get(r.batch_id) ?? []), r.recipient_index]);
  const found = new Map<string, { clicks: number; firstClickAt: number }>();
  for (const [batch, indices] of byBatch) {
    for (const [index, c] of await clicksByIndex(db, [batch], indices)) found.set(`${batch}:${index}`, c);
  }
  return found;
}
