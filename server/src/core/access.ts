import type { UserRow } from '../db/schema-core';

// Who may touch a record, once for every kind of record (messages, phone books, contacts, payments).

type Caller = Pick<UserRow, 'profile_id' | 'isAdmin'>;

/** The owner reads its records; so does its admin, the owner's supervisor (docs/product.md#roles-and-permissions). */
export const mayRead = (caller: Caller, record: { profile_id: number; supid: number | null }): boolean =>
  record.profile_id === caller.profile_id || (caller.isAdmin === 1 && record.supid === caller.profile_id);

/** Only the owner changes or deletes its records; its admin's view is read-only. */
export const mayWrite = (caller: Caller, record: { profile_id: number }): boolean =>
  record.profile_id === caller.profile_id;

/** An admin acts on an account only when it is that admin's client (the tenant wall). */
export const isClientOf = (admin: Caller, account: { supid: number | null }): boolean =>
  account.supid === admin.profile_id;
