import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { notNull } from '../columns';

/**
 * A personalized send keeps its template (docs/product.md#personalisation): `messages.template`,
 * null for a regular send and for sends stored before it. A personalized registration also keeps
 * each recipient's row of values (`recipient_fields`), so an edit of its template fills every
 * recipient's own text again.
 */
export function personalTemplates(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('messages').addColumn('template', 'text').execute();
      await db.schema
        .createTable('recipient_fields')
        .addColumn('message_id', 'integer', notNull)
        .addColumn('recipient_index', 'integer', notNull)
        .addColumn('fields', 'text', notNull)
        .addPrimaryKeyConstraint('recipient_fields_pk', ['message_id', 'recipient_index'])
        .execute();
    },
  };
}
