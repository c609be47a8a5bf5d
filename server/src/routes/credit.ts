import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { auditSource } from '../http/authenticate';
import { register } from '../http/register';
import { GIFT_BY_AMOUNT, GIFT_BY_RATE, PLATFORM_NUMBERS } from '../../../src/domain/contract/payments';
import { forbidden, refuse } from '../core/errors';
import { giveCredit } from '../payments/gift';
import { clientAccount } from '../accounts/account-store';
import { platformNumbersPage } from '../phonebook/groups';
import { creditsError, MAX_GIFT_CREDITS, moneyError, rateError } from '../../../src/domain/money/money';
import { smsCredits } from '../../../src/domain/money/pricing';

export async function registerCreditRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, GIFT_BY_AMOUNT, async ({ body, scope: { user }, req }) => {
    const problem = creditsError(body.amount);
    if (problem) throw refuse(problem);
    const credits = Number(body.amount);
    const client = await clientAccount(ctx, user, body.clientprofile_id);
    await giveCredit(ctx, {
      admin: user,
      client,
      credits,
      amount: credits,
      currency: body.currency || 'GHS',
      kind: 'manual',
      source: auditSource(req),
    });
    return { status: 'successful', message: `${credits} credits given to ${client.username}` };
  });

  register(app, ctx, GIFT_BY_RATE, async ({ body, scope: { user }, req }) => {
    // Credit by rate is for accounts whose content is local (docs/product.md#client-management).
    if (user.content !== 'local') throw forbidden('Credit by rate is only available to local accounts');
    const problem = rateError(body.rate) ?? moneyError(body.amount);
    if (problem) throw refuse(problem);
    const [amount, rate] = [Number(body.amount), Number(body.rate)];
    const credits = smsCredits(amount, rate);
    // Never a row that gives nothing (a rate above the amount still makes one credit: ceil).
    if (!(credits >= 1 && credits <= MAX_GIFT_CREDITS))
      throw refuse('This amount and rate make no usable number of credits');
    const client = await clientAccount(ctx, user, body.clientprofile_id);
    await giveCredit(ctx, {
      admin: user,
      client,
      credits,
      amount,
      currency: body.currency || 'GHS',
      kind: 'direct',
      source: auditSource(req),
    });
    return { status: 'successful', message: `${credits} credits given to ${client.username}` };
  });

  register(app, ctx, PLATFORM_NUMBERS, async ({ body }) => {
    const page = await platformNumbersPage(ctx, body.pageNum);
    return {
      numbers: page.numbers,
      total: page.total,
      pageNum: body.pageNum,
      hasMore: page.hasMore,
    };
  });
}
