import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { ownProfile, post } from '../http/route';
import { CLIENT_PURCHASE_HISTORY, PURCHASE_HISTORY } from '../../../src/domain/contract/payments';
import { clientPaymentsPage, ownPaymentsPage } from '../payments/history';

/** purchasehistory (own) and allpurchasehistory (the admin's clients'): 20 a page, newest first. */
export async function registerHistoryRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, PURCHASE_HISTORY, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const page = await ownPaymentsPage(ctx, user, body.search, body.pageNum);
    return { [PURCHASE_HISTORY.field]: page.items, pageNum: body.pageNum, hasMore: page.hasMore };
  });

  post(app, ctx, CLIENT_PURCHASE_HISTORY, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const page = await clientPaymentsPage(ctx, user, body.search, body.pageNum);
    return { [CLIENT_PURCHASE_HISTORY.field]: page.items, pageNum: body.pageNum, hasMore: page.hasMore };
  });
}
