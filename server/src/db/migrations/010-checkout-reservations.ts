import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * A reseller's credits for a checkout are set aside when the link is made (`reserved`, taken from
 * its balance) and given back once if the checkout ends unpaid; the sweep finds expired links by
 * status and time. Links made before this held nothing (0): paying one takes from the balance then.
 */
export function checkoutReservations(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('checkouts')
        .addColumn('reserved', 'double precision', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('checkouts_open').on('checkouts').columns(['status', 'expires_at']).execute();
    },
  };
}
