import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { ContactRow, GroupRow } from '../db/schema-phonebook-payments';
import { forbidden } from '../core/errors';
import { chunks } from '../db/queries';

/**
 * groupsrequest and allgroups carry each book's contacts (SPEC 3), but a book may hold 100,000:
 * at most this many, newest first, come inline; `contactcount` tells the whole, and groupcontacts
 * pages through the rest.
 */
export const INLINE_CONTACTS = 1000;

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
  };
}
export type ContactAnswer = ReturnType<typeof contactAnswer>;

type GroupWithOwner = GroupRow & { username: string };

/** Group answers (SPEC 3 Group plus `contactcount`) for rows already filtered by owner. */
export async function groupAnswers(ctx: GatewayContext, groups: GroupWithOwner[]) {
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.id);
  const counts = await ctx.db
    .selectFrom('contacts')
    .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('group_id', 'in', ids)
    .groupBy('group_id')
    .execute();
  // One indexed, limited read per book: a window over every contact would scan 100,000-contact books whole.
  const byGroup = new Map<number, ContactAnswer[]>();
  for (const id of ids) {
    const rows = await ctx.db
      .selectFrom('contacts')
      .selectAll()
      .where('group_id', '=', id)
      .orderBy('id', 'desc')
      .limit(INLINE_CONTACTS)
      .execute();
    byGroup.set(id, rows.map(contactAnswer));
  }
  const countOf = new Map(counts.map((c) => [c.group_id, Number(c.n)]));
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
