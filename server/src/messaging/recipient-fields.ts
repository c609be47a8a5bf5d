import type { DialectName, Executor } from '../db/database';
import { STAGE } from '../db/schema-messaging';
import { chunks, rowsToInsert } from '../db/queries';

/**
 * A personalized registration's recipients' values (their sheet row or contact), kept so an edit of
 * its template fills each recipient's text again (docs/product.md#personalisation). Only
 * registrations keep them; a delete or an erasure of the person's data drops them.
 */

export type Fields = Readonly<Record<string, string>>;

/** Rows a chunk writes: 3 values each, far below both databases' bound-parameter caps. */
const FIELDS_CHUNK = 1000;

/** Keeps the values of recipients just stored (a batch's new indices; a repeated one is skipped). */
export async function storeRecipientFields(
  db: Executor,
  dialect: DialectName,
  messageId: number,
  recipients: readonly { index: number; fields?: Fields | undefined }[],
): Promise<void> {
  const rows = recipients
    .filter((r) => r.fields !== undefined)
    .map((r) => ({ message_id: messageId, recipient_index: r.index, fields: JSON.stringify(r.fields) }));
  for (const part of chunks(rows, FIELDS_CHUNK)) {
    const { columns, source } = rowsToInsert(dialect, part, {
      message_id: 'bigint',
      recipient_index: 'bigint',
      fields: 'text',
    });
    await db
      .insertInto('recipient_fields')
      .columns(columns)
      .expression(source)
      .onConflict((oc) => oc.columns(['message_id', 'recipient_index']).doNothing())
      .execute();
  }
}

/** The values stored as JSON, read back; what is not a text field is left out. */
export function parseFields(json: string | null): Fields {
  if (!json) return {};
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** A registration's templates in index order after `after`, at most `limit`, each with its values (null when none). */
export function templatesWithFields(db: Executor, regId: number, after: number, limit: number) {
  return db
    .selectFrom('message_recipients as r')
    .leftJoin('recipient_fields as f', (join) =>
      join.onRef('f.message_id', '=', 'r.message_id').onRef('f.recipient_index', '=', 'r.recipient_index'),
    )
    .select(['r.id', 'r.recipient_index', 'r.number', 'r.text', 'r.unicode', 'r.parts', 'r.paid', 'f.fields'])
    .where('r.message_id', '=', regId)
    .where('r.stage', '=', STAGE.template)
    .where('r.recipient_index', '>', after)
    .orderBy('r.recipient_index')
    .limit(limit)
    .execute();
}

/** The field names of a registration's first recipient with values: what its template may name. */
export async function fieldNames(db: Executor, regId: number): Promise<string[]> {
  const row = await db
    .selectFrom('recipient_fields')
    .select('fields')
    .where('message_id', '=', regId)
    .orderBy('recipient_index')
    .limit(1)
    .executeTakeFirst();
  return Object.keys(parseFields(row?.fields ?? null));
}

/** A deleted registration's values go: it never runs again. */
export async function dropRegistrationFields(db: Executor, regId: number): Promise<void> {
  await db.deleteFrom('recipient_fields').where('message_id', '=', regId).execute();
}

/** The values of these recipients go (an erasure of their person's data); only templates have any. */
export async function dropFieldsOf(db: Executor, recipientIds: readonly number[]): Promise<void> {
  for (const part of chunks(recipientIds)) {
    const rows = await db
      .selectFrom('message_recipients')
      .select(['message_id', 'recipient_index'])
      .where('id', 'in', part)
      .where('stage', '=', STAGE.template)
      .execute();
    for (const r of rows) {
      await db
        .deleteFrom('recipient_fields')
        .where('message_id', '=', r.message_id)
        .where('recipient_index', '=', r.recipient_index)
        .execute();
    }
  }
}
