import type { GatewayContext } from '../core/context';
import { isClientOf } from '../core/access';
import { forbidden, notFound } from '../core/errors';
import type { UserRow } from '../db/schema-core';
import type { Executor } from '../db/database';
import { isRowId } from '../db/queries';
import { apiKeyHash, newApiKey } from '../auth/tokens';
import { USER_NOT_FOUND } from '../../../src/domain/contacts/contact';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { apiKeyCreatedText, sendNotice } from './notices';

export async function findAccount(ctx: GatewayContext, profileId: number): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('profile_id', '=', profileId).executeTakeFirst();
}

/**
 * An erasure of a person's data moves the account's epoch on, holding the account's row until it
 * commits: a send screened before the move is screened again (sending/erase-fence.ts).
 */
export async function moveEraseEpoch(db: Executor, profileId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ erase_epoch: eb('erase_epoch', '+', 1) }))
    .where('profile_id', '=', profileId)
    .execute();
}

/** The admin's own client, else 'User not found' (another tenant's users do not exist for it). */
export async function clientAccount(ctx: GatewayContext, admin: UserRow, id: unknown): Promise<UserRow> {
  const profileId = Number(id);
  const client = isRowId(profileId) ? await findAccount(ctx, profileId) : undefined;
  if (!client || !isClientOf(admin, client)) throw notFound(USER_NOT_FOUND);
  return client;
}

/** The caller's own account, or the client an admin names (a statement's subject); anyone else's is refused. */
export async function ownOrClientAccount(ctx: GatewayContext, caller: UserRow, clientId: unknown): Promise<UserRow> {
  if (clientId === undefined || Number(clientId) === caller.profile_id) return caller;
  if (caller.isAdmin !== 1) throw forbidden();
  return clientAccount(ctx, caller, clientId);
}

/** A new API key: shown once to its owner, only its hash is kept. */
export async function replaceApiKey(
  ctx: GatewayContext,
  user: UserRow,
  source: AuditSource,
  supervisorId: number,
): Promise<string> {
  const apikey = newApiKey();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ apikey: apiKeyHash(apikey) })
      .where('profile_id', '=', user.profile_id)
      .execute();
    await recordAudit(trx, {
      at: ctx.now(),
      actor: user,
      action: 'api_key_created',
      source,
      details: { key: 'account key' },
    });
  });
  await sendNotice(ctx, user, supervisorId, apiKeyCreatedText(''));
  return apikey;
}

/** A send shows the account's dashboard and scheduled tabs, and the recurring one for a recurring send (docs/product.md#the-send-form). */
export async function showSendTabs(db: Executor, profileId: number, recurring: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ dashboardTab: 1, scheduledsmsTab: 1, ...(recurring ? { recurringsmsTab: 1 } : {}) })
    .where('profile_id', '=', profileId)
    .execute();
}
