import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

export function messaging(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('messages'))
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('supid', 'integer', notNull)
        .addColumn('username', 'text', notNull)
        .addColumn('job_id', 'text')
        .addColumn('job_key', 'text')
        .addColumn('random_alpha', 'text', notNull)
        .addColumn('list', 'text', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('message_type', 'text', notNull)
        .addColumn('typeandsubtype', 'text', empty)
        .addColumn('short_message', 'text', empty)
        .addColumn('source_address', 'text', empty)
        .addColumn('description', 'text', empty)
        .addColumn('unicode', 'integer', zero)
        .addColumn('flash', 'integer', zero)
        .addColumn('parts', 'integer', zero)
        .addColumn('posted', 'integer', zero)
        .addColumn('submitted', 'integer', zero)
        .addColumn('sent', 'integer', zero)
        .addColumn('failed', 'integer', zero)
        .addColumn('credits', 'double precision', zero)
        .addColumn('destination_preview', 'text', empty)
        .addColumn('preview_count', 'integer', zero)
        .addColumn('search_text', 'text', empty)
        .addColumn('parent_id', 'integer')
        .addColumn('state', 'text', notNull)
        .addColumn('registered_at', ms, notNull)
        .addColumn('sent_at', ms)
        .addColumn('anchor_at', ms)
        .addColumn('next_run_at', ms)
        .addColumn('last_run_at', ms)
        .addColumn('last_run_id', 'integer')
        .addColumn('slot', 'integer', zero)
        .addColumn('run_count', 'integer', zero)
        .addColumn('recurring_period', 'text', empty)
        .addColumn('recurring_interval', 'double precision', zero)
        .addColumn('last_error', 'text', empty)
        .addColumn('created_at', ms, notNull)
        .execute();
      // Lists page newest first per owner and per supervisor; the scheduler scans due registrations.
      await db.schema.createIndex('messages_owner').on('messages').columns(['profile_id', 'list', 'id']).execute();
      await db.schema.createIndex('messages_sup').on('messages').columns(['supid', 'list', 'id']).execute();
      await db.schema.createIndex('messages_job').on('messages').columns(['profile_id', 'job_key']).unique().execute();
      await db.schema.createIndex('messages_alpha').on('messages').column('random_alpha').unique().execute();
      await db.schema.createIndex('messages_due').on('messages').columns(['state', 'next_run_at']).execute();
      await db.schema.createIndex('messages_parent').on('messages').columns(['parent_id', 'id']).execute();

      await withId(dialect, db.schema.createTable('message_recipients'))
        .addColumn('message_id', 'integer', notNull)
        .addColumn('recipient_index', 'integer', notNull)
        .addColumn('number', 'text', notNull)
        .addColumn('text', 'text')
        .addColumn('parts', 'integer', notNull)
        .addColumn('stage', 'integer', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('verdict', 'text', empty)
        .addColumn('referencekey', 'text', empty)
        .addColumn('paid', 'integer', zero)
        .addColumn('birthday_md', 'text', empty)
        .addColumn('md_given', 'integer', zero)
        .addColumn('due_at', ms, notNull)
        .addColumn('updated_at', ms, notNull)
        .execute();
      // (message, index) unique: with the (profile, job) row above, each (profile, job, index) is accepted once.
      await db.schema
        .createIndex('recipients_message_index')
        .on('message_recipients')
        .columns(['message_id', 'recipient_index'])
        .unique()
        .execute();
      await db.schema.createIndex('recipients_stage').on('message_recipients').columns(['stage', 'id']).execute();

      await db.schema
        .createTable('send_answers')
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('idem_key', 'text', notNull)
        .addColumn('answer', 'text', notNull)
        .addColumn('created_at', ms, notNull)
        .addPrimaryKeyConstraint('send_answers_pk', ['profile_id', 'idem_key'])
        .execute();
    },
  };
}
