// One phone book's contacts mirrored on the device: only what changed is written, in steps a cheap phone takes.
import { ApiFailure } from '../api/api-failure';
import * as api from '../api/phonebook-api';
import * as store from '../db/phonebook-store';
import { account, refreshGroups, toContact } from './group-mirror';

/** Contacts stored so far and the number expected, while a book is mirrored. */
export type MirrorProgress = (stored: number, total: number) => void;

// One mirror run per book at a time: a second caller waits for the first, then runs with what it finds.
const running = new Map<number, Promise<void>>();
function oneAtATime(groupId: number, run: () => Promise<void>): Promise<void> {
  const next = (running.get(groupId) ?? Promise.resolve()).catch(() => {}).then(run);
  running.set(groupId, next);
  void next.finally(() => running.get(groupId) === next && running.delete(groupId)).catch(() => {});
  return next;
}

/** groupcontacts page 1; a gateway without it (or a book gone) answers 404 and the book list is refreshed instead. */
async function firstPage(
  token: string,
  profileId: number,
  groupId: number,
): Promise<(api.ContactsPage & { fetchedAt: number }) | null> {
  const fetchedAt = store.listStamp();
  try {
    return { ...(await api.fetchGroupContacts(token, profileId, groupId, 1)), fetchedAt };
  } catch (error) {
    if (error instanceof ApiFailure && error.httpStatus === 404) {
      await refreshGroups();
      return null;
    }
    throw error;
  }
}

/**
 * Goes through a book's pages (newest first) while `take` says so, storing what it takes WRITE_CHUNK rows
 * a write; the next page is fetched while the last rows are written. `onStored` gets the rows stored so far.
 */
async function eachPage(
  token: string,
  profileId: number,
  groupId: number,
  first: api.ContactsPage & { fetchedAt: number },
  take: (page: api.ContactsPage) => { rows: store.ContactInput[]; more: boolean },
  onStored?: (stored: number) => void,
): Promise<void> {
  let page: api.ContactsPage = first;
  let buffer: store.ContactInput[] = [];
  let stored = 0;
  let writing = Promise.resolve();
  for (let pageNum = 1; ; pageNum += 1) {
    const step = take(page);
    for (const row of step.rows) buffer.push(row);
    const more = step.more && page.hasMore && page.contacts.length > 0;
    const next = more ? api.fetchGroupContacts(token, profileId, groupId, pageNum + 1) : null;
    // A failed write rejects first; the fetch under way must not surface as an unhandled rejection.
    next?.catch(() => {});
    if (!next || buffer.length >= store.WRITE_CHUNK) {
      const rows = buffer;
      buffer = [];
      await writing; // one write at a time
      writing = store.mergeContacts(profileId, rows, first.fetchedAt).then(() => {
        stored += rows.length;
        onStored?.(stored);
      });
      writing.catch(() => {});
    }
    if (!next) return writing;
    page = await next;
  }
}

/** Every page merged (only changed rows written), then the rows the gateway no longer lists dropped. */
async function mirrorAllPages(
  profileId: number,
  token: string,
  groupId: number,
  first: api.ContactsPage & { fetchedAt: number },
  onProgress?: MirrorProgress,
): Promise<void> {
  // Contacts made while this runs get newer ids than any listed or stored now: they stay.
  const [newestStored = 0] = await store.newestContactIds(profileId, groupId, 1);
  const keepAbove = Math.max(first.contacts[0]?.id ?? 0, newestStored);
  const listed = new Set<number>();
  const take = (page: api.ContactsPage) => {
    const rows = page.contacts.map((c) => toContact(profileId, groupId, c));
    for (const c of rows) listed.add(c.id);
    return { rows, more: true };
  };
  await eachPage(token, profileId, groupId, first, take, (stored) => onProgress?.(stored, first.total));
  await store.dropContactsNotIn(profileId, groupId, listed, keepAbove);
  await store.setGroupContactCount(profileId, groupId, first.total);
}

/** Every contact of one phone book (the send form needs every number), only changed rows written. */
export function refreshGroupContacts(groupId: number, onProgress?: MirrorProgress): Promise<void> {
  return oneAtATime(groupId, async () => {
    const { profileId, token } = await account();
    const first = await firstPage(token, profileId, groupId);
    if (first) await mirrorAllPages(profileId, token, groupId, first, onProgress);
  });
}

/**
 * The group page's refresh: the newest page and the count tell whether the device's copy is whole; only
 * then are the other pages skipped, so reopening a 100,000-contact book costs one request, not a hundred.
 */
export function checkGroupContacts(groupId: number, onProgress?: MirrorProgress): Promise<void> {
  return oneAtATime(groupId, async () => {
    const { profileId, token } = await account();
    const first = await firstPage(token, profileId, groupId);
    if (!first) return;
    const [count, newest] = await Promise.all([
      store.countStoredContacts(profileId, groupId),
      store.newestContactIds(profileId, groupId, first.contacts.length),
    ]);
    const whole = count === first.total && first.contacts.every((c, i) => newest[i] === c.id);
    if (!whole) return mirrorAllPages(profileId, token, groupId, first, onProgress);
    await store.mergeContacts(
      profileId,
      first.contacts.map((c) => toContact(profileId, groupId, c)),
      first.fetchedAt,
    );
    await store.setGroupContactCount(profileId, groupId, first.total);
  });
}

/**
 * After an import: only the contacts newer than `newestBefore` (the device's newest before it), page by
 * page newest first, stopping at the first page that reaches what the device already holds.
 */
export function mirrorNewContacts(groupId: number, newestBefore: number, onProgress?: MirrorProgress): Promise<void> {
  return oneAtATime(groupId, async () => {
    const { profileId, token } = await account();
    const first = await firstPage(token, profileId, groupId);
    if (!first) return;
    const expected = Math.max(0, first.total - (await store.countStoredContacts(profileId, groupId)));
    const take = (page: api.ContactsPage) => {
      const rows = page.contacts.filter((c) => c.id > newestBefore).map((c) => toContact(profileId, groupId, c));
      return { rows, more: rows.length === page.contacts.length };
    };
    await eachPage(token, profileId, groupId, first, take, (stored) =>
      onProgress?.(stored, Math.max(expected, stored)),
    );
    await store.setGroupContactCount(profileId, groupId, first.total);
  });
}
