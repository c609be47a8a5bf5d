import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { ownProfile, post } from '../http/route';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import { forbidden, notFound, refuse } from '../core/errors';
import { assertOwnRows, contactAnswer, groupAnswers, groupsWithOwner, ownGroupByName } from '../phonebook/groups';
import { anyColumnLike, pageOf, pageWindow } from '../db/queries';
import { pageNumField, searchField } from '../http/body-fields';
import { registerContactRoutes } from './contacts';
import { chunks, isUniqueViolation } from '../db/queries';
import { idList } from '../http/body-fields';

/** groupcontacts pages: large, since a send from a phone book reads every number. */
const CONTACTS_PAGE = 1000;

const profileOnly = z.object({ profile_id: z.coerce.number().optional() });
const listBody = profileOnly.extend({ search: searchField, pageNum: pageNumField });
const MAX_GROUPNAME = 100;

export async function registerPhonebookRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, FRONTEND_PATH + 'groupsrequest', 'user', profileOnly, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const groups = await groupsWithOwner(ctx)
      .where('groups.profile_id', '=', user.profile_id)
      .orderBy('groups.created_at', 'desc')
      .orderBy('groups.id', 'desc')
      .execute();
    return { groups: await groupAnswers(ctx, groups) };
  });

  // The original client calls allgroups with a trailing space (API.md).
  for (const path of ['allgroups', 'allgroups%20', 'allgroups ']) {
    post(app, ctx, FRONTEND_PATH + path, 'admin', listBody, async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      const { offset, limit } = pageWindow(body.pageNum);
      let query = groupsWithOwner(ctx).where('users.supid', '=', user.profile_id);
      if (body.search.trim()) query = query.where(anyColumnLike(['groups.groupname', 'users.username'], body.search));
      const rows = await query
        .orderBy('groups.created_at', 'desc')
        .orderBy('groups.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      const page = pageOf(rows);
      return { groups: await groupAnswers(ctx, page.items), pageNum: body.pageNum, hasMore: page.hasMore };
    });
  }

  post(
    app,
    ctx,
    FRONTEND_PATH + 'creategroup',
    'user',
    profileOnly.extend({ groupname: z.unknown() }),
    async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      const groupname =
        typeof body.groupname === 'string' || typeof body.groupname === 'number' ? String(body.groupname).trim() : '';
      if (!groupname) throw refuse('Please enter a name for the phone book');
      if (groupname.length > MAX_GROUPNAME)
        throw refuse(`A phone book name must be at most ${MAX_GROUPNAME} characters`);
      const taken = () => refuse(`You already have a phone book named ${groupname}`);
      if (await ownGroupByName(ctx, user.profile_id, groupname)) throw taken();
      try {
        const row = await ctx.db
          .insertInto('groups')
          .values({ profile_id: user.profile_id, groupname, created_at: ctx.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { status: 'successful', message: `Phone book ${groupname} created`, id: row.id };
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },
  );

  post(
    app,
    ctx,
    FRONTEND_PATH + 'deletegroup',
    'user',
    profileOnly.extend({ arrayofgroups: idList }),
    async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      const ids = body.arrayofgroups;
      // Ids already gone are skipped (deletions are retried from the PWA's queue); another's book refuses all.
      await assertOwnRows(ctx, 'groups', ids, user);
      let deleted = 0;
      await ctx.db.transaction().execute(async (trx) => {
        for (const part of chunks(ids)) {
          await trx
            .deleteFrom('contacts')
            .where('group_id', 'in', part)
            .where('profile_id', '=', user.profile_id)
            .execute();
          const res = await trx
            .deleteFrom('groups')
            .where('id', 'in', part)
            .where('profile_id', '=', user.profile_id)
            .executeTakeFirst();
          deleted += Number(res.numDeletedRows);
        }
      });
      return { status: 'successful', message: `${deleted} phone book${deleted === 1 ? '' : 's'} deleted` };
    },
  );

  post(
    app,
    ctx,
    FRONTEND_PATH + 'groupcontacts',
    'user',
    listBody.extend({ groupid: z.coerce.number().int() }),
    async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      const group = await groupsWithOwner(ctx)
        .select('users.supid')
        .where('groups.id', '=', body.groupid)
        .executeTakeFirst();
      if (!group) throw notFound('Phone book not found');
      // The owner reads and edits; the owner's admin reads only (SPEC 6).
      const readable = group.profile_id === user.profile_id || (user.isAdmin === 1 && group.supid === user.profile_id);
      if (!readable) throw forbidden();
      let query = ctx.db.selectFrom('contacts').where('group_id', '=', group.id);
      if (body.search.trim()) {
        query = query.where(
          anyColumnLike(['firstname', 'middlename', 'surname', 'email', 'phonenumber', 'birthday'], body.search),
        );
      }
      const { offset, limit } = pageWindow(body.pageNum, CONTACTS_PAGE);
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const page = pageOf(rows, CONTACTS_PAGE);
      return {
        contacts: page.items.map(contactAnswer),
        total: Number(total.n),
        pageNum: body.pageNum,
        hasMore: page.hasMore,
      };
    },
  );

  registerContactRoutes(app, ctx);
}
