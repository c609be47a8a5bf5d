import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { looseText as text, pageNumField, profileId } from '../http/body-fields';
import { ownProfile, post } from '../http/route';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import { forbidden, refuse } from '../core/errors';
import { giveCredit } from '../payments/gift';
import { clientAccount } from '../accounts/account-store';
import { platformNumbersPage } from '../phonebook/groups';
import { creditsError, MAX_GIFT_CREDITS, moneyError, rateError } from '../../../src/domain/money';
import { smsCredits } from '../../../src/domain/pricing';

/** A number as sent (JSON number) or as typed (text): the money rules read both exactly. */
const amountField = z
  .unknown()
  .optional()
  .transform((v): string | number => (typeof v === 'number' ? v : typeof v === 'string' ? v.trim() : ''));
const giftBody = z.object({
  profile_id: profileId,
  amount: amountField,
  currency: text,
  clientprofile_id: z.unknown(),
});

export async function registerCreditRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, FRONTEND_PATH + 'manualcreditpurchase', 'admin', giftBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
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
    });
    return { status: 'successful', message: `${credits} credits given to ${client.username}` };
  });

  post(
    app,
    ctx,
    FRONTEND_PATH + 'directcreditpurchase',
    'admin',
    giftBody.extend({ rate: amountField }),
    async ({ body, user }) => {
      ownProfile(user, body.profile_id);
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
      await giveCredit(ctx, { admin: user, client, credits, amount, currency: body.currency || 'GHS', kind: 'direct' });
      return { status: 'successful', message: `${credits} credits given to ${client.username}` };
    },
  );

  // Profile 6's export: every distinct number in the platform's phone books, 1,000 a page.
  const numbersBody = z.object({
    profile_id: profileId,
    pageNum: pageNumField,
  });
  post(app, ctx, FRONTEND_PATH + 'numbers/', 'profile6', numbersBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const page = await platformNumbersPage(ctx, body.pageNum);
    return {
      numbers: page.numbers,
      total: page.total,
      pageNum: body.pageNum,
      hasMore: page.hasMore,
    };
  });
}
