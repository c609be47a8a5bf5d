// The account's phone books (and the contacts they carry inline) mirrored on the device.
import { ApiFailure } from '../api/api-failure';
import * as api from '../api/phonebook-api';
import type { Contact, Group } from '../api/phonebook-api';
import type { StoredGroup } from '../db/app-db';
import * as store from '../db/phonebook-store';
import { currentAccount } from '../db/session-store';

/** The signed-in account's profile and token: every phone-book call (the contact import's too) needs both. */
export async function account(): Promise<{ profileId: number; token: string }> {
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

export const toContact = (profileId: number, groupId: number, c: Contact): store.ContactInput => ({
  profile_id: profileId,
  id: c.id,
  group_id: c.groupid ?? groupId,
  firstname: c.firstname,
  middlename: c.middlename,
  surname: c.surname,
  email: c.email,
  phonenumber: c.phonenumber,
  birthday: c.birthday,
  consentsource: c.consentsource,
  consentdate: c.consentdate,
  referencekey: c.referencekey,
});

/**
 * The contacts each book came with; a book that came with fewer than its newest page (the answer's inline
 * budget was spent on newer books) gets that page through groupcontacts, unless the device already holds
 * as many contacts as the book has: the device keeps each book's newest page whole.
 */
async function mirrorInlineContacts(
  profileId: number,
  token: string,
  groups: readonly Group[],
  fetchedAt: number,
): Promise<void> {
  for (const g of groups) {
    const contacts = g.contacts.map((c) => toContact(profileId, g.id, c));
    // A book larger than its inline part is completed by checkGroupContacts when opened.
    if (contacts.length >= g.contactcount) await store.replaceContacts(profileId, g.id, contacts, fetchedAt);
    else await store.mergeContacts(profileId, contacts, fetchedAt);
    const short = contacts.length < Math.min(g.contactcount, api.GROUP_CONTACTS_PAGE);
    if (short && (await store.countStoredContacts(profileId, g.id)) !== g.contactcount)
      await mirrorNewestPage(profileId, token, g.id);
  }
}

/** groupcontacts page 1 in place of the inline part: the whole book when it fits, else merged. */
async function mirrorNewestPage(profileId: number, token: string, groupId: number): Promise<void> {
  const fetchedAt = store.listStamp();
  let page: api.ContactsPage;
  try {
    page = await api.fetchGroupContacts(token, profileId, groupId, 1);
  } catch (error) {
    // Deleted since the list was read: the next list drops it.
    if (error instanceof ApiFailure && error.httpStatus === 404) return;
    throw error;
  }
  const contacts = page.contacts.map((c) => toContact(profileId, groupId, c));
  if (!page.hasMore && contacts.length >= page.total)
    await store.replaceContacts(profileId, groupId, contacts, fetchedAt);
  else await store.mergeContacts(profileId, contacts, fetchedAt);
  await store.setGroupContactCount(profileId, groupId, page.total);
}

/** groupsrequest: the account's own phone books (and their contacts, as above) mirrored for offline use. */
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
  await mirrorInlineContacts(profileId, token, groups, fetchedAt);
}

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
    await mirrorInlineContacts(profileId, token, page.groups, fetchedAt);
    if (!page.hasMore || page.groups.length === 0) break;
  }
  await store.replaceGroups(profileId, true, rows, fetchedAt);
}
