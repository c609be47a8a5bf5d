import type { GatewayContext } from '../core/context';
import type { KeyScope, Owners, RecordScope, Scope } from '../core/scope';
import type { UserRow } from '../db/schema-core';
import type { MessageRow } from '../db/schema-messaging';
import { forbidden } from '../core/errors';
import { readableMessage } from '../messaging/status-query';
import { modeOfCaller } from '../integrations/webhooks/secrets';
import type { Caller } from './callers';
import type { Parts } from './request-parts';
import type { Access } from '../../../src/domain/contract/access';
import type { ApiMode, KeyAccess } from '../../../src/domain/contract/v1/operation';

// The scope a call's handler gets, built from what its access declares it may touch
// (src/domain/contract/access.ts): the registrar's (register.ts) ownership step, after the body is read.

/** A body's profile_id, when sent, names the account it acts as: someone other than `profileId`? */
const namesOther = (sent: unknown, profileId: number) =>
  sent !== undefined && sent !== null && sent !== '' && Number(sent) !== profileId;

const sentFields = (parts: Parts) => (parts.body ?? {}) as { profile_id?: unknown; view?: unknown; mode?: unknown };

/** Whose rows: an admin's clients' where the call touches them (or, touching either, its body asks for them). */
function ownersOf(access: Access, user: UserRow, parts: Parts): Owners {
  const clients =
    access.touches === 'clients' || (access.touches === 'self-or-clients' && sentFields(parts).view === 'client');
  if (clients && access.touches === 'self-or-clients' && user.isAdmin !== 1) throw forbidden();
  return clients ? { clientsOf: user.profile_id } : { own: user.profile_id };
}

/** The scope of an app call; null on a public one. */
export async function appScope(
  ctx: GatewayContext,
  access: Access,
  caller: Caller | null,
  parts: Parts,
): Promise<Scope | RecordScope<MessageRow> | null> {
  if (access.who === 'public' || !caller) return null;
  const { user, member } = caller;
  const sent = sentFields(parts).profile_id;
  if (access.touches === 'record') {
    // The client dashboard names the client whose message it shows; nobody else may be named.
    const record = await readableMessage(ctx, user, (parts.params as { id?: string } | undefined)?.id ?? '');
    if (namesOther(sent, user.profile_id) && namesOther(sent, record.profile_id)) throw forbidden();
    return { user, member, owners: { own: user.profile_id }, record };
  }
  if (namesOther(sent, user.profile_id)) throw forbidden();
  return { user, member, owners: ownersOf(access, user, parts) };
}

/** The scope of an API v1 operation: the key's account, in the mode it declares. */
export function keyScope(access: KeyAccess, caller: Caller, parts: Parts): KeyScope {
  const { user, key, member } = caller;
  // A test key never makes credentials that send for real.
  if (access.liveOnly && key?.mode === 'test') throw forbidden(`A test key cannot ${access.liveOnly}: use a live key`);
  const named = access.mode === 'named';
  const asked = named
    ? ((sentFields(parts).mode ?? (parts.query as { mode?: unknown } | undefined)?.mode) as ApiMode | undefined)
    : undefined;
  const mode = named ? modeOfCaller(key, asked, 'live') : modeOfCaller(key, undefined, null);
  return { user, member, owners: { own: user.profile_id }, key, mode };
}
