import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { ApiKey } from '../../../src/domain/api-v1/schemas';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { apiRefusal } from './api-refusal';
import { keyView } from './api-keys';

/**
 * setApiKeyCap: sets (or with null clears) the credits a key's sends may spend an Accra day
 * (docs/api-v1.md#spending-caps); a send past it is refused in its charge's transaction. Another
 * account's key, or a revoked one, is not found.
 */
export async function setApiKeyCap(
  ctx: GatewayContext,
  user: UserRow,
  keyId: string,
  dailyCap: number | null,
  source: AuditSource,
): Promise<ApiKey> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('api_keys')
      .set({ daily_cap: dailyCap })
      .where('id', '=', keyId)
      .where('profile_id', '=', user.profile_id)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw apiRefusal(404, 'not_found', 'No such API key', 'keyId');
    await recordAudit(trx, {
      at: now,
      actor: user,
      action: 'spending_cap_changed',
      source,
      details: { key: keyId, dailyCap: dailyCap ?? 'none' },
    });
    return keyView(row);
  });
}
