// Who may call a call and what it may touch (docs/architecture.md#access-declared): a small value every
// call of both APIs declares beside its schemas. The gateway's one registrar (server/src/http/register.ts)
// enforces it and hands the handler the scope it builds from it; the access-matrix test reads it to try
// every call with every role. Free of zod (types and constants only), like call.ts.
import type { Needs } from '../account/team-roles';

/**
 * Who may call (docs/product.md#roles-and-permissions): anyone; any signed-in user; an admin (isAdmin:
 * a reseller or the operator); the top-level supervisor, profile 6, who runs the platform; the holder of
 * the account's API key (sendsms: the key or the app's session; the API v1: a key with the operation's
 * scopes, or the session where the operation says so).
 */
export type Role = 'public' | 'user' | 'admin' | 'profile6' | 'apikey';

/**
 * What the call may touch; a body's `profile_id`, when its schema has one, must name the caller:
 * - `nothing`: no account until the request names one by what it proves (a password, a code, a challenge);
 * - `self`: the caller's own account and its own rows (a row named in the body is checked where the area
 *   reads it, with core/access.ts: its owner writes it; its owner, or the owner's admin, reads it);
 * - `clients`: an admin's clients: their rows in a list, or one client the body names;
 * - `self-or-clients`: the caller's own rows, or with the body's `view: 'client'` (admins only) its clients';
 * - `record`: the message the path's `:id` names: its owner's, or read by the owner's admin (the body's
 *   `profile_id` may name either);
 * - `platform`: any account (profile 6's sender-ID decisions, the carrier, the platform's numbers).
 */
export type Reach = 'nothing' | 'self' | 'clients' | 'self-or-clients' | 'record' | 'platform';

/** Attempts a public call counts per client address (server/src/accounts/attempts.ts LIMITS): past them, a 429. */
export type AttemptLimit = 'lookup' | 'signup' | 'codeSend' | 'codeCheck' | 'resetRequest' | 'resetChange';

export interface Access<W extends Role = Role, T extends Reach = Reach> {
  readonly who: W;
  readonly touches: T;
  /** A public call's attempts per address. */
  readonly attempts?: AttemptLimit;
  /**
   * What a team member's roles must allow (src/domain/account/team-roles.ts): every call but a public one
   * declares it. The account's owner (a session without a member, or an API key) may make any call its role admits.
   */
  readonly needs?: Needs;
}
