import type { z } from './zod';
import type { ContactFields } from '../domain/contacts/contact-fields';
import { callGateway } from './http';
import { outcomeOf, type Outcome } from './answer-fields';
import { hasMoreOf } from '../domain/contract/fields';
import type { CallBody } from '../domain/contract/call';
import {
  CLIENT_GROUPS,
  CREATE_CONTACT,
  CREATE_GROUP,
  DELETE_CONTACTS,
  DELETE_GROUPS,
  GROUP_CONTACTS,
  IMPORT_CONTACTS,
  OWN_GROUPS,
  UPDATE_CONTACT,
  type ContactSchema,
  type GroupSchema,
} from '../domain/contract/phonebook';

/** A contact (docs/product.md#phone-books). */
export type Contact = z.infer<typeof ContactSchema>;
/** A phone book, with its newest contacts inline and all of them counted. */
export type Group = z.infer<typeof GroupSchema>;

/** groupsrequest: all the caller's own phone books. */
export async function fetchOwnGroups(token: string, profileId: number): Promise<Group[]> {
  return (await callGateway(OWN_GROUPS, { auth: token, body: { profile_id: profileId } })).groups;
}

export interface GroupsPage {
  groups: Group[];
  pageNum: number;
  hasMore: boolean;
}

/** allgroups: an admin's clients' phone books, paged and searchable. */
export async function fetchClientGroups(
  token: string,
  profileId: number,
  search: string,
  pageNum: number,
): Promise<GroupsPage> {
  const a = await callGateway(CLIENT_GROUPS, { auth: token, body: { profile_id: profileId, search, pageNum } });
  return { groups: a.groups, pageNum: a.pageNum, hasMore: hasMoreOf(a.hasMore, a.groups.length) };
}

export interface ContactsPage {
  contacts: Contact[];
  total: number;
  pageNum: number;
  hasMore: boolean;
}

/** groupcontacts' page: a book's newest contacts, as many as one book inlines in the phone book list at most. */
export const GROUP_CONTACTS_PAGE = 1000;

/** groupcontacts (reference gateway): one phone book's contacts, GROUP_CONTACTS_PAGE a page, for books larger than the inline part. */
export async function fetchGroupContacts(
  token: string,
  profileId: number,
  groupId: number,
  pageNum: number,
  search = '',
): Promise<ContactsPage> {
  const body = { profile_id: profileId, groupid: groupId, pageNum, search };
  const a = await callGateway(GROUP_CONTACTS, { auth: token, body });
  return { contacts: a.contacts, total: a.total, pageNum: a.pageNum, hasMore: hasMoreOf(a.hasMore, a.contacts.length) };
}

/** A row the gateway would not load: its number counts from the heading (row 1) of the rows sent. */
export type RejectedRow = { row: number; reason: string };

type WriteCall = typeof DELETE_GROUPS | typeof UPDATE_CONTACT | typeof DELETE_CONTACTS;

async function write<C extends WriteCall>(token: string, call: C, body: CallBody<C>): Promise<Outcome> {
  return outcomeOf(await callGateway(call, { auth: token, body }));
}

export async function createGroup(
  token: string,
  profileId: number,
  groupname: string,
): Promise<Outcome & { id: number }> {
  const a = await callGateway(CREATE_GROUP, { auth: token, body: { profile_id: profileId, groupname } });
  return { ...outcomeOf(a), id: a.id };
}

export const deleteGroups = (token: string, profileId: number, ids: readonly number[]) =>
  write(token, DELETE_GROUPS, { profile_id: profileId, arrayofgroups: [...ids] });

export async function createContact(
  token: string,
  profileId: number,
  groupname: string,
  contact: ContactFields,
): Promise<Outcome & { id: number }> {
  const a = await callGateway(CREATE_CONTACT, { auth: token, body: { profile_id: profileId, groupname, ...contact } });
  return { ...outcomeOf(a), id: a.id };
}

/** createcontactexel (the wire's spelling, docs/api.md#calls-and-answers): rows of a sheet into one phone book; some rows may be rejected. */
export async function importContacts(
  token: string,
  profileId: number,
  groupname: string,
  excelData: readonly Record<string, unknown>[],
): Promise<Outcome & { inserted: number; skipped: number; rejected: number; rejectedRows: RejectedRow[] }> {
  const body = { profile_id: profileId, groupname, excelData: [...excelData] };
  const a = await callGateway(IMPORT_CONTACTS, { auth: token, body, timeoutMs: 120_000 });
  const rejectedRows = (a.rejectedRows ?? []).map((r) => ({ row: r.row, reason: r.reason }));
  return { ...outcomeOf(a), inserted: a.inserted, skipped: a.skipped ?? 0, rejected: a.rejected, rejectedRows };
}

export const updateContact = (token: string, profileId: number, groupId: number, id: number, contact: ContactFields) =>
  write(token, UPDATE_CONTACT, { profile_id: profileId, groupid: groupId, id, ...contact });

export const deleteContacts = (token: string, profileId: number, ids: readonly number[]) =>
  write(token, DELETE_CONTACTS, { profile_id: profileId, arrayofContacts: [...ids] });
