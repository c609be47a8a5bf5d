// Which numbers a message already holds, for a regular send's later batches (docs/product.md#phone-numbers).
import { sql, type RawBuilder } from 'kysely';
import type { DialectName, Executor } from '../db/database';
import { chunks, typedValues } from '../db/queries';
import { yieldToLoop } from '../core/event-loop';
import { isMaskedPhone } from '../../../src/domain/account/person-data';

/**
 * The numbers among `numbers` that the message holds at an index outside `from`..`to` (an earlier batch of
 * its job). The batch's own indices are left out: a repeated or re-split batch is not its own repeat.
 */
export async function numbersHeldOutside(
  db: Executor,
  messageId: number,
  numbers: readonly string[],
  from: number,
  to: number,
): Promise<Set<string>> {
  const held = new Set<string>();
  for (const part of chunks([...new Set(numbers)])) {
    const rows = await db
      .selectFrom('message_recipients')
      .select('number')
      .where('message_id', '=', messageId)
      .where('number', 'in', part)
      .where((eb) => eb.or([eb('recipient_index', '<', from), eb('recipient_index', '>', to)]))
      .execute();
    for (const r of rows) held.add(r.number);
  }
  return held;
}

/** Some of a message's numbers (up to `limit`, any order): enough to tell whether it reaches only one. */
export async function someNumbersOf(db: Executor, messageId: number, limit = 2): Promise<string[]> {
  const rows = await db
    .selectFrom('message_recipients')
    .select('number')
    .distinct()
    .where('message_id', '=', messageId)
    .limit(limit)
    .execute();
  return rows.map((r) => r.number);
}

/**
 * When each of these recipients' delivery receipts came (done_at), for those delivered: once set it
 * never changes (SENT is final). Asked for the clicks of short links not yet known delivered, many at a
 * time (links/open.ts). Not kept prepared: its plan follows the table's size (prepared-statements.ts).
 */
export async function deliveredTimes(
  db: Executor,
  dialect: DialectName,
  recipientIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = typedValues(
    dialect,
    recipientIds.map((id) => ({ id })),
    { id: 'bigint' },
    { padded: true },
  );
  const { rows } = await sql<{ id: number; done_at: number }>`select id, done_at from message_recipients
    where id in (select column1 from ${ids} as v) and status = 'SENT' and done_at is not null`.execute(db);
  return new Map(rows.map((r) => [Number(r.id), Number(r.done_at)]));
}

/**
 * A recipient's delivery time as a column of another area's read (a short link's, read with it in one
 * statement): its `done_at` once the carrier said SENT, else null.
 */
export function deliveredTimeColumn(recipientId: RawBuilder<unknown>): RawBuilder<number | string | null> {
  return sql<number | string | null>`(select r.done_at from message_recipients r
    where r.id = ${recipientId} and r.status = 'SENT')`;
}

/** Recipients read a step at a time for a follow-up's numbers. */
const FOLLOW_UP_STEP = 5000;

/**
 * A message's recipients who can be written to again, by index: not stored OPTED_OUT (never sent) and
 * not masked by an erasure; each number once, the first index it has.
 */
export async function reachableRecipients(
  db: Executor,
  messageId: number,
): Promise<{ recipient_index: number; number: string }[]> {
  const found: { recipient_index: number; number: string }[] = [];
  const seen = new Set<string>();
  for (let after = -1; ;) {
    const rows = await db
      .selectFrom('message_recipients')
      .select(['recipient_index', 'number'])
      .where('message_id', '=', messageId)
      .where('recipient_index', '>', after)
      .where('status', '<>', 'OPTED_OUT')
      .orderBy('recipient_index')
      .limit(FOLLOW_UP_STEP)
      .execute();
    for (const r of rows) {
      if (isMaskedPhone(r.number) || seen.has(r.number)) continue;
      seen.add(r.number);
      found.push(r);
    }
    if (rows.length < FOLLOW_UP_STEP) return found;
    after = rows[rows.length - 1]!.recipient_index;
    await yieldToLoop();
  }
}
