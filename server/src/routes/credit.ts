import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { ownProfile, post } from '../http/route';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import { forbidden, notFound, refuse } from '../core/errors';
import { giveCredit } from '../payments/gift';
import { pageOf, pageWindow } from '../db/queries';
import { USER_NOT_FOUND } from '../../../src/domain/contact';
import { creditsError, MAX_GIFT_CREDITS, moneyError, rateError } from '../../../src/domain/money';
import { smsCredits } from '../../../src/domain/pricing';

const text = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''));
/** A number as sent (JSON number) or as typed (text): the money rules read both exactly. */
const amountField = z
  .unknown()
  .optional()
  .transform((v): string | number => (typeof v === 'number' ? v : typeof v === 'string' ? v.trim() : ''));
const giftBody = z.object({
  profile_id: z.coerce.number().optional(),
  amount: amountField,
  currency: text,
  clientprofile_id: z.unknown(),
});
const NUMBERS_PAGE = 1000;

/** The admin's own client, else 'User not found' (another tenant's users do not exist for it). */
async function beneficiary(ctx: GatewayContext, admin: UserRow, id: unknown): Promise<UserRow> {
  const profileId = Number(id);
  const client = Number.isInteger(profileId)
    ? await ctx.db.selectFrom('users').selectAll().where('profile_id', '=', profileId).executeTakeFirst()
    : undefined;
  if (!client || client.supid !== admin.profile_id) throw notFound(USER_NOT_FOUND);
  return client;
}

export async function registerCreditRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, FRONTEND_PATH + 'manualcreditpurchase', 'admin', giftBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const problem = creditsError(body.amount);
    if (problem) throw refuse(problem);
    const credits = Number(body.amount);
    const client = await beneficiary(ctx, user, body.clientprofile_id);
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
      // SPEC 6: credit by rate is for accounts whose content is local.
      if (user.content !== 'local') throw forbidden('Credit by rate is only available to local accounts');
      const problem = rateError(body.rate) ?? moneyError(body.amount);
      if (problem) throw refuse(problem);
      const [amount, rate] = [Number(body.amount), Number(body.rate)];
      const credits = smsCredits(amount, rate);
      // Never a row that gives nothing (a rate above the amount still makes one credit: ceil).
      if (!(credits >= 1 && credits <= MAX_GIFT_CREDITS))
        throw refuse('This amount and rate make no usable number of credits');
      const client = await beneficiary(ctx, user, body.clientprofile_id);
      await giveCredit(ctx, { admin: user, client, credits, amount, currency: body.currency || 'GHS', kind: 'direct' });
      return { status: 'successful', message: `${credits} credits given to ${client.username}` };
    },
  );

  // Profile 6's export: every distinct number in the platform's phone books, 1,000 a page.
  const numbersBody = z.object({
    profile_id: z.coerce.number().optional(),
    pageNum: z.coerce.number().int().min(1).catch(1),
  });
  post(app, ctx, FRONTEND_PATH + 'numbers/', 'profile6', numbersBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const numbers = ctx.db.selectFrom('contacts').where('phonenumber', '<>', '');
    const { offset, limit } = pageWindow(body.pageNum, NUMBERS_PAGE);
    const [rows, total] = await Promise.all([
      numbers.select('phonenumber').distinct().orderBy('phonenumber').offset(offset).limit(limit).execute(),
      numbers.select((eb) => eb.fn.count<number>('phonenumber').distinct().as('n')).executeTakeFirstOrThrow(),
    ]);
    const page = pageOf(rows, NUMBERS_PAGE);
    return {
      numbers: page.items.map((r) => r.phonenumber),
      total: Number(total.n),
      pageNum: body.pageNum,
      hasMore: page.hasMore,
    };
  });
}
