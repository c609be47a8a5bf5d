import { db } from './db';
import type { StoredContact, StoredGroup } from './app-db';

/** The account's phone books as shown: own or clients', minus the ones deleted on the device. */
export async function readGroups(profileId: number, client = false): Promise<StoredGroup[]> {
  const rows = await db.groups.where('profile_id').equals(profileId).toArray();
  return rows
    .filter((g) => g.client === client && !g.pendingDelete)
    .sort((a, b) => b.setuptime.localeCompare(a.setuptime) || b.id - a.id);
}

/** A phone book's contacts as shown, newest first, minus those deleted on the device. */
export async function readContacts(profileId: number, groupId: number): Promise<StoredContact[]> {
  const rows = await db.contacts.where('[profile_id+group_id]').equals([profileId, groupId]).toArray();
  return rows.filter((c) => !c.pendingDelete).sort((a, b) => b.id - a.id);
}

/**
 * Replaces the mirror of the account's own (or clients') phone books with the gateway's list.
 * Rows deleted on the device and not yet confirmed stay hidden until the gateway answers.
 */
export async function replaceGroups(profileId: number, client: boolean, groups: readonly StoredGroup[]): Promise<void> {
  await db.transaction('rw', db.groups, async () => {
    const stored = await db.groups.where('profile_id').equals(profileId).toArray();
    const pending = new Set(stored.filter((g) => g.pendingDelete).map((g) => g.id));
    const fresh = new Set(groups.map((g) => g.id));
    const gone = stored
      .filter((g) => g.client === client && !fresh.has(g.id))
      .map((g) => [profileId, g.id] as [number, number]);
    await db.groups.bulkDelete(gone);
    await db.groups.bulkPut(groups.map((g) => (pending.has(g.id) ? { ...g, pendingDelete: true } : g)));
  });
}

/** Replaces a phone book's contacts with the gateway's complete list (pending deletions stay hidden). */
export async function replaceContacts(
  profileId: number,
  groupId: number,
  contacts: readonly StoredContact[],
): Promise<void> {
  await db.transaction('rw', db.contacts, async () => {
    const stored = await db.contacts.where('[profile_id+group_id]').equals([profileId, groupId]).toArray();
    const pending = new Set(stored.filter((c) => c.pendingDelete).map((c) => c.id));
    const fresh = new Set(contacts.map((c) => c.id));
    await db.contacts.bulkDelete(
      stored.filter((c) => !fresh.has(c.id)).map((c) => [profileId, c.id] as [number, number]),
    );
    await db.contacts.bulkPut(contacts.map((c) => (pending.has(c.id) ? { ...c, pendingDelete: true } : c)));
  });
}

export async function putContacts(contacts: readonly StoredContact[]): Promise<void> {
  await db.contacts.bulkPut(contacts as StoredContact[]);
}

/** SPEC 4: a deletion shows at once; `pending` false puts the rows back (the gateway refused). */
export async function markGroupsDeleted(profileId: number, ids: readonly number[], pending: boolean): Promise<void> {
  await db.groups.bulkUpdate(
    ids.map((id) => ({ key: [profileId, id] as [number, number], changes: { pendingDelete: pending } })),
  );
}

export async function markContactsDeleted(profileId: number, ids: readonly number[], pending: boolean): Promise<void> {
  await db.contacts.bulkUpdate(
    ids.map((id) => ({ key: [profileId, id] as [number, number], changes: { pendingDelete: pending } })),
  );
}

/** The gateway confirmed: the books and their contacts go for good. */
export async function removeGroups(profileId: number, ids: readonly number[]): Promise<void> {
  await db.transaction('rw', db.groups, db.contacts, async () => {
    await db.groups.bulkDelete(ids.map((id) => [profileId, id] as [number, number]));
    for (const id of ids) await db.contacts.where('[profile_id+group_id]').equals([profileId, id]).delete();
  });
}

export async function removeContacts(profileId: number, ids: readonly number[]): Promise<void> {
  await db.contacts.bulkDelete(ids.map((id) => [profileId, id] as [number, number]));
}

/** Deletions made on the device that the gateway has not confirmed yet (sent again when online). */
export async function pendingDeletions(profileId: number): Promise<{ groups: number[]; contacts: number[] }> {
  const [groups, contacts] = await Promise.all([
    db.groups
      .where('profile_id')
      .equals(profileId)
      .filter((g) => !!g.pendingDelete)
      .primaryKeys(),
    db.contacts
      .where('profile_id')
      .equals(profileId)
      .filter((c) => !!c.pendingDelete)
      .primaryKeys(),
  ]);
  return { groups: groups.map((k) => k[1]), contacts: contacts.map((k) => k[1]) };
}

export async function readGroup(profileId: number, groupId: number): Promise<StoredGroup | undefined> {
  return db.groups.get([profileId, groupId]);
}

/** Adds or updates books without touching the others (a page of an admin's clients' books). */
export async function putGroups(groups: readonly StoredGroup[]): Promise<void> {
  await db.groups.bulkPut(groups as StoredGroup[]);
}

/** The ids of a book's stored contacts (pending deletions included), newest first. */
export async function storedContactIds(profileId: number, groupId: number): Promise<number[]> {
  const keys = await db.contacts.where('[profile_id+group_id]').equals([profileId, groupId]).primaryKeys();
  return keys.map((k) => k[1]).sort((a, b) => b - a);
}

export async function readContact(profileId: number, id: number): Promise<StoredContact | undefined> {
  return db.contacts.get([profileId, id]);
}

export async function putContact(contact: StoredContact): Promise<void> {
  await db.contacts.put(contact);
}

/** The book's count as the gateway last said it (shown on its card). */
export async function setGroupContactCount(profileId: number, groupId: number, count: number): Promise<void> {
  await db.groups.update([profileId, groupId], { contactcount: count });
}
