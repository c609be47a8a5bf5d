import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import type { GatewayContext } from '../core/context';
import { pageNumField, searchField, profileId } from '../http/body-fields';
import { ownProfile, post } from '../http/route';
import { clientPaymentsPage, ownPaymentsPage } from '../payments/history';

const listBody = z.object({ profile_id: profileId, search: searchField, pageNum: pageNumField });

/** purchasehistory (own) and allpurchasehistory (the admin's clients'): 20 a page, newest first. */
export async function registerHistoryRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, FRONTEND_PATH + 'purchasehistory', 'user', listBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const page = await ownPaymentsPage(ctx, user, body.search, body.pageNum);
    return { credithistory: page.items, pageNum: body.pageNum, hasMore: page.hasMore };
  });

  post(app, ctx, FRONTEND_PATH + 'allpurchasehistory', 'admin', listBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const page = await clientPaymentsPage(ctx, user, body.search, body.pageNum);
    return { allcredithistory: page.items, pageNum: body.pageNum, hasMore: page.hasMore };
  });
}
