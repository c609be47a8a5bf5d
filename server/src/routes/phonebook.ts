import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { ownProfile, post } from '../http/route';
import { clientGroupsPage, createGroup, deleteGroups, groupContactsPage, ownGroups } from '../phonebook/groups';
import { registerContactRoutes } from './contacts';
import { plural } from '../../../src/domain/plural';
import {
  CLIENT_GROUPS,
  CREATE_GROUP,
  DELETE_GROUPS,
  GROUP_CONTACTS,
  OWN_GROUPS,
} from '../../../src/domain/contract/phonebook';

export async function registerPhonebookRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, OWN_GROUPS, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    return { groups: await ownGroups(ctx, user) };
  });

  post(app, ctx, CLIENT_GROUPS, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    return { ...(await clientGroupsPage(ctx, user, body.search, body.pageNum)), pageNum: body.pageNum };
  });

  post(app, ctx, CREATE_GROUP, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const { id, groupname } = await createGroup(ctx, user, body.groupname);
    return { status: 'successful', message: `Phone book ${groupname} created`, id };
  });

  post(app, ctx, DELETE_GROUPS, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const deleted = await deleteGroups(ctx, user, body.arrayofgroups);
    return { status: 'successful', message: `${plural(deleted, 'phone book')} deleted` };
  });

  post(app, ctx, GROUP_CONTACTS, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const page = await groupContactsPage(ctx, user, body.groupid, body.search, body.pageNum);
    return { contacts: page.contacts, total: page.total, pageNum: body.pageNum, hasMore: page.hasMore };
  });

  registerContactRoutes(app, ctx);
}
