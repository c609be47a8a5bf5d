import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * A recipient with its own text (personalized) keeps its own encoding: null means "the message's", as
 * for text. The carrier log records what went out per recipient: parts and encoding beside the text.
 */
export function recipientEncoding(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('message_recipients').addColumn('unicode', 'integer').execute();
      await db.schema
        .alterTable('carrier_messages')
        .addColumn('parts', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('carrier_messages')
        .addColumn('unicode', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
