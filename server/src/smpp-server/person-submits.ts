import type { Executor } from '../db/database';
import { chunks } from '../db/queries';
import { maskedPhone } from '../../../src/domain/account/person-data';

/**
 * An erasure's SMPP side (docs/compliance.md#a-persons-data): the submits that became the masked
 * recipients, and the receipts owed for them, get the masked number. Submits still held (parts of a
 * long message, or scheduled) are not yet recipients and are left: the opt-out the erasure keeps
 * stops them when they are sent.
 */
export async function maskNumberInSmpp(
  db: Executor,
  profileId: number,
  canonical: string,
  recipientIds: readonly number[],
) {
  const masked = maskedPhone(canonical);
  for (const part of chunks(recipientIds)) {
    const submits = await db
      .selectFrom('smpp_submits')
      .select('id')
      .where('profile_id', '=', profileId)
      .where('recipient_id', 'in', part)
      .execute();
    if (submits.length === 0) continue;
    const ids = submits.map((s) => s.id);
    await db.updateTable('smpp_submits').set({ destination: masked }).where('id', 'in', ids).execute();
    await db
      .updateTable('smpp_receipts')
      .set({ source: masked })
      .where('profile_id', '=', profileId)
      .where('submit_id', 'in', ids)
      .execute();
  }
}
