import type { Executor } from '../db/database';
import type { MessageRow } from '../db/schema-messaging';
import { refuse } from '../core/errors';
import { reachableRecipients } from '../messaging/recipient-numbers';
import { clickedIndices, clicksByIndex, hasShortLinks, linkMessageIds } from './reports';

export const NO_SHORT_LINKS =
  'This send has no short links, so nobody clicked or did not: shorten its links to follow up';

/**
 * The numbers of a send's recipients who clicked a short link of theirs, or (`clicked` false) did not
 * (docs/product.md#follow-up); opted-out and erased recipients are left out, each number given once.
 */
export async function followUpNumbers(db: Executor, message: MessageRow, clicked: boolean): Promise<string[]> {
  const ids = linkMessageIds(message);
  if (!(await hasShortLinks(db, ids))) throw refuse(NO_SHORT_LINKS);
  const clickers = await clickedIndices(db, ids);
  const recipients = await reachableRecipients(db, message.id);
  return recipients.filter((r) => clickers.has(r.recipient_index) === clicked).map((r) => r.number);
}

/** Status rows with their clicks (`index` is the recipient's): a send without short links gets none. */
export async function withClicks<R extends { index?: number | undefined }>(
  db: Executor,
  message: MessageRow,
  rows: readonly R[],
): Promise<(R & { clicks?: number })[]> {
  const ids = linkMessageIds(message);
  if (rows.length === 0 || !(await hasShortLinks(db, ids))) return [...rows];
  const indices = rows.flatMap((r) => (r.index === undefined ? [] : [r.index]));
  const clicks = await clicksByIndex(db, ids, indices);
  return rows.map((r) => (r.index === undefined ? r : { ...r, clicks: clicks.get(r.index)?.clicks ?? 0 }));
}
