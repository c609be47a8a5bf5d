import type { Executor } from '../db/database';
import { maskPhoneIn } from '../../../src/domain/account/person-data';

/**
 * An erasure's API side (docs/compliance.md#a-persons-data): its webhook deliveries' bodies, sent or
 * still to send, get the masked number. A delivery still to send is signed when it is sent, so it goes
 * out masked. (The API's stored answers are masked with the send path's: messaging's maskNumberInSendAnswers.)
 */
export async function maskNumberInIntegrations(db: Executor, profileId: number, canonical: string) {
  const digits = `%${canonical.slice(-9)}%`;
  const deliveries = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.payload'])
    .where('e.profile_id', '=', profileId)
    .where('d.payload', 'like', digits)
    .execute();
  for (const d of deliveries) {
    const payload = maskPhoneIn(d.payload, canonical);
    if (payload !== d.payload)
      await db.updateTable('webhook_deliveries').set({ payload }).where('id', '=', d.id).execute();
  }
  return deliveries.length;
}
