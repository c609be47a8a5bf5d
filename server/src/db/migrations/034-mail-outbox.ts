import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

/** E-mail written beside what caused it and sent by the mail loop (server/src/mail, docs/deployment.md#e-mail). */
export function mailOutbox(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('mail_outbox'))
        .addColumn('profile_id', 'integer', zero)
        .addColumn('kind', 'text', notNull)
        .addColumn('to_address', 'text', notNull)
        .addColumn('from_name', 'text', notNull)
        .addColumn('reply_to', 'text', empty)
        .addColumn('subject', 'text', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('attempts', 'integer', zero)
        .addColumn('next_at', bigint(dialect), notNull)
        .addColumn('claimed_until', bigint(dialect), zero)
        .addColumn('last_error', 'text', empty)
        .addColumn('created_at', bigint(dialect), notNull)
        .addColumn('sent_at', bigint(dialect), zero)
        .execute();
      // The loop's look-up: what is due, oldest first.
      await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_at']).execute();
      await db.schema.createIndex('mail_outbox_owner').on('mail_outbox').columns(['profile_id', 'id']).execute();
    },
  };
}
