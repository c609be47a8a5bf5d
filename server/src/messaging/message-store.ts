import { randomBytes } from 'node:crypto';
import type { CompiledQuery, Insertable } from 'kysely';
import { formatAccra } from '../../../src/domain/dates';
import { STAGE, type MessageRecipientsTable, type MessageRow } from '../db/schema-messaging';
import type { RecipientStatus } from '../../../src/domain/messages/message-status';
import type { Executor } from '../db/database';
import { sameParameters } from '../db/queries';
import { yieldToLoop } from '../core/event-loop';

/** List answers and the search carry at most this many numbers of a message (the rest is counted). */
export const PREVIEW_NUMBERS = 200;
/** Multi-row inserts of this many recipients stay far below SQLite's and PostgreSQL's bound-parameter caps. */
export const INSERT_CHUNK = 1000;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
let pool = Buffer.alloc(0);
let used = 0;

/** List items open at {path}/{randomAlpha} (docs/product.md#screens-and-routes); 14 random letters make collisions negligible (unique index). */
export function randomAlpha(): string {
  let out = '';
  while (out.length < 14) {
    // One crypto call per 4 KiB: runs of a 100,000-row seed or of many sends stay cheap.
    if (used >= pool.length) {
      pool = randomBytes(4096);
      used = 0;
    }
    const byte = pool[used++]!;
    // 208 = 4 x 52: bytes at or above it are dropped, so every letter is equally likely.
    if (byte < 208) out += LETTERS[byte % 52];
  }
  return out;
}

/** The minute last written, and its text: a stream of sends formats the same minute over and over. */
let minute = { of: Number.NaN, text: '' };
const minuteText = (at: number) => {
  // The pattern stops at minutes, and time zones move by whole minutes: one text per minute.
  const of = Math.floor(at / 60_000);
  if (of !== minute.of) minute = { of, text: formatAccra(at, 'yyyy-MM-dd HH:mm') };
  return minute.text;
};

/** Every searchable field of a message, lower-cased once so the search is a single LIKE on both databases. */
export function searchTextOf(
  m: Pick<
    MessageRow,
    | 'short_message'
    | 'source_address'
    | 'description'
    | 'username'
    | 'message_type'
    | 'typeandsubtype'
    | 'destination_preview'
    | 'recurring_period'
  > & { at: number | null },
): string {
  const when = m.at === null ? '' : minuteText(m.at);
  return [
    m.short_message,
    m.source_address,
    m.description,
    m.username,
    m.message_type,
    m.typeandsubtype,
    m.recurring_period,
    when,
    m.destination_preview,
  ]
    .join('\n')
    .toLowerCase();
}

/** Recomputes a message's first PREVIEW_NUMBERS numbers (in index order) and its search text. */
export async function refreshPreview(db: Executor, messageId: number): Promise<void> {
  const message = await db.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow();
  if (message.preview_count >= PREVIEW_NUMBERS) return;
  const rows = await db
    .selectFrom('message_recipients')
    .select('number')
    .where('message_id', '=', messageId)
    .orderBy('recipient_index')
    .limit(PREVIEW_NUMBERS)
    .execute();
  const preview = rows.map((r) => r.number).join(',');
  const at = message.list === 'bulk' ? message.sent_at : message.anchor_at;
  await db
    .updateTable('messages')
    .set({
      destination_preview: preview,
      preview_count: rows.length,
      search_text: searchTextOf({ ...message, destination_preview: preview, at }),
    })
    .where('id', '=', messageId)
    .execute();
}

export interface NewRecipient {
  index: number;
  number: string;
  /** This recipient's own composed text and encoding (see `insertRecipients` for what is stored). */
  text: string;
  unicode: boolean;
  parts: number;
  birthdayMd?: string;
  mdGiven?: boolean;
  /**
   * On the account's suppression list (server/src/optouts): a send's recipient is stored final as
   * OPTED_OUT (never queued, never charged); a registration's template is not prepaid, its runs decide.
   */
  optedOut?: boolean;
  /** A personalized registration's recipient: the values its text was filled from (recipient-fields.ts). */
  fields?: Readonly<Record<string, string>> | undefined;
}

export interface RecipientDefaults {
  stage: number;
  status: RecipientStatus;
  paid: boolean;
  now: number;
  randomAlpha: string;
}

/** Every column of a recipient row but its id, in the order the insert helpers write them. */
export const RECIPIENT_COLUMNS = [
  'message_id',
  'recipient_index',
  'number',
  'text',
  'unicode',
  'parts',
  'stage',
  'status',
  'referencekey',
  'paid',
  'birthday_md',
  'md_given',
  'queued_at',
  'updated_at',
] as const;
/** The recipient columns holding integers. */
export const INTEGER_COLUMNS: ReadonlySet<string> = new Set([
  'message_id',
  'recipient_index',
  'unicode',
  'parts',
  'stage',
  'paid',
  'md_given',
  'queued_at',
  'updated_at',
]);
export type RecipientInsert = Required<Omit<Insertable<MessageRecipientsTable>, 'id' | 'done_at' | 'error'>>;
export type Inserted = { id: number; recipient_index: number; parts: number; number: string; status: RecipientStatus };

/** A recipient's row: its own text and encoding only when they differ from its message's. */
export function recipientRow(message: JoinedMessage, r: NewRecipient, d: RecipientDefaults): RecipientInsert {
  const follows = r.text === message.short_message && r.unicode === (message.unicode === 1);
  const skipped = r.optedOut === true && d.stage !== STAGE.template;
  return {
    message_id: message.id,
    recipient_index: r.index,
    number: r.number,
    text: follows ? null : r.text,
    unicode: follows ? null : r.unicode ? 1 : 0,
    parts: r.parts,
    stage: skipped ? STAGE.final : d.stage,
    status: skipped ? 'OPTED_OUT' : d.status,
    referencekey: `${d.randomAlpha}-${r.index}`,
    paid: d.paid && !r.optedOut ? 1 : 0,
    birthday_md: r.birthdayMd ?? '',
    md_given: r.mdGiven ? 1 : 0,
    queued_at: d.now,
    updated_at: d.now,
  };
}

const flatten = (rows: readonly RecipientInsert[]) => rows.flatMap((r) => RECIPIENT_COLUMNS.map((c) => r[c]));
/** The message a recipient joins: its text and encoding are what a recipient without its own follows. */
export type JoinedMessage = Pick<MessageRow, 'id' | 'short_message' | 'unicode'>;

/**
 * Inserts recipients in multi-row chunks; a (message, index) already there is skipped (insert-or-ignore),
 * so a repeated or re-split batch adds only the new indices. Returns what was inserted; the caller
 * appends their events (recipient-events.ts logCreated) as its transaction's last write.
 * A recipient's text and encoding are stored unless they equal the message's own, compared with the
 * message row itself, never with another item of the request: however a send is cut into batches,
 * each recipient keeps exactly the text composed for it.
 */
export async function insertRecipients(
  db: Executor,
  message: JoinedMessage,
  recipients: readonly NewRecipient[],
  d: RecipientDefaults,
) {
  const inserted: Inserted[] = [];
  // Kysely spends as long compiling a 1,000-row insert as SQLite spends running it: full chunks reuse the
  // first one's compiled statement with their own bound parameters.
  let template: CompiledQuery<Inserted> | null = null;
  for (let start = 0; start < recipients.length; start += INSERT_CHUNK) {
    // A yield before each insert: SQLite runs one in 10 to 20 ms, and a transaction's statements do not
    // wait their turn (db/sqlite-turns.ts); the first follows the send's own work before it.
    await yieldToLoop();
    const rows = recipients.slice(start, start + INSERT_CHUNK).map((r) => recipientRow(message, r, d));
    let compiled: CompiledQuery<Inserted>;
    if (template && rows.length === INSERT_CHUNK) {
      compiled = { ...template, parameters: flatten(rows) };
    } else {
      compiled = db
        .insertInto('message_recipients')
        .values(rows)
        .onConflict((oc) => oc.columns(['message_id', 'recipient_index']).doNothing())
        .returning(['id', 'recipient_index', 'parts', 'number', 'status'])
        .compile();
      if (rows.length === INSERT_CHUNK && sameParameters(compiled.parameters, flatten(rows))) template = compiled;
    }
    inserted.push(...(await db.executeQuery(compiled)).rows);
  }
  // RETURNING order is not promised: index order keeps previews and answers stable.
  return inserted.sort((a, b) => a.recipient_index - b.recipient_index);
}

export const sumParts = (rows: readonly { parts: number }[]) => rows.reduce((n, r) => n + r.parts, 0);
