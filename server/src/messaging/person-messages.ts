import type { DialectName, Executor } from '../db/database';
import { countAsErased } from './delivery-counters';
import { lockAppends } from './recipient-events';
import { chunks } from '../db/queries';
import { yieldToLoop } from '../core/event-loop';
import { PENDING_STAGES } from '../db/schema-messaging';
import { maskPhoneIn, maskedPhone } from '../../../src/domain/account/person-data';
import { dropFieldsOf } from './recipient-fields';

/**
 * Messages an account sent to one number, and their masking when the person's data is erased
 * (docs/compliance.md#a-persons-data). Recipients are stored canonical; `forms` adds older writings.
 */

/** Recipients read per step: a step scans about this many rows, so none holds SQLite's loop long. */
const STEP_ROWS = 100_000;
/** Messages per step at most, however small. */
const STEP_MESSAGES = 1000;

/** The account's message ids in steps of about STEP_ROWS recipients (by the counts they were posted with). */
async function messageSteps(db: Executor, profileId: number): Promise<number[][]> {
  const messages = await db
    .selectFrom('messages')
    .select(['id', 'posted'])
    .where('profile_id', '=', profileId)
    .orderBy('id')
    .execute();
  const steps: number[][] = [];
  let step: number[] = [];
  let rows = 0;
  for (const m of messages) {
    const size = Math.max(1, Number(m.posted));
    if (step.length > 0 && (rows + size > STEP_ROWS || step.length >= STEP_MESSAGES)) {
      steps.push(step);
      step = [];
      rows = 0;
    }
    step.push(m.id);
    rows += size;
  }
  if (step.length > 0) steps.push(step);
  return steps;
}

/** The number's recipient rows in these messages. */
const recipientsIn = (db: Executor, messageIds: readonly number[], forms: readonly string[]) =>
  db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .where('r.message_id', 'in', [...messageIds])
    .where('r.number', 'in', [...forms]);

/**
 * Runs `read` over the account's messages step by step, yielding between steps: a number is not
 * indexed, so each step scans its messages' recipients.
 */
async function overSteps<T>(
  db: Executor,
  profileId: number,
  read: (messageIds: readonly number[]) => Promise<T[]>,
): Promise<T[]> {
  const found: T[] = [];
  for (const [i, step] of (await messageSteps(db, profileId)).entries()) {
    if (i > 0) await yieldToLoop();
    found.push(...(await read(step)));
  }
  return found;
}

/** Every recipient row of the number: deliveries and registrations' stored recipients, oldest first. */
export async function messagesToNumber(db: Executor, profileId: number, forms: readonly string[]) {
  const rows = await overSteps(db, profileId, (ids) =>
    recipientsIn(db, ids, forms)
      .select([
        'r.id',
        'r.message_id',
        'r.recipient_index',
        'r.stage',
        'r.status',
        'r.queued_at',
        'r.done_at',
        'r.text',
        'm.short_message',
        'm.source_address',
        'm.sent_at',
        'm.list',
        'm.state',
      ])
      .execute(),
  );
  return rows.sort((a, b) => Number(a.queued_at) - Number(b.queued_at) || a.id - b.id);
}

/**
 * Recipients of the number still queued for the carrier or awaiting its receipt: read through the
 * stage index, so only the account's unfinished recipients are scanned.
 */
export async function pendingToNumber(db: Executor, profileId: number, forms: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.profile_id', '=', profileId)
    .where('r.number', 'in', [...forms])
    .where('r.stage', 'in', PENDING_STAGES)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Masks the number in the account's message history: every recipient row of it (deliveries and
 * registrations' stored recipients; a run skips a masked one as opted out; its counters move to
 * 'erased', under no network; a personalized one's kept values are dropped) and the messages' number
 * previews and search texts. Answers the recipients masked (with their message and index) and the
 * messages they belong to.
 */
export async function maskNumberInMessages(
  db: Executor,
  dialect: DialectName,
  profileId: number,
  canonical: string,
  forms: readonly string[],
  now: number,
): Promise<{
  recipientIds: number[];
  messageIds: number[];
  recipients: { id: number; message_id: number; recipient_index: number }[];
}> {
  const rows = await overSteps(db, profileId, (ids) =>
    recipientsIn(db, ids, forms)
      .select([
        'r.id',
        'r.message_id',
        'r.recipient_index',
        'r.number',
        'r.status',
        'r.error',
        'r.queued_at',
        'm.profile_id',
        'm.supid',
        'm.list',
        'm.api_mode',
      ])
      .execute(),
  );
  const recipientIds = rows.map((r) => r.id);
  // An erased recipient counts under no network: its counters move as its number goes.
  if (rows.length > 0) {
    await lockAppends(db, dialect);
    await countAsErased(db, rows);
  }
  // A personalized registration's values for these recipients (their name, their number ...) go.
  await dropFieldsOf(db, recipientIds);
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
  return {
    recipientIds,
    messageIds: [...new Set(rows.map((r) => r.message_id))],
    recipients: rows.map((r) => ({ id: r.id, message_id: r.message_id, recipient_index: r.recipient_index })),
  };
}

/** The stored answers of the account's sends and API requests (Idempotency-Key repeats) with the number masked. */
export async function maskNumberInSendAnswers(db: Executor, profileId: number, canonical: string) {
  const rows = await db
    .selectFrom('idempotent_answers')
    .select(['mode', 'idem_key', 'answer'])
    .where('profile_id', '=', profileId)
    .where('answer', 'like', `%${canonical.slice(-9)}%`)
    .execute();
  for (const r of rows) {
    const answer = maskPhoneIn(r.answer, canonical);
    if (answer === r.answer) continue;
    await db
      .updateTable('idempotent_answers')
      .set({ answer })
      .where('profile_id', '=', profileId)
      .where('mode', '=', r.mode)
      .where('idem_key', '=', r.idem_key)
      .execute();
  }
}
