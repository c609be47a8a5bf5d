import type { UserRow } from '../db/schema-core';
import type { ApiKeyRow, ApiMode } from '../db/schema-integrations';
import type { TeamRole } from '../../../src/domain/account/team-roles';

// What a call may touch, built once by the registrar (http/register.ts) from the call's access declaration
// (src/domain/contract/access.ts) and handed to its handler in place of the bare caller.

/** Whose rows a read covers: one account's own, or those of the clients an admin supervises. */
export type Owners = { own: number } | { clientsOf: number };

/** One account's rows in one mode of the API (docs/api-v1.md#test-mode). */
export type ModeRows = { own: number; mode: ApiMode };

/** A team member acting for the account (docs/product.md#members-and-roles). */
export interface TeamMember {
  readonly id: number;
  readonly name: string;
  readonly roles: readonly TeamRole[];
}

/** A signed-in caller and the rows the call reads. */
export interface Scope {
  /** The caller's account: every area's functions take it, and check a record it names against it (core/access.ts). */
  readonly user: UserRow;
  /** The member who acts, when not the account's owner (or an API key, which acts for the account). */
  readonly member: TeamMember | null;
  readonly owners: Owners;
}

/** A call on the record its path names (touches `record`): the caller may read it. */
export interface RecordScope<R> extends Scope {
  readonly record: R;
}

/** An operation of the API v1: the key used (null for the app's session) and the mode it works in. */
export interface KeyScope<
  K extends ApiKeyRow | null = ApiKeyRow | null,
  M extends ApiMode | null = ApiMode | null,
> extends Scope {
  readonly key: K;
  readonly mode: M;
}
