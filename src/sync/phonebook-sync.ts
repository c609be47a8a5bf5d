import { ApiFailure } from '../api/api-failure';
import * as api from '../api/phonebook-api';
import type { Outcome } from '../api/answer-fields';
import type { Contact, Group } from '../api/phonebook-api';
import type { ContactFields } from '../domain/contact-fields';
import type { StoredGroup } from '../db/app-db';
import * as store from '../db/phonebook-store';
import { currentAccount } from '../db/session-store';
import { emitAlert } from './alerts-bus';
import { describeFailure } from './failures';

async function account(): Promise<{ profileId: number; token: string }> {
  const found = await currentAccount();
  if (!found) throw new Error('Sign in to see your phone books');
  return { profileId: found.user.profile_id, token: found.session.token };
}

const toGroup = (profileId: number, g: Group, client: boolean): StoredGroup => ({
  profile_id: profileId,
  id: g.id,
  groupname: g.groupname,
  username: g.username,
  setuptime: g.setuptime,
  contactcount: g.contactcount,
  client,
});

const toContact = (profileId: number, groupId: number, c: Contact): store.ContactInput => ({
  profile_id: profileId,
  id: c.id,
  group_id: c.groupid ?? groupId,
  firstname: c.firstname,
  middlename: c.middlename,
  surname: c.surname,
  email: c.email,
  phonenumber: c.phonenumber,
  birthday: c.birthday,
  referencekey: c.referencekey,
});

async function mirrorInlineContacts(profileId: number, groups: readonly Group[], fetchedAt: number): Promise<void> {
  for (const g of groups) {
    const contacts = g.contacts.map((c) => toContact(profileId, g.id, c));
    // A book larger than its inline part is completed by checkGroupContacts when opened.
    if (contacts.length >= g.contactcount) await store.replaceContacts(profileId, g.id, contacts, fetchedAt);
    else await store.mergeContacts(profileId, contacts, fetchedAt);
  }
}

/** groupsrequest: the account's own phone books (and their inline contacts) mirrored for offline use. */
export async function refreshGroups(): Promise<void> {
  const { profileId, token } = await account();
  // Deletions the gateway confirms while this list is on its way must not come back with it.
  const fetchedAt = store.listStamp();
  const groups = await api.fetchOwnGroups(token, profileId);
  await store.replaceGroups(
    profileId,
    false,
    groups.map((g) => toGroup(profileId, g, false)),
    fetchedAt,
  );
  await mirrorInlineContacts(profileId, groups, fetchedAt);
}

/** The signed-in account's profile and token, for the contact import too. */
export const phonebookAccount = account;

/** Client books read a page at a time; an admin with more than this many pages sees the newest. */
const MAX_CLIENT_PAGES = 50;

/** allgroups: every page of an admin's clients' phone books, mirrored (read-only) for search and offline use. */
export async function loadAllClientGroups(): Promise<void> {
  const { profileId, token } = await account();
  const rows: StoredGroup[] = [];
  const fetchedAt = store.listStamp();
  for (let pageNum = 1; pageNum <= MAX_CLIENT_PAGES; pageNum += 1) {
    const page = await api.fetchClientGroups(token, profileId, '', pageNum);
    rows.push(...page.groups.map((g) => toGroup(profileId, g, true)));
    await mirrorInlineContacts(profileId, page.groups, fetchedAt);
    if (!page.hasMore || page.groups.length === 0) break;
  }
  await store.replaceGroups(profileId, true, rows, fetchedAt);
}

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

type Deletion = {
  mark: (profileId: number, ids: readonly number[], pending: boolean) => Promise<void>;
  remove: (profileId: number, ids: readonly number[]) => Promise<void>;
  send: (token: string, profileId: number, ids: readonly number[]) => Promise<Outcome>;
};

const GROUPS: Deletion = { mark: store.markGroupsDeleted, remove: store.removeGroups, send: api.deleteGroups };
const CONTACTS: Deletion = { mark: store.markContactsDeleted, remove: store.removeContacts, send: api.deleteContacts };

export type DeleteOutcome = 'deleted' | 'refused' | 'pending';

// SPEC 4: gone from the screen at once, then sent; a refusal puts the rows back and says why.
async function deleteRows(kind: Deletion, ids: readonly number[], alertOnSuccess: boolean): Promise<DeleteOutcome> {
  if (ids.length === 0) return 'deleted';
  const { profileId, token } = await account();
  await kind.mark(profileId, ids, true);
  try {
    const outcome = await kind.send(token, profileId, ids);
    await kind.remove(profileId, ids);
    if (alertOnSuccess && outcome.message) emitAlert({ message: outcome.message, status: 'successful' });
    return 'deleted';
  } catch (error) {
    // No answer (offline) or a signed-out session: the deletion stays queued on the device.
    if (
      !(error instanceof ApiFailure) ||
      error.kind === 'network' ||
      error.kind === 'timeout' ||
      error.kind === 'invalid-token'
    ) {
      return 'pending';
    }
    await kind.mark(profileId, ids, false);
    const view = describeFailure(error);
    emitAlert({ message: view.message, severity: view.severity });
    return 'refused';
  }
}

export const deleteGroups = (ids: readonly number[]) => deleteRows(GROUPS, ids, true);
export const deleteContacts = (ids: readonly number[]) => deleteRows(CONTACTS, ids, true);

/** Sends the deletions made offline (on start and when the network returns). */
export async function flushPendingDeletions(): Promise<void> {
  const found = await currentAccount();
  if (!found) return;
  const pending = await store.pendingDeletions(found.user.profile_id);
  await deleteRows(GROUPS, pending.groups, false);
  await deleteRows(CONTACTS, pending.contacts, false);
}

export type WriteResult = { ok: true; message: string } | { ok: false; message: string };

// Writes need the gateway (it gives ids and checks the fields); the mirror is refreshed after.
async function write(
  call: (token: string, profileId: number) => Promise<Outcome>,
  after: () => Promise<void>,
): Promise<WriteResult> {
  const { profileId, token } = await account();
  try {
    const outcome = await call(token, profileId);
    await after().catch(() => {});
    emitAlert({ message: outcome.message, status: 'successful' });
    return { ok: true, message: outcome.message };
  } catch (error) {
    const view = describeFailure(error);
    emitAlert({ message: view.message, severity: view.severity });
    return { ok: false, message: view.message };
  }
}

export const createGroup = (groupname: string) => write((t, p) => api.createGroup(t, p, groupname), refreshGroups);

/** createcontact; the new contact (with the gateway's id) goes into the device's copy, the book's count follows. */
export async function createContact(groupId: number, groupname: string, contact: ContactFields): Promise<WriteResult> {
  let id = 0;
  return write(
    async (t, p) => {
      const outcome = await api.createContact(t, p, groupname, contact);
      id = outcome.id;
      return outcome;
    },
    async () => {
      const { profileId } = await account();
      if (id > 0)
        await store.putContact({ profile_id: profileId, id, group_id: groupId, referencekey: '', ...contact });
      const group = await store.readGroup(profileId, groupId);
      if (group && id > 0) await store.setGroupContactCount(profileId, groupId, group.contactcount + 1);
    },
  );
}

/** updatecontact; the device's copy changes once the gateway has accepted it (an edit is never kept on the device only). */
export const updateContact = (groupId: number, id: number, contact: ContactFields) =>
  write(
    (t, p) => api.updateContact(t, p, groupId, id, contact),
    async () => {
      const { profileId } = await account();
      const before = await store.readContact(profileId, id);
      if (before) await store.putContact({ ...before, ...contact });
    },
  );

/** Sends offline deletions now and whenever the network returns; returns the stop function. */
export function startPhonebookSync(): () => void {
  const flush = () => void flushPendingDeletions().catch(() => {});
  window.addEventListener('online', flush);
  flush();
  return () => window.removeEventListener('online', flush);
}
