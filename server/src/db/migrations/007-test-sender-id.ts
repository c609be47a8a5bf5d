import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * SPEC 2 lists a user's approved sender IDs; an account without its own is given 'TEST' (issue 17),
 * which sends the apply-for-an-ID notice, until its first own ID is approved.
 */
export function testSenderId(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update users set senderidapproved = 'TEST' where senderidapproved = ''`.execute(db);
    },
  };
}
