import type { Executor } from '../db/database';
import { chunks } from '../db/queries';
import { STAGE } from '../db/schema-messaging';
import { maskPhoneIn, maskedPhone } from '../../../src/domain/person-data';

/**
 * Messages an account sent to one number, and their masking when the person's data is erased
 * (docs/compliance.md#a-persons-data). Recipients are stored canonical; `forms` adds older writings.
 */

const recipientsOf = (db: Executor, profileId: number, forms: readonly string[]) =>
  db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .where('m.profile_id', '=', profileId)
    .where('r.number', 'in', [...forms]);

/** Every recipient row of the number: deliveries and registrations' stored recipients, oldest first. */
export function messagesToNumber(db: Executor, profileId: number, forms: readonly string[]) {
  return recipientsOf(db, profileId, forms)
    .select([
      'r.id',
      'r.message_id',
      'r.stage',
      'r.status',
      'r.queued_at',
      'r.done_at',
      'r.text',
      'm.short_message',
      'm.source_address',
      'm.sent_at',
      'm.list',
    ])
    .orderBy('r.queued_at')
    .orderBy('r.id')
    .execute();
}

/** Recipients of the number still queued for the carrier or awaiting its receipt. */
export async function pendingToNumber(db: Executor, profileId: number, forms: readonly string[]): Promise<number> {
  const row = await recipientsOf(db, profileId, forms)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.stage', 'in', [STAGE.queued, STAGE.submitted])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Masks the number in the account's message history: every recipient row of it (deliveries and
 * registrations' stored recipients; a run skips a masked one as opted out) and the messages' number
 * previews and search texts. Answers the recipients masked and the messages they belong to.
 */
export async function maskNumberInMessages(
  db: Executor,
  profileId: number,
  canonical: string,
  forms: readonly string[],
  now: number,
): Promise<{ recipientIds: number[]; messageIds: number[] }> {
  const rows = await recipientsOf(db, profileId, forms).select(['r.id', 'r.message_id']).execute();
  const recipientIds = rows.map((r) => r.id);
  for (const part of chunks(recipientIds)) {
    await db
      .updateTable('message_recipients')
      .set({ number: maskedPhone(canonical), updated_at: now })
      .where('id', 'in', part)
      .execute();
  }
  // The previews list the first numbers of each send as written: found by their last nine digits.
  const previews = await db
    .selectFrom('messages')
    .select(['id', 'destination_preview', 'search_text'])
    .where('profile_id', '=', profileId)
    .where('destination_preview', 'like', `%${canonical.slice(-9)}%`)
    .execute();
  for (const m of previews) {
    const preview = maskPhoneIn(m.destination_preview, canonical);
    if (preview === m.destination_preview) continue;
    await db
      .updateTable('messages')
      .set({ destination_preview: preview, search_text: maskPhoneIn(m.search_text, canonical) })
      .where('id', '=', m.id)
      .execute();
  }
  return { recipientIds, messageIds: [...new Set(rows.map((r) => r.message_id))] };
}

/** The stored answers of the account's sends (Idempotency-Key repeats) with the number masked. */
export async function maskNumberInSendAnswers(db: Executor, profileId: number, canonical: string) {
  const rows = await db
    .selectFrom('send_answers')
    .select(['idem_key', 'answer'])
    .where('profile_id', '=', profileId)
    .where('answer', 'like', `%${canonical.slice(-9)}%`)
    .execute();
  for (const r of rows) {
    const answer = maskPhoneIn(r.answer, canonical);
    if (answer === r.answer) continue;
    await db
      .updateTable('send_answers')
      .set({ answer })
      .where('profile_id', '=', profileId)
      .where('idem_key', '=', r.idem_key)
      .execute();
  }
}
