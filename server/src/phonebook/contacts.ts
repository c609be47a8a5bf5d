import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import { mayWrite } from '../core/access';
import { forbidden, notFound, refuse } from '../core/errors';
import type { UserRow } from '../db/schema-core';
import type { Executor } from '../db/database';
import { checkContact, type ContactFields } from '../../../src/domain/contacts/contact-fields';
import { deleteOwnRows, ownGroupByName, phoneBookNotFound } from './groups';
import { importContacts } from './import';

export type ContactInput = Partial<Record<keyof ContactFields, unknown>>;

/** The caller's book of that name, or 404. */
export async function ownGroupNamed(ctx: GatewayContext, user: UserRow, groupname: string) {
  const group = await ownGroupByName(ctx, user.profile_id, groupname);
  if (!group) throw phoneBookNotFound();
  return group;
}

export async function createContact(ctx: GatewayContext, user: UserRow, groupname: string, input: ContactInput) {
  const group = await ownGroupNamed(ctx, user, groupname);
  const checked = checkContact(input, ctx.now());
  if (!checked.ok) throw refuse(checked.message);
  const row = await ctx.db
    .insertInto('contacts')
    .values({
      ...checked.contact,
      group_id: group.id,
      profile_id: user.profile_id,
      referencekey: randomUUID(),
      created_at: ctx.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Loads sheet rows into an own book: every row checked, the rejected ones reported. */
export async function importIntoGroup(ctx: GatewayContext, user: UserRow, groupname: string, rows: readonly unknown[]) {
  const group = await ownGroupNamed(ctx, user, groupname);
  if (rows.length === 0) throw refuse('The excel sheet has no contacts');
  const result = await importContacts(ctx, group, rows);
  if (result.inserted === 0 && result.skipped === 0) {
    const first = result.rejectedRows[0];
    throw refuse(`No contact could be loaded: ${first?.reason ?? 'empty sheet'} (row ${first?.row ?? 2})`);
  }
  return { group, result };
}

/** Changes the fields sent (and, if asked, moves the contact to another own book). */
export async function updateContact(
  ctx: GatewayContext,
  user: UserRow,
  id: number,
  sent: ContactInput,
  groupId: number | undefined,
): Promise<void> {
  const existing = await ctx.db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!existing) throw notFound('Contact not found');
  if (!mayWrite(user, existing)) throw forbidden();
  let group_id = existing.group_id;
  if (groupId !== undefined && groupId !== existing.group_id) {
    const target = await ctx.db
      .selectFrom('groups')
      .select(['id', 'profile_id'])
      .where('id', '=', groupId)
      .executeTakeFirst();
    if (!target) throw phoneBookNotFound();
    if (!mayWrite(user, target)) throw forbidden();
    group_id = target.id;
  }
  const checked = checkContact({ ...existing, ...sent }, ctx.now());
  if (!checked.ok) throw refuse(checked.message);
  await ctx.db
    .updateTable('contacts')
    .set({ ...checked.contact, group_id })
    .where('id', '=', existing.id)
    .execute();
}

/** Deletes own contacts. */
export const deleteContacts = (ctx: GatewayContext, user: UserRow, ids: number[]) =>
  deleteOwnRows(ctx, user, 'contacts', ids);

/** An account's contacts that have a birthday: their numbers and birthdays, as stored. */
export const contactBirthdays = (db: Executor, profileId: number) =>
  db
    .selectFrom('contacts')
    .select(['phonenumber', 'birthday'])
    .where('profile_id', '=', profileId)
    .where('birthday', '<>', '')
    .execute();
