import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * The send call's stored answers are pruned by age every scheduler tick (messaging/idempotency.ts
 * `pruneAnswers`, every 2 seconds): without an index of their times each prune read the whole table.
 */
export function sendAnswersCreatedIndex(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('send_answers_age').on('send_answers').column('created_at').execute();
    },
  };
}
