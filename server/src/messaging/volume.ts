import { sql } from 'kysely';
import type { Executor } from '../db/database';

/** SMS parts delivered by a profile and its clients since a time (deliveries only, not registrations). */
export async function partsSentSince(db: Executor, profileId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credits'), sql<number>`0`).as('parts'))
    .where('list', '=', 'bulk')
    .where((eb) => eb.or([eb('profile_id', '=', profileId), eb('supid', '=', profileId)]))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.parts);
}
