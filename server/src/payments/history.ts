import type { GatewayContext } from '../core/context';
import { anyColumnLike, pageOf, pageWindow } from '../db/queries';
import type { UserRow } from '../db/schema-core';
import { paymentAnswer } from './records';

/** purchasehistory: the caller's own payments, newest first, 20 a page. */
export async function ownPaymentsPage(ctx: GatewayContext, user: UserRow, search: string, pageNum: number) {
  const { offset, limit } = pageWindow(pageNum);
  let query = ctx.db.selectFrom('payments').selectAll().where('profile_id', '=', user.profile_id);
  if (search.trim()) query = query.where(anyColumnLike(['searchtext'], search));
  const rows = await query.orderBy('date', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
  const page = pageOf(rows);
  return { items: page.items.map(paymentAnswer), hasMore: page.hasMore };
}

/** allpurchasehistory: the admin's clients' payments with who made them, searched by either. */
export async function clientPaymentsPage(ctx: GatewayContext, admin: UserRow, search: string, pageNum: number) {
  const { offset, limit } = pageWindow(pageNum);
  let query = ctx.db
    .selectFrom('payments')
    .innerJoin('users', 'users.profile_id', 'payments.profile_id')
    .selectAll('payments')
    .select(['users.username', 'users.email', 'users.telnumber', 'users.supid'])
    .where('users.supid', '=', admin.profile_id);
  if (search.trim()) {
    query = query.where(
      anyColumnLike(['payments.searchtext', 'users.username', 'users.email', 'users.telnumber'], search),
    );
  }
  const rows = await query
    .orderBy('payments.date', 'desc')
    .orderBy('payments.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const page = pageOf(rows);
  const items = page.items.map((r) => ({
    ...paymentAnswer(r),
    username: r.username,
    email: r.email,
    telnumber: r.telnumber,
    supid: r.supid,
  }));
  return { items, hasMore: page.hasMore };
}
