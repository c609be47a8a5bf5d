import type { Kysely, Migration } from 'kysely';

/**
 * The ledger rows of one cause (a message, a checkout) of an account: a refund finds the API key its
 * send was charged through (money/ledger.ts keyOfCharge) without reading the account's whole ledger.
 */
export function ledgerByCause(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      await db.schema
        .createIndex('credit_ledger_cause')
        .ifNotExists()
        .on('credit_ledger')
        .columns(['profile_id', 'ref_kind', 'ref_id'])
        .execute();
    },
  };
}
