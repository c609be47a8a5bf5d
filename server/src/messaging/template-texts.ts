import { sql } from 'kysely';
import type { DialectName, Executor } from '../db/database';
import { STAGE } from '../db/schema-messaging';
import { byId, chunks, joinById, rowsById } from '../db/queries';
import { anyTemplate } from './templates';

/**
 * A registration's templates given new texts (an edit of a personalized send's template: each
 * recipient's text filled again). A text equal to the registration's own (`short_message`, with its
 * encoding) is stored as null, as a send stores it (message-store.ts recipientRow).
 */

/** A template's stored text, encoding and parts. */
export interface TemplateText {
  id: number;
  text: string | null;
  unicode: number | null;
  parts: number;
}

/** Writes the templates whose text, encoding or parts changed; `rows` are their new values. */
export async function writeTemplateTexts(
  db: Executor,
  dialect: DialectName,
  regId: number,
  rows: readonly TemplateText[],
): Promise<void> {
  const following = rows.filter((r) => r.text === null);
  for (const part of chunks(following)) {
    // Those that follow the registration's text all have its parts.
    await db
      .updateTable('message_recipients')
      .set({ text: null, unicode: null, parts: part[0]!.parts })
      .where('message_id', '=', regId)
      .where('stage', '=', STAGE.template)
      .where(
        'id',
        'in',
        part.map((r) => r.id),
      )
      .execute();
  }
  const own = rows.filter((r): r is TemplateText & { text: string } => r.text !== null);
  for (const part of chunks(own)) {
    await db
      .updateTable('message_recipients')
      .from(
        rowsById(
          dialect,
          part.map((r) => [r.id, { text: r.text, unicode: r.unicode ?? 0, parts: r.parts }] as const),
          { text: 'text', unicode: 'bigint', parts: 'bigint' },
        ),
      )
      .set({
        text: byId<string>('text'),
        unicode: sql<number>`cast(${byId<number>('unicode')} as integer)`,
        parts: sql<number>`cast(${byId<number>('parts')} as integer)`,
      })
      .where(
        joinById(
          'message_recipients',
          part.map((r) => r.id),
        ),
      )
      .execute();
  }
}

/** Whether any template has a text of its own (a personalized send, or one with opt-out links). */
export const hasOwnTexts = (db: Executor, regId: number): Promise<boolean> =>
  anyTemplate(db, regId, (q) => q.where('text', 'is not', null));

/** A registration's templates: how many, how many follow its text, and the parts of those with their own. */
export async function templateShares(db: Executor, regId: number) {
  const row = await db
    .selectFrom('message_recipients')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>(sql`case when text is null then 1 else 0 end`), sql<number>`0`).as('following'),
      eb.fn.coalesce(eb.fn.sum<number>(sql`case when text is null then 0 else parts end`), sql<number>`0`).as('own'),
    ])
    .where('message_id', '=', regId)
    .where('stage', '=', STAGE.template)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), following: Number(row.following), ownParts: Number(row.own) };
}
