import type { Generated, Selectable } from 'kysely';

/** Where a member stands: invited (the SMS link not used yet), active, or removed (kept for the audit log's names). */
export type MemberStatus = 'invited' | 'active' | 'removed';

/** A person of an account's team (server/src/accounts/members.ts, docs/product.md#members-and-roles). */
export interface MembersTable {
  id: Generated<number>;
  /** The account the member belongs to: its balance, sender IDs, phone books and messages are shared. */
  profile_id: number;
  name: string;
  /** Canonical phone number (233...): the invitation's SMS goes there, and it signs in with it. */
  phone: string;
  /** Lower case; '' when none was given. */
  email: Generated<string>;
  /** Comma list of team roles (src/domain/account/team-roles.ts). */
  roles: string;
  status: MemberStatus;
  /** scrypt hash, '' until the invitation is accepted. */
  password_hash: Generated<string>;
  /** SHA-256 of the invitation's code; '' once used or cancelled. */
  invite_hash: Generated<string>;
  invite_expires_at: Generated<number>;
  created_at: number;
  joined_at: Generated<number>;
  removed_at: Generated<number>;
  /** Credits the member's sends may spend a calendar month (Accra); null: no cap (docs/product.md#who-did-what). */
  monthly_cap: Generated<number | null>;
  /** The member's own two-step sign-in (migration 048): as the owner's `users.totp_*`. */
  totp_secret: Generated<string>;
  totp_pending: Generated<string>;
  totp_enabled: Generated<number>;
  totp_last_step: Generated<number>;
}
export type MemberRow = Selectable<MembersTable>;

export interface TeamTables {
  members: MembersTable;
}
