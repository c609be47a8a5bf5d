import { createHash } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * Idempotency-Keys are stored as their SHA-256, the API's (integrations/idempotency.ts) and the send
 * call's (messaging/idempotency.ts): a key holds what its sender wrote in it, a phone number among
 * them, and an erasure must leave none of it. The keys already held are hashed in place, so their
 * repeats still find their answers.
 */
export function hashedIdempotencyKeys(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['api_idempotency', 'send_answers'] as const) {
        if (dialect === 'postgres') {
          await sql`update ${sql.table(table)} set idem_key = encode(sha256(convert_to(idem_key, 'UTF8')), 'hex')`.execute(
            db,
          );
          continue;
        }
        // SQLite has no SHA-256: each key is hashed here, by its rowid.
        const { rows } = await sql<{ id: number; idem_key: string }>`select rowid as id, idem_key from ${sql.table(
          table,
        )}`.execute(db);
        for (const r of rows) {
          const hash = createHash('sha256').update(r.idem_key).digest('hex');
          await sql`update ${sql.table(table)} set idem_key = ${hash} where rowid = ${r.id}`.execute(db);
        }
      }
    },
  };
}
