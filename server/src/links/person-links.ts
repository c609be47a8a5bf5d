import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { chunks } from '../db/queries';

/**
 * A number's short links and clicks, for a person's data (docs/compliance.md#a-persons-data): the
 * recipients are the number's rows in the account's messages (messaging/person-messages.ts); a link
 * and its clicks name their recipient by id, and by its message and index.
 */

/** A recipient row of the number. */
export interface PersonRecipient {
  id: number;
  message_id: number;
  recipient_index: number;
}

/** The recipients' (message, index) pairs, by message: what the clicks' index reads. */
function byMessage(recipients: readonly PersonRecipient[]): Map<number, number[]> {
  const found = new Map<number, number[]>();
  for (const r of recipients) found.set(r.message_id, [...(found.get(r.message_id) ?? []), r.recipient_index]);
  return found;
}

/**
 * Deletes the recipients' short links and their clicks, in the erasure's transaction: a link's row
 * holds its recipient and its long URL, which may be personal (`?customer=0241234567`). A URL row
 * that other links name stays; one the erased links alone named goes. The codes are answered so the
 * redirect's cache forgets them once the erasure commits (open.ts `forgetLinks`). The report's count
 * of recipients sent a link (`short_link_counts`) still counts them: they were sent one.
 */
export async function eraseRecipientsLinks(
  db: Executor,
  profileId: number,
  recipients: readonly PersonRecipient[],
): Promise<{ codes: string[]; clicks: number }> {
  const codes: string[] = [];
  const urlUses = new Map<number, number>();
  for (const part of chunks(recipients.map((r) => r.id))) {
    const links = await db
      .deleteFrom('short_links')
      .where('recipient_id', 'in', part)
      .where('profile_id', '=', profileId)
      .returning(['code', 'url_id'])
      .execute();
    for (const l of links) {
      codes.push(l.code);
      if (Number(l.url_id) > 0) urlUses.set(Number(l.url_id), (urlUses.get(Number(l.url_id)) ?? 0) + 1);
    }
  }
  for (const [urlId, uses] of urlUses) {
    await db
      .updateTable('short_link_urls')
      .set({ links: sql<number>`links - ${uses}` })
      .where('id', '=', urlId)
      .execute();
  }
  for (const part of chunks([...urlUses.keys()])) {
    await db.deleteFrom('short_link_urls').where('id', 'in', part).where('links', '<=', 0).execute();
  }
  // Clicks outlive their links (prune.ts): found by the recipient, not by a link.
  let clicks = 0;
  for (const [messageId, indices] of byMessage(recipients)) {
    for (const part of chunks(indices)) {
      const deleted = await db
        .deleteFrom('link_clicks')
        .where('message_id', '=', messageId)
        .where('recipient_index', 'in', part)
        .where('profile_id', '=', profileId)
        .executeTakeFirst();
      clicks += Number(deleted.numDeletedRows);
    }
  }
  return { codes, clicks };
}

/** How many times each recipient clicked its short links, by recipient id (those who never did are left out). */
export async function clicksOfRecipients(
  db: Executor,
  profileId: number,
  recipients: readonly PersonRecipient[],
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (const [messageId, indices] of byMessage(recipients)) {
    for (const part of chunks(indices)) {
      const rows = await db
        .selectFrom('link_clicks')
        .select(['recipient_id', sql<number>`count(*)`.as('clicks')])
        .where('message_id', '=', messageId)
        .where('recipient_index', 'in', part)
        .where('profile_id', '=', profileId)
        .groupBy('recipient_id')
        .execute();
      for (const r of rows) found.set(Number(r.recipient_id), Number(r.clicks));
    }
  }
  return found;
}

/** The messages among these that were sent with short links (their rows get a click count). */
export async function messagesWithLinks(db: Executor, messageIds: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const part of chunks([...new Set(messageIds)])) {
    const rows = await db
      .selectFrom('short_link_counts')
      .select('message_id')
      .distinct()
      .where('message_id', 'in', part)
      .execute();
    for (const r of rows) found.add(Number(r.message_id));
  }
  return found;
}
