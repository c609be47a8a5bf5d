import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

/**
 * A real carrier (docs/carrier.md). Each message part's state is stored before it goes on the wire
 * (carrier_parts), receipts are stored before they are answered (carrier_receipts), and each
 * gateway instance keeps a heartbeat so the others can take over what a dead one had claimed.
 */
export function carrierParts(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('carrier_parts'))
        .addColumn('recipient_id', 'integer') // null for a system text (sign-up and reset codes)
        .addColumn('seq', 'integer', notNull)
        .addColumn('total', 'integer', notNull)
        .addColumn('connector', 'text', notNull)
        .addColumn('state', 'integer', zero)
        .addColumn('owner', 'text')
        .addColumn('to_number', 'text', notNull)
        .addColumn('number', 'text', empty) // system texts only: the number as given (customers' parts read their recipient)
        .addColumn('sender', 'text', empty) // system texts only: customers' parts read their message
        .addColumn('text', 'text') // system texts only
        .addColumn('carrier_id', 'text')
        .addColumn('result', 'text', empty)
        .addColumn('error', 'text', empty)
        .addColumn('done_at', ms)
        .addColumn('updated_at', ms, notNull)
        .execute();
      await db.schema.createIndex('parts_state').on('carrier_parts').columns(['state', 'owner', 'id']).execute();
      await db.schema
        .createIndex('parts_carrier_id')
        .on('carrier_parts')
        .columns(['connector', 'carrier_id'])
        .execute();
      await db.schema.createIndex('parts_recipient').on('carrier_parts').columns(['recipient_id', 'seq']).execute();

      await withId(dialect, db.schema.createTable('carrier_receipts'))
        .addColumn('connector', 'text', notNull)
        .addColumn('carrier_id', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('error', 'text', empty)
        .addColumn('to_number', 'text', empty)
        .addColumn('done_at', ms)
        .addColumn('received_at', ms, notNull)
        .addColumn('part_id', 'integer') // null until matched to its part
        .execute();
      await db.schema
        .createIndex('receipts_unique')
        .on('carrier_receipts')
        .columns(['connector', 'carrier_id', 'state'])
        .unique()
        .execute();
      await db.schema.createIndex('receipts_unmatched').on('carrier_receipts').columns(['part_id', 'id']).execute();

      await db.schema
        .createTable('carrier_instances')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seen_at', ms, notNull)
        .execute();
      // What the receipt said last, kept on the recipient: the status page shows its time.
      await db.schema.alterTable('message_recipients').addColumn('done_at', ms).execute();
    },
  };
}
