import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { CLIENT_PURCHASE_HISTORY, PURCHASE_HISTORY } from '../../../src/domain/contract/payments';
import { clientPaymentsPage, ownPaymentsPage } from '../payments/history';
import { INVOICE, INVOICE_PDF } from '../../../src/domain/contract/invoices';
import { invoiceFor, invoiceView } from '../payments/invoices';
import { invoicePdf } from '../payments/invoice-pdf';
import { STATEMENT } from '../../../src/domain/contract/statement';
import { accountStatement } from '../payments/statement';
import { memberNames } from '../accounts/members';
import { ownOrClientAccount } from '../accounts/account-store';

/** purchasehistory (own) and allpurchasehistory (the admin's clients'): 20 a page, newest first; a payment's invoice. */
export async function registerHistoryRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, PURCHASE_HISTORY, async ({ body, scope: { user } }) => {
    const page = await ownPaymentsPage(ctx, user, body.search, body.pageNum);
    return { [PURCHASE_HISTORY.field]: page.items, pageNum: body.pageNum, hasMore: page.hasMore };
  });

  register(app, ctx, CLIENT_PURCHASE_HISTORY, async ({ body, scope: { user } }) => {
    const page = await clientPaymentsPage(ctx, user, body.search, body.pageNum);
    return { [CLIENT_PURCHASE_HISTORY.field]: page.items, pageNum: body.pageNum, hasMore: page.hasMore };
  });

  // A payment's invoice: the buyer's own, or one the caller issued (docs/product.md#invoices).
  register(app, ctx, INVOICE, async ({ body, scope: { user } }) =>
    invoiceView(await invoiceFor(ctx, user, body.paymentid)),
  );

  // A month's statement: the caller's own, or its client's (docs/product.md#statements).
  register(app, ctx, STATEMENT, async ({ body, scope: { user } }) => {
    const account = await ownOrClientAccount(ctx, user, body.clientprofile_id);
    return {
      statement: await accountStatement(ctx.db, account, body.month, await memberNames(ctx, account.profile_id)),
    };
  });

  register(app, ctx, INVOICE_PDF, async ({ body, scope: { user }, reply }) => {
    const invoice = invoiceView(await invoiceFor(ctx, user, body.paymentid));
    reply
      .type('application/pdf')
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${invoice.number}.pdf"`);
    return invoicePdf(invoice);
  });
}
