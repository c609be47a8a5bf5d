import type { StatementAnswer } from '../api/statement-api';
import type { StoredStatement } from './app-db';
import { db } from './db';

/** The months of statements a device keeps per account: the newest viewed ones, read offline. */
const KEPT_STATEMENTS = 12;

/** A month's statement of `subject` (the account itself or a client) as last fetched, or undefined. */
export const readStatement = (
  profileId: number,
  subject: number,
  month: string,
): Promise<StoredStatement | undefined> => db.statements.get([profileId, subject, month]);

/** Keeps the statement just fetched, and only the newest KEPT_STATEMENTS the account viewed. */
export async function saveStatement(profileId: number, statement: StatementAnswer, fetchedAt: number): Promise<void> {
  await db.transaction('rw', db.statements, async () => {
    await db.statements.put({
      profile_id: profileId,
      subject: statement.account.profile_id,
      month: statement.month,
      statement,
      fetchedAt,
    });
    const kept = await db.statements.where('profile_id').equals(profileId).sortBy('fetchedAt');
    const old = kept.slice(0, Math.max(0, kept.length - KEPT_STATEMENTS));
    await db.statements.bulkDelete(old.map((s) => [s.profile_id, s.subject, s.month] as [number, number, string]));
  });
}
