import type { Executor } from '../db/database';

/**
 * An account's contacts with one number (a person's data: docs/compliance.md#a-persons-data), in any
 * of its stored forms, with the book each is in.
 */
export function contactsWithNumber(db: Executor, profileId: number, forms: readonly string[]) {
  return db
    .selectFrom('contacts')
    .innerJoin('groups', 'groups.id', 'contacts.group_id')
    .selectAll('contacts')
    .select('groups.groupname')
    .where('contacts.profile_id', '=', profileId)
    .where('contacts.phonenumber', 'in', [...forms])
    .orderBy('contacts.id')
    .execute();
}

/** Deletes an account's contacts with that number (an erasure); answers how many. */
export async function deleteContactsWithNumber(db: Executor, profileId: number, forms: readonly string[]) {
  const result = await db
    .deleteFrom('contacts')
    .where('profile_id', '=', profileId)
    .where('phonenumber', 'in', [...forms])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
