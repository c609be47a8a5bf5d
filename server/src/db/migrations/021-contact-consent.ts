import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { empty } from '../columns';

/**
 * Consent on contacts (docs/compliance.md#consent-on-contacts): how the person agreed to be messaged
 * (short free text) and on which day ('yyyy-MM-dd'), both '' when not known.
 */
export function contactConsent(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('contacts').addColumn('consentsource', 'text', empty).execute();
      await db.schema.alterTable('contacts').addColumn('consentdate', 'text', empty).execute();
    },
  };
}
