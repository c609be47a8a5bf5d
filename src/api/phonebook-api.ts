import { z } from './zod';
import { FRONTEND_PATH } from '../domain/api-paths';
import type { ContactFields } from '../domain/contact-fields';
import { request } from './http';
import { OutcomeSchema, outcomeOf, type Outcome } from './answer-fields';
import { hasMoreOf, intId, num, pageFields, shownText as text } from '../domain/contract/fields';

/** A contact (docs/product.md#phone-books). */
const ContactSchema = z.looseObject({
  id: intId,
  groupid: intId.optional().catch(undefined),
  firstname: text,
  middlename: text,
  surname: text,
  email: text,
  phonenumber: text,
  birthday: text,
  referencekey: text,
});
export type Contact = z.infer<typeof ContactSchema>;

/**
 * A phone book (group); the gateway inlines a book's newest contacts (at most a page, and fewer, or none, once
 * its answer's budget is spent) and counts them all in `contactcount`.
 */
const GroupSchema = z
  .looseObject({
    id: intId,
    groupname: text,
    username: text,
    setuptime: text,
    contactcount: z.union([z.number(), z.string()]).optional(),
    contacts: z
      .array(ContactSchema)
      .nullish()
      .transform((v) => v ?? []),
  })
  .transform((g) => ({
    ...g,
    contactcount: g.contactcount === undefined ? g.contacts.length : Number(g.contactcount) || 0,
  }));
export type Group = z.infer<typeof GroupSchema>;

const GroupsAnswerSchema = z.object({ groups: z.array(GroupSchema) });
const GroupsPageSchema = z.object({ groups: z.array(GroupSchema), ...pageFields });
const ContactsPageSchema = z.object({ contacts: z.array(ContactSchema), total: num, ...pageFields });

const call = (name: string) => FRONTEND_PATH + name;

/** groupsrequest: all the caller's own phone books. */
export async function fetchOwnGroups(token: string, profileId: number): Promise<Group[]> {
  return (
    await request({
      path: call('groupsrequest'),
      auth: token,
      body: { profile_id: profileId },
      schema: GroupsAnswerSchema,
    })
  ).groups;
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
  const a = await request({
    path: call('allgroups'),
    auth: token,
    body: { profile_id: profileId, search, pageNum },
    schema: GroupsPageSchema,
  });
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
  const a = await request({ path: call('groupcontacts'), auth: token, body, schema: ContactsPageSchema });
  return { contacts: a.contacts, total: a.total, pageNum: a.pageNum, hasMore: hasMoreOf(a.hasMore, a.contacts.length) };
}

const CreatedSchema = OutcomeSchema.extend({ id: num });
const RejectedRowSchema = z.looseObject({ row: num, reason: text });
const ImportSchema = OutcomeSchema.extend({
  inserted: num,
  rejected: num,
  rejectedRows: z.array(RejectedRowSchema).optional().catch(undefined),
});

/** A row the gateway would not load: its number counts from the heading (row 1) of the rows sent. */
export type RejectedRow = { row: number; reason: string };

async function write(token: string, name: string, body: object): Promise<Outcome> {
  return outcomeOf(await request({ path: call(name), auth: token, body, schema: OutcomeSchema }));
}

export async function createGroup(
  token: string,
  profileId: number,
  groupname: string,
): Promise<Outcome & { id: number }> {
  const a = await request({
    path: call('creategroup'),
    auth: token,
    body: { profile_id: profileId, groupname },
    schema: CreatedSchema,
  });
  return { ...outcomeOf(a), id: a.id };
}

export const deleteGroups = (token: string, profileId: number, ids: readonly number[]) =>
  write(token, 'deletegroup', { profile_id: profileId, arrayofgroups: ids });

export async function createContact(
  token: string,
  profileId: number,
  groupname: string,
  contact: ContactFields,
): Promise<Outcome & { id: number }> {
  const a = await request({
    path: call('createcontact'),
    auth: token,
    body: { profile_id: profileId, groupname, ...contact },
    schema: CreatedSchema,
  });
  return { ...outcomeOf(a), id: a.id };
}

/** createcontactexel (the wire's spelling, docs/api.md#calls-and-answers): rows of a sheet into one phone book; some rows may be rejected. */
export async function importContacts(
  token: string,
  profileId: number,
  groupname: string,
  excelData: readonly Record<string, unknown>[],
): Promise<Outcome & { inserted: number; rejected: number; rejectedRows: RejectedRow[] }> {
  const body = { profile_id: profileId, groupname, excelData };
  const a = await request({
    path: call('createcontactexel'),
    auth: token,
    body,
    schema: ImportSchema,
    timeoutMs: 120_000,
  });
  const rejectedRows = (a.rejectedRows ?? []).map((r) => ({ row: r.row, reason: r.reason }));
  return { ...outcomeOf(a), inserted: a.inserted, rejected: a.rejected, rejectedRows };
}

export const updateContact = (token: string, profileId: number, groupId: number, id: number, contact: ContactFields) =>
  write(token, 'updatecontact', { profile_id: profileId, groupid: groupId, id, ...contact });

export const deleteContacts = (token: string, profileId: number, ids: readonly number[]) =>
  write(token, 'deletecontact', { profile_id: profileId, arrayofContacts: ids });
