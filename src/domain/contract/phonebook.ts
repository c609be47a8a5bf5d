// Phone books (groups) and their contacts (docs/api.md#calls-and-answers, docs/product.md#phone-books).
import { z } from './zod';
import { frontendCall } from './call';
import { listCall } from './list-call';
import {
  anyField,
  idList,
  intId,
  listBody,
  looseText,
  num,
  outcomeAnswer,
  ownBody,
  pageFields,
  profileId,
  shownText as text,
  wholeNumber,
} from './fields';
import { CONTACT_FIELDS, type ContactField } from '../contacts/contact-fields';

/** A contact. */
export const ContactSchema = z.looseObject({
  id: intId,
  groupid: intId.optional().catch(undefined),
  firstname: text,
  middlename: text,
  surname: text,
  email: text,
  phonenumber: text,
  birthday: text,
  referencekey: text,
  /** How and when the person agreed to be messaged; '' when not known, or from a gateway that predates them. */
  consentsource: text,
  consentdate: text,
});

/**
 * A phone book (group); the gateway inlines a book's newest contacts (at most a page, and fewer, or none, once
 * its answer's budget is spent) and counts them all in `contactcount`.
 */
export const GroupSchema = z
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

/** A contact's fields as sent; each is checked by the phone book's own rules (docs/product.md#phone-books). */
export const contactFields = Object.fromEntries(CONTACT_FIELDS.map((k) => [k, anyField])) as Record<
  ContactField,
  typeof anyField
>;

/** At most this many rows in one import. */
export const MAX_IMPORT_ROWS = 100_000;

/** What a create answers: its outcome and the new row's id. */
const createdAnswer = outcomeAnswer.extend({ id: num });

/** All the caller's own phone books. */
export const OWN_GROUPS = frontendCall(
  'groupsrequest',
  { who: 'user', touches: 'self', needs: 'phonebook' },
  ownBody,
  z.object({ groups: z.array(GroupSchema) }),
);

/** An admin's clients' phone books, paged and searchable; the original client calls it with a trailing space (docs/api.md#transport). */
export const CLIENT_GROUPS = listCall(
  'allgroups',
  { who: 'admin', touches: 'clients', needs: 'clients' },
  'groups',
  GroupSchema,
  ['allgroups%20', 'allgroups '],
);

export const CREATE_GROUP = frontendCall(
  'creategroup',
  { who: 'user', touches: 'self', needs: 'phonebook' },
  z.object({ profile_id: profileId, groupname: z.unknown() }),
  createdAnswer,
);

export const DELETE_GROUPS = frontendCall(
  'deletegroup',
  { who: 'user', touches: 'self', needs: 'phonebook' },
  z.object({ profile_id: profileId, arrayofgroups: idList }),
  outcomeAnswer,
);

/** One phone book's contacts, newest first, 1,000 a page. */
export const GROUP_CONTACTS = frontendCall(
  'groupcontacts',
  { who: 'user', touches: 'self', needs: 'phonebook' },
  listBody.extend({ groupid: wholeNumber }),
  z.object({ contacts: z.array(ContactSchema), total: num, ...pageFields }),
);

export const CREATE_CONTACT = frontendCall(
  'createcontact',
  { who: 'user', touches: 'self', needs: 'phonebook' },
  z.object({ profile_id: profileId, groupname: looseText, ...contactFields }),
  createdAnswer,
);

/** 100,000 contacts as the PWA sends them fit with room to spare; more is refused before it is read. */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** createcontactexel (the wire's spelling): rows of a sheet into one phone book; some rows may be rejected. */
export const IMPORT_CONTACTS = frontendCall(
  'createcontactexel',
  { who: 'user', touches: 'self', needs: 'phonebook' },
  z.object({
    profile_id: profileId,
    groupname: looseText,
    // Each row is checked by the import, a chunk at a time: checking 100,000 here would hold the event loop.
    excelData: z.array(z.unknown()).max(MAX_IMPORT_ROWS, `At most ${MAX_IMPORT_ROWS} contacts can be loaded at once`),
  }),
  outcomeAnswer.extend({
    inserted: num,
    /** Rows already in the book (docs/product.md#phone-numbers); an older gateway does not send it. */
    skipped: num.optional(),
    rejected: num,
    rejectedRows: z
      .array(z.looseObject({ row: num, reason: text }))
      .optional()
      .catch(undefined),
    /** Optional fields left out of the contacts loaded (an e-mail that is none...); an older gateway refused such rows. */
    leftOut: num.optional(),
    leftOutRows: z
      .array(z.looseObject({ row: num, field: text, reason: text }))
      .optional()
      .catch(undefined),
  }),
  { bodyLimit: IMPORT_BODY_LIMIT },
);

export const UPDATE_CONTACT = frontendCall(
  'updatecontact',
  { who: 'user', touches: 'self', needs: 'phonebook' },
  z.object({
    profile_id: profileId,
    id: wholeNumber,
    groupid: wholeNumber.optional(),
    ...contactFields,
  }),
  outcomeAnswer,
);

export const DELETE_CONTACTS = frontendCall(
  'deletecontact',
  { who: 'user', touches: 'self', needs: 'phonebook' },
  z.object({ profile_id: profileId, arrayofContacts: idList }),
  outcomeAnswer,
);
