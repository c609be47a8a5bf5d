import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { ownProfile, post, postLarge } from '../http/route';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import { forbidden, notFound, refuse } from '../core/errors';
import { assertOwnRows, ownGroupByName } from '../phonebook/groups';
import { checkContact } from '../phonebook/contact-fields';
import { importContacts } from '../phonebook/import';
import { chunks } from '../db/queries';
import { idList } from '../http/body-fields';

const profileOnly = z.object({ profile_id: z.coerce.number().optional() });
const field = z.unknown().optional();
const contactFields = {
  firstname: field,
  middlename: field,
  surname: field,
  email: field,
  phonenumber: field,
  birthday: field,
};
const groupnameField = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''));

/** 100,000 sheet rows of a few fields make ~20 MB of JSON; the default 1 MiB limit would refuse them. */
/** 100,000 contacts are about 13.5 MiB as the PWA sends them; more is refused before it is read (issue 11). */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

const phoneBookNotFound = () => notFound('Phone book not found');

export function registerContactRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  post(
    app,
    ctx,
    FRONTEND_PATH + 'createcontact',
    'user',
    profileOnly.extend({ groupname: groupnameField, ...contactFields }),
    async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      const group = await ownGroupByName(ctx, user.profile_id, body.groupname);
      if (!group) throw phoneBookNotFound();
      const checked = checkContact(body);
      if (!checked.ok) throw refuse(checked.message);
      const row = await ctx.db
        .insertInto('contacts')
        .values({
          ...checked.contact,
          group_id: group.id,
          profile_id: user.profile_id,
          referencekey: randomUUID(),
          created_at: ctx.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { status: 'successful', message: 'Contact created', id: row.id };
    },
  );

  const importBody = profileOnly.extend({
    groupname: groupnameField,
    excelData: z
      .array(z.record(z.string(), z.unknown()))
      .max(MAX_IMPORT_ROWS, `At most ${MAX_IMPORT_ROWS} contacts can be loaded at once`),
  });
  postLarge(
    app,
    ctx,
    FRONTEND_PATH + 'createcontactexel',
    'user',
    IMPORT_BODY_LIMIT,
    importBody,
    async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      const group = await ownGroupByName(ctx, user.profile_id, body.groupname);
      if (!group) throw phoneBookNotFound();
      if (body.excelData.length === 0) throw refuse('The excel sheet has no contacts');
      const result = await importContacts(ctx, group, body.excelData);
      if (result.inserted === 0)
        throw refuse(
          `No contact could be loaded: ${result.rejectedRows[0]?.reason ?? 'empty sheet'} (row ${result.rejectedRows[0]?.row ?? 2})`,
        );
      const rejectedText = result.rejected
        ? `, ${result.rejected} row${result.rejected === 1 ? '' : 's'} rejected`
        : '';
      return {
        status: 'successful',
        message: `${result.inserted} contact${result.inserted === 1 ? '' : 's'} loaded into ${group.groupname}${rejectedText}`,
        ...result,
      };
    },
  );

  const updateBody = profileOnly.extend({
    id: z.coerce.number().int(),
    groupid: z.coerce.number().int().optional(),
    ...contactFields,
  });
  post(app, ctx, FRONTEND_PATH + 'updatecontact', 'user', updateBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const existing = await ctx.db.selectFrom('contacts').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!existing) throw notFound('Contact not found');
    if (existing.profile_id !== user.profile_id) throw forbidden();
    let groupId = existing.group_id;
    if (body.groupid !== undefined && body.groupid !== existing.group_id) {
      // Moving a contact to another book: only to one of the caller's own.
      const target = await ctx.db
        .selectFrom('groups')
        .select(['id', 'profile_id'])
        .where('id', '=', body.groupid)
        .executeTakeFirst();
      if (!target) throw phoneBookNotFound();
      if (target.profile_id !== user.profile_id) throw forbidden();
      groupId = target.id;
    }
    const sent = Object.fromEntries(
      Object.keys(contactFields).flatMap((k) =>
        body[k as keyof typeof body] === undefined ? [] : [[k, body[k as keyof typeof body]]],
      ),
    );
    const checked = checkContact({ ...existing, ...sent });
    if (!checked.ok) throw refuse(checked.message);
    await ctx.db
      .updateTable('contacts')
      .set({ ...checked.contact, group_id: groupId })
      .where('id', '=', existing.id)
      .execute();
    return { status: 'successful', message: 'Contact updated' };
  });

  post(
    app,
    ctx,
    FRONTEND_PATH + 'deletecontact',
    'user',
    profileOnly.extend({ arrayofContacts: idList }),
    async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      await assertOwnRows(ctx, 'contacts', body.arrayofContacts, user);
      let deleted = 0;
      await ctx.db.transaction().execute(async (trx) => {
        for (const part of chunks(body.arrayofContacts)) {
          const res = await trx
            .deleteFrom('contacts')
            .where('id', 'in', part)
            .where('profile_id', '=', user.profile_id)
            .executeTakeFirst();
          deleted += Number(res.numDeletedRows);
        }
      });
      return { status: 'successful', message: `${deleted} contact${deleted === 1 ? '' : 's'} deleted` };
    },
  );
}
