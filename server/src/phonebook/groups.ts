import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { ContactRow, GroupRow } from '../db/schema-phonebook-payments';
import { mayRead } from '../core/access';
import { groupNameError, groupNameTaken } from '../../../src/domain/contacts/phonebook';
import { forbidden, notFound, refuse } from '../core/errors';
import { phoneSearchForms } from '../../../src/domain/numbers/phone-number';
import { anyColumnLike, chunks, isUniqueViolation, pageOf, pageWindow } from '../db/queries';
import { yieldToLoop } from '../core/event-loop';

/**
 * groupsrequest and allgroups carry each book's contacts, but a book may hold 100,000:
 * at most this many, newest first, come inline for one book; `contactcount` tells the whole, and
 * groupcontacts pages through the rest.
 */
export const INLINE_CONTACTS = 1000;
/**
 * One answer inlines at most this many contacts over all its books (newest books first), so many full
 * books still make a small answer; a book past it comes with fewer (or no) contacts and its count.
 */
export const INLINE_BUDGET = 2000;
/** The books one account may keep: its whole list is one answer. */
export const MAX_BOOKS = 100;
export const TOO_MANY_BOOKS = `You already have ${MAX_BOOKS} phone books, the most one account can keep: delete one to create another`;
/** Books counted per query: a count reads every contact of its books, so each query stays short. */
const COUNT_CHUNK = 10;

export function contactAnswer(c: ContactRow) {
  return {
    id: c.id,
    groupid: c.group_id,
    firstname: c.firstname,
    middlename: c.middlename,
    surname: c.surname,
    email: c.email,
    phonenumber: c.phonenumber,
    birthday: c.birthday,
    referencekey: c.referencekey,
    consentsource: c.consentsource,
    consentdate: c.consentdate,
  };
}
export type ContactAnswer = ReturnType<typeof contactAnswer>;

type GroupWithOwner = GroupRow & { username: string };

/** Group answers (with `contactcount`) for rows already filtered by owner, newest book first. */
export async function groupAnswers(ctx: GatewayContext, groups: GroupWithOwner[]) {
  if (groups.length === 0) return [];
  const countOf = new Map<number, number>();
  for (const part of chunks(
    groups.map((g) => g.id),
    COUNT_CHUNK,
  )) {
    const counts = await ctx.db
      .selectFrom('contacts')
      .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('group_id', 'in', part)
      .groupBy('group_id')
      .execute();
    for (const c of counts) countOf.set(c.group_id, Number(c.n));
    await yieldToLoop();
  }
  // One indexed, limited read per book while the answer's budget lasts; the books past it cost no read.
  const byGroup = new Map<number, ContactAnswer[]>();
  let budget = INLINE_BUDGET;
  for (const g of groups) {
    const take = Math.min(INLINE_CONTACTS, budget, countOf.get(g.id) ?? 0);
    if (take === 0) continue;
    const rows = await ctx.db
      .selectFrom('contacts')
      .selectAll()
      .where('group_id', '=', g.id)
      .orderBy('id', 'desc')
      .limit(take)
      .execute();
    byGroup.set(g.id, rows.map(contactAnswer));
    budget -= rows.length;
  }
  return groups.map((g) => ({
    id: g.id,
    groupname: g.groupname,
    username: g.username,
    setuptime: new Date(Number(g.created_at)).toISOString(),
    contactcount: countOf.get(g.id) ?? 0,
    contacts: byGroup.get(g.id) ?? [],
  }));
}

/** Groups joined with their owner's username. */
export function groupsWithOwner(ctx: GatewayContext) {
  return ctx.db
    .selectFrom('groups')
    .innerJoin('users', 'users.profile_id', 'groups.profile_id')
    .selectAll('groups')
    .select('users.username');
}

/** The caller's group by name (createcontact, createcontactexel identify books by name). */
export function ownGroupByName(ctx: GatewayContext, profileId: number, groupname: string) {
  return ctx.db
    .selectFrom('groups')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where(sql<string>`lower(${sql.ref('groupname')})`, '=', groupname.trim().toLowerCase())
    .executeTakeFirst();
}

/** Refuses the whole request when any existing id belongs to another account (tenant wall). */
export async function assertOwnRows(ctx: GatewayContext, table: 'groups' | 'contacts', ids: number[], user: UserRow) {
  for (const part of chunks(ids)) {
    const foreign = await ctx.db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', part)
      .where('profile_id', '<>', user.profile_id)
      .executeTakeFirst();
    if (foreign) throw forbidden();
  }
}

/** groupcontacts pages: large, since a send from a phone book reads every number. */
const CONTACTS_PAGE = 1000;
export const phoneBookNotFound = () => notFound('Phone book not found');

/** The caller's own books, newest first, as groupsrequest answers them. */
export async function ownGroups(ctx: GatewayContext, user: UserRow) {
  const groups = await groupsWithOwner(ctx)
    .where('groups.profile_id', '=', user.profile_id)
    .orderBy('groups.created_at', 'desc')
    .orderBy('groups.id', 'desc')
    .execute();
  return groupAnswers(ctx, groups);
}

/** An admin's clients' books (allgroups), searched by book or owner name, a page at a time. */
export async function clientGroupsPage(ctx: GatewayContext, admin: UserRow, search: string, pageNum: number) {
  const { offset, limit } = pageWindow(pageNum);
  let query = groupsWithOwner(ctx).where('users.supid', '=', admin.profile_id);
  if (search.trim()) query = query.where(anyColumnLike(['groups.groupname', 'users.username'], search));
  const rows = await query
    .orderBy('groups.created_at', 'desc')
    .orderBy('groups.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const page = pageOf(rows);
  return { groups: await groupAnswers(ctx, page.items), hasMore: page.hasMore };
}

/** A new book; names are unique per account, case-insensitively, and an account keeps at most MAX_BOOKS. */
export async function createGroup(ctx: GatewayContext, user: UserRow, name: unknown) {
  const groupname = typeof name === 'string' || typeof name === 'number' ? String(name).trim() : '';
  const problem = groupNameError(groupname, []);
  if (problem) throw refuse(problem);
  const taken = () => refuse(groupNameTaken(groupname));
  if (await ownGroupByName(ctx, user.profile_id, groupname)) throw taken();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // PostgreSQL: the account's books locked first, so two creations at the limit are counted one after
      // the other (SQLite runs one transaction at a time).
      if (ctx.db.dialectName === 'postgres') {
        await trx
          .selectFrom('groups')
          .select('id')
          .where('profile_id', '=', user.profile_id)
          .orderBy('id')
          .forUpdate()
          .execute();
      }
      const books = await trx
        .selectFrom('groups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('profile_id', '=', user.profile_id)
        .executeTakeFirstOrThrow();
      if (Number(books.n) >= MAX_BOOKS) throw refuse(TOO_MANY_BOOKS);
      const row = await trx
        .insertInto('groups')
        .values({ profile_id: user.profile_id, groupname, created_at: ctx.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, groupname };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Deletes own books with their contacts; ids already gone are skipped, another's book refuses all. */
/**
 * Deletes the caller's rows of `table` (and, for books, their contacts) in one transaction, in
 * chunks; ids already gone are skipped, and another account's id refuses the whole request.
 */
export async function deleteOwnRows(
  ctx: GatewayContext,
  user: UserRow,
  table: 'groups' | 'contacts',
  ids: number[],
): Promise<number> {
  await assertOwnRows(ctx, table, ids, user);
  let deleted = 0;
  await ctx.db.transaction().execute(async (trx) => {
    for (const part of chunks(ids)) {
      if (table === 'groups') {
        await trx
          .deleteFrom('contacts')
          .where('group_id', 'in', part)
          .where('profile_id', '=', user.profile_id)
          .execute();
      }
      const res = await trx
        .deleteFrom(table)
        .where('id', 'in', part)
        .where('profile_id', '=', user.profile_id)
        .executeTakeFirst();
      deleted += Number(res.numDeletedRows);
    }
  });
  return deleted;
}

/** Deletes own books with their contacts. */
export const deleteGroups = (ctx: GatewayContext, user: UserRow, ids: number[]) =>
  deleteOwnRows(ctx, user, 'groups', ids);

/** A page of a book's contacts, newest first, for its owner or the owner's admin (read-only: docs/product.md#phone-books). */
export async function groupContactsPage(
  ctx: GatewayContext,
  user: UserRow,
  groupId: number,
  search: string,
  pageNum: number,
) {
  const group = await groupsWithOwner(ctx).select('users.supid').where('groups.id', '=', groupId).executeTakeFirst();
  if (!group) throw phoneBookNotFound();
  if (!mayRead(user, group)) throw forbidden();
  let query = ctx.db.selectFrom('contacts').where('group_id', '=', group.id);
  if (search.trim()) {
    // A number typed as 024… also finds it stored as 233… (docs/product.md#phone-numbers).
    const fields = anyColumnLike(['firstname', 'middlename', 'surname', 'email', 'phonenumber', 'birthday'], search);
    const numbers = phoneSearchForms(search).map((form) => anyColumnLike(['phonenumber'], form));
    query = query.where((eb) => eb.or([fields, ...numbers]));
  }
  const { offset, limit } = pageWindow(pageNum, CONTACTS_PAGE);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const page = pageOf(rows, CONTACTS_PAGE);
  return { contacts: page.items.map(contactAnswer), total: Number(total.n), hasMore: page.hasMore };
}

const NUMBERS_PAGE = 1000;

/** Profile 6's export: every distinct number in the platform's phone books, 1,000 a page. */
export async function platformNumbersPage(ctx: GatewayContext, pageNum: number) {
  const numbers = ctx.db.selectFrom('contacts').where('phonenumber', '<>', '');
  const { offset, limit } = pageWindow(pageNum, NUMBERS_PAGE);
  const [rows, total] = await Promise.all([
    numbers.select('phonenumber').distinct().orderBy('phonenumber').offset(offset).limit(limit).execute(),
    numbers.select((eb) => eb.fn.count<number>('phonenumber').distinct().as('n')).executeTakeFirstOrThrow(),
  ]);
  const page = pageOf(rows, NUMBERS_PAGE);
  return { numbers: page.items.map((r) => r.phonenumber), total: Number(total.n), hasMore: page.hasMore };
}
