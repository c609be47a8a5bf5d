import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * A checkout is paid either on the dev mode's simulated page or on Paystack; the provider
 * decides what may settle it (only Paystack's verified answer for real payments), and what the
 * provider last said is kept for support.
 */
export function checkoutProvider(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('checkouts')
        .addColumn('provider', 'text', (c) => c.notNull().defaultTo('sim'))
        .execute();
      await db.schema
        .alterTable('checkouts')
        .addColumn('provider_note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
