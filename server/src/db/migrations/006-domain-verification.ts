import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { empty } from '../columns';

/**
 * A domain a reseller claims serves its brand only once the gateway has verified it (docs/api.md#domains):
 * domains that already exist stay live; new claims start unverified with their own token.
 */
export function domainVerification(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('domains')
        .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('domains').addColumn('verify_token', 'text', empty).execute();
    },
  };
}
