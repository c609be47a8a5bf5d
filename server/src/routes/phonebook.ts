import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
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
  register(app, ctx, OWN_GROUPS, async ({ scope: { user } }) => {
    return { groups: await ownGroups(ctx, user) };
  });

  register(app, ctx, CLIENT_GROUPS, async ({ body, scope: { user } }) => {
    return { ...(await clientGroupsPage(ctx, user, body.search, body.pageNum)), pageNum: body.pageNum };
  });

  register(app, ctx, CREATE_GROUP, async ({ body, scope: { user } }) => {
    const { id, groupname } = await createGroup(ctx, user, body.groupname);
    return { status: 'successful', message: `Phone book ${groupname} created`, id };
  });

  register(app, ctx, DELETE_GROUPS, async ({ body, scope: { user } }) => {
    const deleted = await deleteGroups(ctx, user, body.arrayofgroups);
    return { status: 'successful', message: `${plural(deleted, 'phone book')} deleted` };
  });

  register(app, ctx, GROUP_CONTACTS, async ({ body, scope: { user } }) => {
    const page = await groupContactsPage(ctx, user, body.groupid, body.search, body.pageNum);
    return { contacts: page.contacts, total: page.total, pageNum: body.pageNum, hasMore: page.hasMore };
  });

  registerContactRoutes(app, ctx);
}
