import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { CLIENT_PURCHASE_HISTORY, PURCHASE_HISTORY } from '../../../src/domain/contract/payments';
import { clientPaymentsPage, ownPaymentsPage } from '../payments/history';

/** purchasehistory (own) and allpurchasehistory (the admin's clients'): 20 a page, newest first. */
export async function registerHistoryRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, PURCHASE_HISTORY, async ({ body, scope: { user } }) => {
    const page = await ownPaymentsPage(ctx, user, body.search, body.pageNum);
    return { [PURCHASE_HISTORY.field]: page.items, pageNum: body.pageNum, hasMore: page.hasMore };
  });

  register(app, ctx, CLIENT_PURCHASE_HISTORY, async ({ body, scope: { user } }) => {
    const page = await clientPaymentsPage(ctx, user, body.search, body.pageNum);
    return { [CLIENT_PURCHASE_HISTORY.field]: page.items, pageNum: body.pageNum, hasMore: page.hasMore };
  });
}
