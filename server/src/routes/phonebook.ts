import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import type { GatewayContext } from '../core/context';
import { idList, pageNumField, searchField, profileId } from '../http/body-fields';
import { ownProfile, post } from '../http/route';
import { clientGroupsPage, createGroup, deleteGroups, groupContactsPage, ownGroups } from '../phonebook/groups';
import { registerContactRoutes } from './contacts';
import { plural } from '../../../src/domain/plural';

const profileOnly = z.object({ profile_id: profileId });
const listBody = profileOnly.extend({ search: searchField, pageNum: pageNumField });

export async function registerPhonebookRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, FRONTEND_PATH + 'groupsrequest', 'user', profileOnly, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    return { groups: await ownGroups(ctx, user) };
  });

  // The original client calls allgroups with a trailing space (docs/api.md#transport).
  for (const path of ['allgroups', 'allgroups%20', 'allgroups ']) {
    post(app, ctx, FRONTEND_PATH + path, 'admin', listBody, async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      return { ...(await clientGroupsPage(ctx, user, body.search, body.pageNum)), pageNum: body.pageNum };
    });
  }

  const createBody = profileOnly.extend({ groupname: z.unknown() });
  post(app, ctx, FRONTEND_PATH + 'creategroup', 'user', createBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const { id, groupname } = await createGroup(ctx, user, body.groupname);
    return { status: 'successful', message: `Phone book ${groupname} created`, id };
  });

  const deleteBody = profileOnly.extend({ arrayofgroups: idList });
  post(app, ctx, FRONTEND_PATH + 'deletegroup', 'user', deleteBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const deleted = await deleteGroups(ctx, user, body.arrayofgroups);
    return { status: 'successful', message: `${plural(deleted, 'phone book')} deleted` };
  });

  const contactsBody = listBody.extend({ groupid: z.coerce.number().int() });
  post(app, ctx, FRONTEND_PATH + 'groupcontacts', 'user', contactsBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const page = await groupContactsPage(ctx, user, body.groupid, body.search, body.pageNum);
    return { contacts: page.contacts, total: page.total, pageNum: body.pageNum, hasMore: page.hasMore };
  });

  registerContactRoutes(app, ctx);
}
