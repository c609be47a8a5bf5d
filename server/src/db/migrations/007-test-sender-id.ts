import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * An account without an approved sender ID of its own is given 'TEST' (docs/product.md#sender-ids),
 * which sends the apply-for-an-ID notice, until its first own ID is approved.
 */
export function testSenderId(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update users set senderidapproved = 'TEST' where senderidapproved = ''`.execute(db);
    },
  };
}
