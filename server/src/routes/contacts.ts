import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { ownProfile, post, postLarge } from '../http/route';
import { createContact, deleteContacts, importIntoGroup, updateContact } from '../phonebook/contacts';
import { plural } from '../../../src/domain/plural';
import { importSummary } from '../../../src/domain/contacts/phonebook';
import { CONTACT_FIELDS } from '../../../src/domain/contacts/contact-fields';
import {
  CREATE_CONTACT,
  DELETE_CONTACTS,
  IMPORT_CONTACTS,
  UPDATE_CONTACT,
} from '../../../src/domain/contract/phonebook';

/** 100,000 contacts as the PWA sends them fit with room to spare; more is refused before it is read. */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

export function registerContactRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  post(app, ctx, CREATE_CONTACT, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const id = await createContact(ctx, user, body.groupname, body);
    return { status: 'successful', message: 'Contact created', id };
  });

  postLarge(app, ctx, IMPORT_CONTACTS, IMPORT_BODY_LIMIT, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const { group, result } = await importIntoGroup(ctx, user, body.groupname, body.excelData);
    const message = importSummary(result.inserted, group.groupname, result.skipped, result.rejected);
    return { status: 'successful', message, ...result };
  });

  post(app, ctx, UPDATE_CONTACT, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const sent = Object.fromEntries(CONTACT_FIELDS.flatMap((k) => (body[k] === undefined ? [] : [[k, body[k]]])));
    await updateContact(ctx, user, body.id, sent, body.groupid);
    return { status: 'successful', message: 'Contact updated' };
  });

  post(app, ctx, DELETE_CONTACTS, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const deleted = await deleteContacts(ctx, user, body.arrayofContacts);
    return { status: 'successful', message: `${plural(deleted, 'contact')} deleted` };
  });
}
