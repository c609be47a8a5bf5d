import { AsyncLocalStorage } from 'node:async_hooks';
import type { TeamMember } from './scope';

// Who did what (docs/product.md#who-did-what): the team member a request acts for, set by the
// registrar (http/register.ts) around each call's handler from the session's token. The rows that
// record who acted read it as they are written: a message (messaging/message-rows.ts), a ledger row
// and a member's monthly cap (money/), an audit row (audit/), a checkout, an API key. None for the
// account's owner, an API key, SMPP and the background loops: those rows name no member.

interface Acting {
  /** The member's account: only that account's rows name the member (a reseller's row of the same request names none). */
  readonly profileId: number;
  readonly member: TeamMember;
}

// No member is kept as undefined, never null: running with the store already current (undefined while
// the storage was never used) leaves it off. Once on, Node keeps promise hooks on for every promise of
// the process, which cost every request about 7% (the short link's redirect too): a gateway whose
// requests no member made never pays it (docs/architecture.md#short-links).
const acting = new AsyncLocalStorage<Acting | undefined>();

/** Runs `work` as done by `member` of account `profileId` (member null: the account's owner or no person). */
export const actAs = <T>(profileId: number, member: TeamMember | null, work: () => T): T =>
  acting.run(member ? { profileId, member } : undefined, work);

/** The member acting for account `profileId` in the current request, or null. */
function actingMember(profileId: number): TeamMember | null {
  const now = acting.getStore();
  return now && now.profileId === profileId ? now.member : null;
}

/** The id of the member acting for account `profileId`, or null: what a row's `member_id` holds. */
export const actingMemberId = (profileId: number): number | null => actingMember(profileId)?.id ?? null;
