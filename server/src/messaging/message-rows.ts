// A message's row: the list each kind shows in, its one builder (newMessageRow), and a quick send
// stored whole with its recipients (insertQuickSend; on PostgreSQL in one statement: insertQuickSendInOne).
import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { MessageKind } from '../../../src/domain/types';
import type { DialectName, Executor } from '../db/database';
import type { MessageList, MessageRow, MessagesTable } from '../db/schema-messaging';
import { appendInsertedCtes } from './recipient-events';
import { prepared } from '../db/prepared-statements';
import { actingMemberId } from '../core/acting-member';
import { STAGE } from '../db/schema-messaging';
import {
  INSERT_CHUNK,
  insertRecipients,
  INTEGER_COLUMNS,
  PREVIEW_NUMBERS,
  RECIPIENT_COLUMNS,
  recipientRow,
  randomAlpha,
  searchTextOf,
  sumParts,
  type Inserted,
  type NewRecipient,
  type RecipientInsert,
} from './message-store';

/** The list each kind of send shows in: quick sends on the dashboard, the others as registrations. */
export const LIST_OF: Readonly<Record<MessageKind, MessageList>> = {
  quick: 'bulk',
  scheduled: 'scheduled',
  birthday: 'scheduled',
  recurring: 'recurring',
};

/** The columns a new message chooses; every other one starts empty (no counts, no preview, no runs). */
export type MessageFields = Pick<
  MessageRow,
  | 'profile_id'
  | 'supid'
  | 'username'
  | 'job_id'
  | 'job_key'
  | 'kind'
  | 'message_type'
  | 'typeandsubtype'
  | 'short_message'
  | 'source_address'
  | 'description'
  | 'unicode'
  | 'flash'
  | 'parts'
  | 'parent_id'
  | 'state'
  | 'registered_at'
  | 'sent_at'
  | 'anchor_at'
  | 'next_run_at'
  | 'recurring_period'
  | 'recurring_interval'
  | 'created_at'
> &
  Partial<
    Pick<
      MessageRow,
      | 'api_key_id'
      | 'api_mode'
      | 'reference'
      | 'api_callback'
      | 'template'
      | 'test_send'
      | 'category'
      | 'hold_until'
      | 'member_id'
    >
  >;

/** The counts and preview a message row may be born with (a send stored whole: insertQuickSend). */
type BornWith = Partial<Pick<MessageRow, 'posted' | 'credits' | 'opted_out' | 'destination_preview' | 'preview_count'>>;

/** The one builder of a message row: a send's message, a registration, or one run of a registration. */
export function newMessageRow(fields: MessageFields, list: MessageList = LIST_OF[fields.kind], born: BornWith = {}) {
  const row = {
    ...fields,
    // Who did what: a run keeps its registration's member, a send names the member who acted (core/acting-member.ts).
    member_id: fields.member_id !== undefined ? fields.member_id : actingMemberId(fields.profile_id),
    random_alpha: randomAlpha(),
    list,
    posted: 0,
    submitted: 0,
    sent: 0,
    failed: 0,
    opted_out: 0,
    credits: 0,
    destination_preview: '',
    preview_count: 0,
    search_text: '',
    last_run_at: null,
    last_run_id: null,
    slot: 0,
    run_count: 0,
    last_error: '',
    ...born,
  } satisfies Insertable<MessagesTable>;
  row.search_text = searchTextOf({ ...row, at: row.sent_at ?? row.anchor_at });
  return row;
}

/** A quick send's message row, born with its counts and preview, and its recipients' defaults. */
function quickSendRow(fields: MessageFields, recipients: readonly NewRecipient[]) {
  const preview = [...recipients]
    .sort((a, b) => a.index - b.index)
    .slice(0, PREVIEW_NUMBERS)
    .map((r) => r.number);
  const row = newMessageRow(fields, LIST_OF[fields.kind], {
    posted: recipients.length,
    opted_out: recipients.filter((r) => r.optedOut).length,
    credits: sumParts(recipients.filter((r) => !r.optedOut)),
    destination_preview: preview.join(','),
    preview_count: preview.length,
  });
  const defaults = {
    stage: STAGE.queued,
    status: 'PENDING' as const,
    paid: false,
    now: fields.created_at,
    randomAlpha: row.random_alpha,
  };
  return { row, defaults };
}

/**
 * A quick send stored whole in one step (the SMPP server's group of submits): its message row born
 * with its counts and preview, then its recipients, queued (opted-out ones stored OPTED_OUT and not
 * counted in its credits). Answers the recipients inserted and the message's id; the caller appends their events. On
 * PostgreSQL the message and its recipients are one statement (one round trip in the transaction).
 */
export async function insertQuickSend(
  db: Executor,
  dialect: DialectName,
  fields: MessageFields,
  recipients: readonly NewRecipient[],
) {
  const { row, defaults } = quickSendRow(fields, recipients);
  if (dialect === 'postgres' && recipients.length > 0 && recipients.length <= INSERT_CHUNK) {
    const joined = { id: 0, short_message: row.short_message, unicode: row.unicode };
    const rows = await insertMessageWithRecipients(
      db,
      row,
      recipients.map((r) => recipientRow(joined, r, defaults)),
    );
    const inserted = rows.map(({ message_id: _, ...r }) => r);
    return {
      inserted: inserted.sort((a, b) => a.recipient_index - b.recipient_index),
      messageId: Number(rows[0]!.message_id),
    };
  }
  const message = await db
    .insertInto('messages')
    .values(row)
    .returning(['id', 'short_message', 'unicode'])
    .executeTakeFirstOrThrow();
  return { inserted: await insertRecipients(db, message, recipients, defaults), messageId: message.id };
}

/** The writes a caller adds to insertQuickSendInOne's statement. */
export interface InOneWrites {
  /** Runs first: nothing is stored unless it answers a row (money/balance.ts takeWholeInOne). */
  gate: RawBuilder<unknown>;
  /** The ledger row of what the gate took, given the names of the gate's CTE and the message's. */
  entry: (gate: string, message: string) => RawBuilder<unknown>;
  /** The low-balance alert the gate's take raised, if any, given the gate CTE's name. */
  crossing: (gate: string) => RawBuilder<unknown>;
  /**
   * The caller's own rows, one for each recipient of the CTE it is given (`id`, `recipient_index`),
   * answering their `id` and `recipient_id`.
   */
  beside: (recipients: string) => RawBuilder<unknown>;
}

/** A recipient stored by insertQuickSendInOne, with the id of the caller's row beside it. */
export type InsertedBeside = Inserted & { beside_id: number | null };

/**
 * PostgreSQL: insertQuickSend and everything its transaction would do, in ONE statement, outside any
 * transaction (atomic by itself, and no BEGIN or COMMIT to wait for): the caller's gate (its credit),
 * the message and its recipients (at most INSERT_CHUNK), the caller's rows beside them, then the
 * append lock, the recipients' counts and their first events (recipient-events.ts
 * appendInsertedCtes), the lock held to the end of the statement. Answers the recipients stored, or
 * null when the gate answered no row and nothing was stored.
 */
export async function insertQuickSendInOne(
  db: Executor,
  fields: MessageFields,
  recipients: readonly NewRecipient[],
  { gate, entry, crossing, beside }: InOneWrites,
): Promise<InsertedBeside[] | null> {
  if (recipients.length === 0 || recipients.length > INSERT_CHUNK)
    throw new Error(`insertQuickSendInOne takes 1 to ${INSERT_CHUNK} recipients`);
  const { row, defaults } = quickSendRow(fields, recipients);
  const joined = { id: 0, short_message: row.short_message, unicode: row.unicode };
  const records = recipients.map((r) => {
    const { message_id: _, ...rest } = recipientRow(joined, r, defaults);
    return rest;
  });
  // Columns left undefined keep their defaults.
  const messageColumns = (Object.keys(row) as (keyof typeof row)[]).filter((c) => row[c] !== undefined);
  const columns = RECIPIENT_COLUMNS.filter((c) => c !== 'message_id');
  const { rows } = await prepared(sql<InsertedBeside>`with gate as (${gate}),
    m as (insert into messages (${sql.join(messageColumns.map((c) => sql.ref(c)))})
      select ${sql.join(messageColumns.map((c) => sql.ref(`x.${c}`)))}
      from gate, json_populate_record(null::messages, ${JSON.stringify(row)}::json) as x
      returning id, profile_id, supid, list, api_mode),
    paid as (${entry('gate', 'm')}),
    alert as (${crossing('gate')}),
    rr as (insert into message_recipients (${sql.join(RECIPIENT_COLUMNS.map((c) => sql.ref(c)))})
      select m.id, ${sql.join(columns.map((c) => sql.ref(`x.${c}`)))}
      from m, json_to_recordset(${JSON.stringify(records)}::json) as x(${RECIPIENT_RECORD})
      returning *),
    beside as (${beside('rr')}),
    ${appendInsertedCtes('rr', 'm', 'beside', fields.created_at)}
    select rr.id, rr.recipient_index, rr.parts, rr.number, rr.status, beside.id as beside_id
    from rr left join beside on beside.recipient_id = rr.id
    order by rr.recipient_index`).execute(db);
  if (rows.length === 0) return null;
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    recipient_index: Number(r.recipient_index),
    parts: Number(r.parts),
    beside_id: r.beside_id === null ? null : Number(r.beside_id),
  }));
}

/** Every recipient column but the message's id, as json_to_recordset reads them (integers as bigint). */
const RECIPIENT_RECORD = sql.raw(
  RECIPIENT_COLUMNS.filter((c) => c !== 'message_id')
    .map((c) => `${c} ${INTEGER_COLUMNS.has(c) ? 'bigint' : 'text'}`)
    .join(', '),
);

/**
 * PostgreSQL: a message row and its recipients (rows of recipientRow, their message id filled in
 * from the row inserted) in one statement; the recipients travel as one JSON parameter.
 */
function insertMessageWithRecipients(
  db: Executor,
  row: Insertable<MessagesTable>,
  rows: readonly RecipientInsert[],
): Promise<(Inserted & { message_id: number })[]> {
  const columns = RECIPIENT_COLUMNS.filter((c) => c !== 'message_id');
  const records = rows.map(({ message_id: _, ...rest }) => rest);
  return db
    .with('m', (qb) => qb.insertInto('messages').values(row).returning('id'))
    .insertInto('message_recipients')
    .columns([...RECIPIENT_COLUMNS])
    .expression(
      sql`select m.id, ${sql.join(columns.map((c) => sql.ref(`x.${c}`)))}
        from m, json_to_recordset(${JSON.stringify(records)}::json) as x(${RECIPIENT_RECORD})`,
    )
    .onConflict((oc) => oc.columns(['message_id', 'recipient_index']).doNothing())
    .returning(['id', 'message_id', 'recipient_index', 'parts', 'number', 'status'])
    .execute();
}
