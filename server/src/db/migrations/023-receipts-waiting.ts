import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * Receipts that came before their submit answer wait without a part (carrier/parts/receipts.ts). An
 * index of only those, by carrier id, is all the look after each batch of answers reads: the index it
 * replaces held every receipt by part, so that look read past the connector's matched receipts, more
 * of them with every receipt stored.
 */
export function receiptsWaiting(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('receipts_unmatched').execute();
      await db.schema
        .createIndex('receipts_waiting')
        .on('carrier_receipts')
        .columns(['connector', 'carrier_id'])
        .where(sql.ref('part_id'), 'is', null)
        .execute();
    },
  };
}
