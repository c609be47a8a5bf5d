import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
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

export function registerContactRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  register(app, ctx, CREATE_CONTACT, async ({ body, scope: { user } }) => {
    const id = await createContact(ctx, user, body.groupname, body);
    return { status: 'successful', message: 'Contact created', id };
  });

  register(app, ctx, IMPORT_CONTACTS, async ({ body, scope: { user } }) => {
    const { group, result } = await importIntoGroup(ctx, user, body.groupname, body.excelData);
    const message = importSummary(result.inserted, group.groupname, result.skipped, result.rejected);
    return { status: 'successful', message, ...result };
  });

  register(app, ctx, UPDATE_CONTACT, async ({ body, scope: { user } }) => {
    const sent = Object.fromEntries(CONTACT_FIELDS.flatMap((k) => (body[k] === undefined ? [] : [[k, body[k]]])));
    await updateContact(ctx, user, body.id, sent, body.groupid);
    return { status: 'successful', message: 'Contact updated' };
  });

  register(app, ctx, DELETE_CONTACTS, async ({ body, scope: { user } }) => {
    const deleted = await deleteContacts(ctx, user, body.arrayofContacts);
    return { status: 'successful', message: `${plural(deleted, 'contact')} deleted` };
  });
}
