import type { Executor } from '../db/database';
import { maskedPhone } from '../../../src/domain/account/person-data';
import { suppress } from './suppression';

/**
 * The opt-out side of a person's data (docs/compliance.md#a-persons-data): the number's opt-out
 * record (kept on erasure, so it is never messaged again), its replies, and its opt-out link.
 */

export const optOutRecord = (db: Executor, profileId: number, canonical: string) =>
  db
    .selectFrom('optouts')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('number', '=', canonical)
    .executeTakeFirst();

/** Messages from the number matched to the account (STOP replies and others), oldest first. */
export const inboundFrom = (db: Executor, profileId: number, canonical: string) =>
  db
    .selectFrom('inbound_messages')
    .select(['id', 'to_address', 'text', 'kind', 'received_at'])
    .where('profile_id', '=', profileId)
    .where('from_number', '=', canonical)
    .orderBy('id')
    .execute();

/** Why an erasure put a number on the list: a note beside the reason 'manual'. */
export const ERASURE_NOTE = 'Data erased at the person’s request';

/**
 * An erasure's opt-out side: the number stays (or is put) on the account's list, its replies keep
 * their text but not the number, and its opt-out link is deleted (the number is on the list already,
 * so the link has nothing left to do). Answers the replies masked and whether the number was added.
 */
export async function eraseOptOutSide(db: Executor, profileId: number, canonical: string, by: number, now: number) {
  const { added } = await suppress(db, profileId, [canonical], 'manual', by, now, ERASURE_NOTE);
  const masked = await db
    .updateTable('inbound_messages')
    .set({ from_number: maskedPhone(canonical) })
    .where('profile_id', '=', profileId)
    .where('from_number', '=', canonical)
    .executeTakeFirst();
  await db.deleteFrom('optout_links').where('profile_id', '=', profileId).where('number', '=', canonical).execute();
  return { optOutAdded: added > 0, inboundMasked: Number(masked.numUpdatedRows) };
}
