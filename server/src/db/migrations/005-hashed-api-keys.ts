import { createHash } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * API keys are stored as their SHA-256, like session tokens: a copy of the database no
 * longer sends SMS as every customer. A key is shown once, when it is generated.
 */
export function hashedApiKeys(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const kdb = db as unknown as Kysely<{ users: { profile_id: number; apikey: string } }>;
      const users = await kdb.selectFrom('users').select(['profile_id', 'apikey']).execute();
      for (const u of users) {
        const hash = createHash('sha256').update(u.apikey).digest('hex');
        await kdb.updateTable('users').set({ apikey: hash }).where('profile_id', '=', u.profile_id).execute();
      }
    },
  };
}
