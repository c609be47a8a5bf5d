import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { ownProfile, post } from '../http/route';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import { anyColumnLike, likePattern, pageOf, pageWindow } from '../db/queries';
import { pageNumField, searchField } from '../http/body-fields';
import { paymentAnswer } from '../payments/records';

const listBody = z.object({ profile_id: z.coerce.number().optional(), search: searchField, pageNum: pageNumField });

/** purchasehistory (own) and allpurchasehistory (the admin's clients'): 20 a page, newest first. */
export async function registerHistoryRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, FRONTEND_PATH + 'purchasehistory', 'user', listBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const { offset, limit } = pageWindow(body.pageNum);
    let query = ctx.db.selectFrom('payments').selectAll().where('profile_id', '=', user.profile_id);
    if (body.search.trim())
      query = query.where(sql<SqlBool>`${sql.ref('searchtext')} like ${likePattern(body.search)} escape '\\'`);
    const rows = await query.orderBy('date', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
    const page = pageOf(rows);
    return { credithistory: page.items.map(paymentAnswer), pageNum: body.pageNum, hasMore: page.hasMore };
  });

  post(app, ctx, FRONTEND_PATH + 'allpurchasehistory', 'admin', listBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const { offset, limit } = pageWindow(body.pageNum);
    let query = ctx.db
      .selectFrom('payments')
      .innerJoin('users', 'users.profile_id', 'payments.profile_id')
      .selectAll('payments')
      .select(['users.username', 'users.email', 'users.telnumber', 'users.supid'])
      .where('users.supid', '=', user.profile_id);
    if (body.search.trim()) {
      const searchtext = sql<SqlBool>`${sql.ref('payments.searchtext')} like ${likePattern(body.search)} escape '\\'`;
      query = query.where((eb) =>
        eb.or([searchtext, anyColumnLike(['users.username', 'users.email', 'users.telnumber'], body.search)]),
      );
    }
    const rows = await query
      .orderBy('payments.date', 'desc')
      .orderBy('payments.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    const page = pageOf(rows);
    return {
      allcredithistory: page.items.map((r) => ({
        ...paymentAnswer(r),
        username: r.username,
        email: r.email,
        telnumber: r.telnumber,
        supid: r.supid,
      })),
      pageNum: body.pageNum,
      hasMore: page.hasMore,
    };
  });
}
