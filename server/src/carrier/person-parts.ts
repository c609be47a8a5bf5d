import type { Executor } from '../db/database';
import { chunks } from '../db/queries';
import { maskedPhone } from '../../../src/domain/account/person-data';
import { PART } from '../db/schema-carrier';

/**
 * An erasure's carrier side (docs/compliance.md#a-persons-data): the wire parts of the recipients
 * messaging masked, their receipts, the simulator's reports and its log of those messages get the
 * masked number, and so do the receipts of that number no part took. Only final recipients are
 * erased, so no part left here is still to be sent.
 */
export async function maskNumberInCarrier(
  db: Executor,
  canonical: string,
  recipientIds: readonly number[],
  messageIds: readonly number[],
): Promise<void> {
  const masked = maskedPhone(canonical);
  for (const part of chunks(recipientIds)) {
    const parts = await db.selectFrom('carrier_parts').select('id').where('recipient_id', 'in', part).execute();
    await db.updateTable('carrier_parts').set({ to_number: masked }).where('recipient_id', 'in', part).execute();
    for (const ids of chunks(parts.map((p) => p.id))) {
      await db.updateTable('carrier_receipts').set({ to_number: masked }).where('part_id', 'in', ids).execute();
      await db
        .updateTable('carrier_sim_reports')
        .set({ to_number: masked, number: masked })
        .where('part_id', 'in', ids)
        .execute();
    }
  }
  // Receipts no part took (an id never heard, or one that came after its part was given up) hold the
  // number too; they are few (receipts_waiting indexes only them). While a part to the number is in
  // doubt (any account's: its answer was lost), they are its way to an outcome (parts/receipts.ts
  // matchInDoubtReceipts) and stay as they came; another account's part is not this erasure's.
  const inDoubt = await db
    .selectFrom('carrier_parts')
    .select('id')
    .where('state', '=', PART.inDoubt)
    .where('to_number', '=', canonical)
    .limit(1)
    .executeTakeFirst();
  if (!inDoubt)
    await db
      .updateTable('carrier_receipts')
      .set({ to_number: masked })
      .where('part_id', 'is', null)
      .where('to_number', '=', canonical)
      .execute();
  for (const ids of chunks(messageIds)) {
    await db
      .updateTable('carrier_messages')
      .set({ to_number: masked })
      .where('message_id', 'in', ids)
      .where('to_number', '=', canonical)
      .execute();
  }
}
