import Dexie from 'dexie';
import { db } from './db';
import { contactSearchText } from '../domain/contacts/phonebook';
import type { StoredContact, StoredGroup } from './app-db';

/** The account's phone books as shown: own or clients', minus the ones deleted on the device. */
export async function readGroups(profileId: number, client = false): Promise<StoredGroup[]> {
  const rows = await db.groups.where('profile_id').equals(profileId).toArray();
  return rows
    .filter((g) => g.client === client && !g.pendingDelete)
    .sort((a, b) => b.setuptime.localeCompare(a.setuptime) || b.id - a.id);
}

/**
 * When the gateway confirmed a deletion, on a clock of this app run: a list fetched before that moment must
 * not bring the row back (a list fetched after it no longer holds it; a reload starts a new run).
 */
let clock = 0;
const confirmedGone = { groups: new Map<string, number>(), contacts: new Map<string, number>() };
const goneKey = (profileId: number, id: number) => `${profileId}:${id}`;

/** Taken just before a list is fetched, and given with its rows to the writes below. */
export const listStamp = () => ++clock;

const goneSince = (gone: Map<string, number>, profileId: number, id: number, fetchedAt: number) =>
  (gone.get(goneKey(profileId, id)) ?? -Infinity) > fetchedAt;
const bookGone = (profileId: number, groupId: number, fetchedAt: number) =>
  goneSince(confirmedGone.groups, profileId, groupId, fetchedAt);
const contactGone = (c: ContactInput, fetchedAt: number) =>
  goneSince(confirmedGone.contacts, c.profile_id, c.id, fetchedAt) || bookGone(c.profile_id, c.group_id, fetchedAt);

/** A book's contacts with ids from `low` to `high` (all of them by default), in id order. */
const bookRange = (profileId: number, groupId: number, low = -Infinity, high = Infinity) =>
  db.contacts
    .where('[profile_id+group_id+id]')
    .between([profileId, groupId, low], [profileId, groupId, high], true, true);

/** A contact as the gateway gives it: the store adds the search text and keeps the pending flag. */
export type ContactInput = Omit<StoredContact, 'search' | 'pendingDelete'>;

export const withSearch = (c: ContactInput): StoredContact => ({ ...c, search: contactSearchText(c) });

/** Rows a read step handles: small enough that no step holds the page for long on a cheap phone. */
export const CONTACT_CHUNK = 1000;
/** Rows a write transaction takes (each transaction costs a commit), copied PUT_STEP a task. */
export const WRITE_CHUNK = 5000;
const PUT_STEP = 250;

/** Every stored contact of a book (pending deletions included), oldest first, read in id ranges of CONTACT_CHUNK. */
export async function readBook(profileId: number, groupId: number): Promise<StoredContact[]> {
  const rows: StoredContact[] = [];
  let after = -Infinity;
  for (;;) {
    // getAll over a key range: each part is deserialised in its own task, never 100,000 rows at once.
    const part = await db.contacts
      .where('[profile_id+group_id+id]')
      .between([profileId, groupId, after], [profileId, groupId, Infinity], false, true)
      .limit(CONTACT_CHUNK)
      .toArray();
    for (const c of part) rows.push(c);
    if (part.length < CONTACT_CHUNK) return rows;
    after = part[part.length - 1]!.id;
  }
}

/** A phone book's contacts as shown, newest first, minus those deleted on the device. */
export async function readContacts(profileId: number, groupId: number): Promise<StoredContact[]> {
  return (await readBook(profileId, groupId)).filter((c) => !c.pendingDelete).reverse();
}

/**
 * Replaces the mirror of the account's own (or clients') phone books with the gateway's list.
 * Rows deleted on the device and not yet confirmed stay hidden until the gateway answers.
 */
export async function replaceGroups(
  profileId: number,
  client: boolean,
  groups: readonly StoredGroup[],
  fetchedAt = listStamp(),
): Promise<void> {
  await db.transaction('rw', db.groups, async () => {
    const stored = await db.groups.where('profile_id').equals(profileId).toArray();
    const pending = new Set(stored.filter((g) => g.pendingDelete).map((g) => g.id));
    const fresh = new Set(groups.map((g) => g.id));
    const gone = stored
      .filter((g) => g.client === client && !fresh.has(g.id))
      .map((g) => [profileId, g.id] as [number, number]);
    await db.groups.bulkDelete(gone);
    const kept = groups.filter((g) => !bookGone(profileId, g.id, fetchedAt));
    await db.groups.bulkPut(kept.map((g) => (pending.has(g.id) ? { ...g, pendingDelete: 1 as const } : g)));
  });
}

const sameContact = (a: StoredContact, b: ContactInput) =>
  a.group_id === b.group_id &&
  a.firstname === b.firstname &&
  a.middlename === b.middlename &&
  a.surname === b.surname &&
  a.email === b.email &&
  a.phonenumber === b.phonenumber &&
  a.birthday === b.birthday &&
  a.referencekey === b.referencekey &&
  a.consentsource === b.consentsource &&
  a.consentdate === b.consentdate &&
  a.search !== undefined;

/**
 * The stored rows a part of the gateway's list may replace: the book's rows over the part's id span (one
 * range read, not a read per contact) and any row of the part pending deletion, found by its index.
 */
async function storedFor(profileId: number, part: readonly ContactInput[]): Promise<Map<number, StoredContact>> {
  const byBook = new Map<number, number[]>();
  for (const c of part) {
    const ids = byBook.get(c.group_id);
    if (ids) ids.push(c.id);
    else byBook.set(c.group_id, [c.id]);
  }
  const found = new Map<number, StoredContact>();
  for (const [groupId, ids] of byBook) {
    const rows = await bookRange(profileId, groupId, Math.min(...ids), Math.max(...ids)).toArray();
    for (const row of rows) found.set(row.id, row);
  }
  const ids = new Set(part.map((c) => c.id));
  const pending = await db.contacts.where('[profile_id+pendingDelete]').equals([profileId, 1]).toArray();
  for (const row of pending) if (ids.has(row.id)) found.set(row.id, row);
  return found;
}

/**
 * Writes the gateway's rows that differ from the device's (every IndexedDB write costs, so an unchanged
 * book costs reads only). A contact deleted on the device stays deleted (never resurrected). Returns rows written.
 */
export async function mergeContacts(
  profileId: number,
  contacts: readonly ContactInput[],
  fetchedAt = listStamp(),
): Promise<number> {
  let written = 0;
  for (let from = 0; from < contacts.length; from += WRITE_CHUNK) {
    const part = contacts.slice(from, from + WRITE_CHUNK).filter((c) => !contactGone(c, fetchedAt));
    written += await db.transaction('rw', db.contacts, async () => {
      const stored = new Map<number, StoredContact>();
      for (let at = 0; at < part.length; at += CONTACT_CHUNK)
        for (const [id, row] of await storedFor(profileId, part.slice(at, at + CONTACT_CHUNK))) stored.set(id, row);
      const changed = part.filter((c) => {
        const old = stored.get(c.id);
        return !old || !sameContact(old, c);
      });
      // Rows are copied for IndexedDB on the page's thread: a few hundred a task, each step awaited.
      for (let at = 0; at < changed.length; at += PUT_STEP) {
        const rows = changed.slice(at, at + PUT_STEP).map((c) => {
          const row = withSearch(c);
          return stored.get(c.id)?.pendingDelete ? { ...row, pendingDelete: 1 as const } : row;
        });
        await db.contacts.bulkPut(rows);
      }
      return changed.length;
    });
  }
  return written;
}

/**
 * Removes the book's stored contacts the gateway no longer lists, but not those newer than `keepAbove`
 * (made while the list was being read). Returns how many went.
 */
export async function dropContactsNotIn(
  profileId: number,
  groupId: number,
  listed: ReadonlySet<number>,
  keepAbove = Infinity,
): Promise<number> {
  const keys = await bookRange(profileId, groupId).primaryKeys();
  const gone = keys.filter(([, id]) => !listed.has(id) && id <= keepAbove);
  for (let from = 0; from < gone.length; from += CONTACT_CHUNK)
    await db.contacts.bulkDelete(gone.slice(from, from + CONTACT_CHUNK));
  return gone.length;
}

/** The book's contacts become the gateway's complete list: changed rows written, missing ones dropped, pending deletions kept. */
export async function replaceContacts(
  profileId: number,
  groupId: number,
  contacts: readonly ContactInput[],
  fetchedAt = listStamp(),
): Promise<void> {
  await mergeContacts(profileId, contacts, fetchedAt);
  await dropContactsNotIn(profileId, groupId, new Set(contacts.map((c) => c.id)));
}

// Dexie removes a property updated to undefined, so a put-back row leaves the pending index.
const pendingChange = (pending: boolean) => ({ pendingDelete: pending ? (1 as const) : undefined });

/** A deletion shows at once (docs/product.md#phone-books); `pending` false puts the rows back (the gateway refused). */
export async function markGroupsDeleted(profileId: number, ids: readonly number[], pending: boolean): Promise<void> {
  await db.groups.bulkUpdate(
    ids.map((id) => ({ key: [profileId, id] as [number, number], changes: pendingChange(pending) })),
  );
}

export async function markContactsDeleted(profileId: number, ids: readonly number[], pending: boolean): Promise<void> {
  await db.contacts.bulkUpdate(
    ids.map((id) => ({ key: [profileId, id] as [number, number], changes: pendingChange(pending) })),
  );
}

/** The gateway confirmed: the books and their contacts go for good. */
export async function removeGroups(profileId: number, ids: readonly number[]): Promise<void> {
  const at = ++clock;
  for (const id of ids) confirmedGone.groups.set(goneKey(profileId, id), at);
  await db.transaction('rw', db.groups, db.contacts, async () => {
    await db.groups.bulkDelete(ids.map((id) => [profileId, id] as [number, number]));
    for (const id of ids) await bookRange(profileId, id).delete();
  });
}

export async function removeContacts(profileId: number, ids: readonly number[]): Promise<void> {
  const at = ++clock;
  for (const id of ids) confirmedGone.contacts.set(goneKey(profileId, id), at);
  await db.contacts.bulkDelete(ids.map((id) => [profileId, id] as [number, number]));
}

/** Deletions made on the device that the gateway has not confirmed yet (sent again when online). */
export async function pendingDeletions(profileId: number): Promise<{ groups: number[]; contacts: number[] }> {
  const [groups, contacts] = await Promise.all([
    db.groups.where('[profile_id+pendingDelete]').equals([profileId, 1]).primaryKeys(),
    db.contacts.where('[profile_id+pendingDelete]').equals([profileId, 1]).primaryKeys(),
  ]);
  return { groups: groups.map((k) => k[1]), contacts: contacts.map((k) => k[1]) };
}

export async function readGroup(profileId: number, groupId: number): Promise<StoredGroup | undefined> {
  return db.groups.get([profileId, groupId]);
}

/** The ids of a book's newest stored contacts (pending deletions included), newest first. */
export async function newestContactIds(profileId: number, groupId: number, limit: number): Promise<number[]> {
  const keys = await bookRange(profileId, groupId).reverse().limit(limit).primaryKeys();
  return keys.map((k) => k[1]);
}

/** How many contacts of a book the device holds (pending deletions included). */
export async function countStoredContacts(profileId: number, groupId: number): Promise<number> {
  return bookRange(profileId, groupId).count();
}

export async function readContact(profileId: number, id: number): Promise<StoredContact | undefined> {
  return db.contacts.get([profileId, id]);
}

export async function putContact(contact: ContactInput): Promise<void> {
  await db.contacts.put(withSearch(contact));
}

/** The book's count as the gateway last said it (shown on its card). */
export async function setGroupContactCount(profileId: number, groupId: number, count: number): Promise<void> {
  await db.groups.update([profileId, groupId], { contactcount: count });
}

/** Calls `listener` after any write to the stored contacts (this tab or another); returns the unsubscribe. */
export function onContactsChanged(listener: () => void): () => void {
  const table = `idb://${db.name}/contacts/`;
  const handler = (parts: Record<string, unknown>) => {
    if (Object.keys(parts).some((part) => part.startsWith(table))) listener();
  };
  Dexie.on('storagemutated', handler);
  return () => Dexie.on('storagemutated').unsubscribe(handler);
}

/** Drops the account's stored contacts with one of these numbers (a person's data erased at the gateway). */
export async function dropContactsWithNumbers(profileId: number, numbers: ReadonlySet<string>): Promise<void> {
  await db.contacts
    .where('profile_id')
    .equals(profileId)
    .filter((c) => numbers.has(c.phonenumber))
    .delete();
}
