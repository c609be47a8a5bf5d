import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull } from '../columns';

/**
 * One store of the answers given to an Idempotency-Key (messaging/idempotency.ts), instead of one for the
 * send call (`send_answers`) and one for the API v1 (`api_idempotency`): a row per account, mode ('' for
 * the app's send path, else the API key's mode) and key's SHA-256, with the request body's hash where the
 * API checks it. Every row held is copied, so a key repeated after the move finds its first answer.
 */
export function oneIdempotencyStore(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotent_answers')
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('mode', 'text', empty)
        .addColumn('idem_key', 'text', notNull)
        .addColumn('body_hash', 'text', empty)
        .addColumn('answer', 'text', notNull)
        .addColumn('created_at', bigint(dialect), notNull)
        .addPrimaryKeyConstraint('idempotent_answers_pk', ['profile_id', 'mode', 'idem_key'])
        .execute();
      await db.schema.createIndex('idempotent_answers_age').on('idempotent_answers').column('created_at').execute();
      await sql`insert into idempotent_answers (profile_id, mode, idem_key, body_hash, answer, created_at)
        select profile_id, '', idem_key, '', answer, created_at from send_answers`.execute(db);
      await sql`insert into idempotent_answers (profile_id, mode, idem_key, body_hash, answer, created_at)
        select profile_id, mode, idem_key, body_hash, answer, created_at from api_idempotency`.execute(db);
      await db.schema.dropTable('send_answers').execute();
      await db.schema.dropTable('api_idempotency').execute();
    },
  };
}
