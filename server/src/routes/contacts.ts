import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import type { GatewayContext } from '../core/context';
import { idList, looseText, profileId } from '../http/body-fields';
import { ownProfile, post, postLarge } from '../http/route';
import { createContact, deleteContacts, importIntoGroup, updateContact } from '../phonebook/contacts';
import { plural } from '../../../src/domain/plural';

const profileOnly = z.object({ profile_id: profileId });
const field = z.unknown().optional();
const contactFields = {
  firstname: field,
  middlename: field,
  surname: field,
  email: field,
  phonenumber: field,
  birthday: field,
};
const groupnameField = looseText;

/** 100,000 contacts as the PWA sends them fit with room to spare; more is refused before it is read. */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

export function registerContactRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const createBody = profileOnly.extend({ groupname: groupnameField, ...contactFields });
  post(app, ctx, FRONTEND_PATH + 'createcontact', 'user', createBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const id = await createContact(ctx, user, body.groupname, body);
    return { status: 'successful', message: 'Contact created', id };
  });

  const importBody = profileOnly.extend({
    groupname: groupnameField,
    // Each row is checked by the import, a chunk at a time: checking 100,000 here would hold the event loop.
    excelData: z.array(z.unknown()).max(MAX_IMPORT_ROWS, `At most ${MAX_IMPORT_ROWS} contacts can be loaded at once`),
  });
  const importPath = FRONTEND_PATH + 'createcontactexel';
  const importCall = {
    name: importPath,
    path: importPath,
    access: 'user' as const,
    request: importBody,
    answer: importBody,
  };
  postLarge(app, ctx, importCall, IMPORT_BODY_LIMIT, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const { group, result } = await importIntoGroup(ctx, user, body.groupname, body.excelData);
    const rejectedText = result.rejected ? `, ${plural(result.rejected, 'row')} rejected` : '';
    const message = `${plural(result.inserted, 'contact')} loaded into ${group.groupname}${rejectedText}`;
    return { status: 'successful', message, ...result };
  });

  const updateBody = profileOnly.extend({
    id: z.coerce.number().int(),
    groupid: z.coerce.number().int().optional(),
    ...contactFields,
  });
  post(app, ctx, FRONTEND_PATH + 'updatecontact', 'user', updateBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const sent = Object.fromEntries(
      Object.keys(contactFields).flatMap((k) =>
        body[k as keyof typeof body] === undefined ? [] : [[k, body[k as keyof typeof body]]],
      ),
    );
    await updateContact(ctx, user, body.id, sent, body.groupid);
    return { status: 'successful', message: 'Contact updated' };
  });

  const deleteBody = profileOnly.extend({ arrayofContacts: idList });
  post(app, ctx, FRONTEND_PATH + 'deletecontact', 'user', deleteBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const deleted = await deleteContacts(ctx, user, body.arrayofContacts);
    return { status: 'successful', message: `${plural(deleted, 'contact')} deleted` };
  });
}
