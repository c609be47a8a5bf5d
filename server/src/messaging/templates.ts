import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { STAGE, type MessageRow } from '../db/schema-messaging';
import { RECIPIENT_COLUMNS } from './message-store';
import { OPT_OUT_LINE_START, OPT_OUT_PATH } from '../../../src/domain/numbers/opt-out';

/**
 * A registration's recipients are templates (stage template, status SCHEDULED): each run copies the
 * chosen ones into its delivery as queued recipients. A template's `paid` says its first delivery was
 * paid at acceptance.
 */

/** Which template recipients a delivery takes: all, the birthdays of a day, or some indices (late batches). */
export interface TemplateFilter {
  monthDays?: readonly string[];
  indices?: readonly number[];
}

const chosen = (db: Executor, regId: number, filter: TemplateFilter) => {
  let q = db.selectFrom('message_recipients').where('message_id', '=', regId).where('stage', '=', STAGE.template);
  if (filter.monthDays) q = q.where('birthday_md', 'in', filter.monthDays);
  if (filter.indices) q = q.where('recipient_index', 'in', filter.indices);
  return q;
};

/** How many templates the filter takes, their parts, and the parts of those whose delivery is not paid yet. */
export async function templateTotals(db: Executor, regId: number, filter: TemplateFilter) {
  const totals = await chosen(db, regId, filter)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('parts'), sql<number>`0`).as('parts'),
      eb.fn.coalesce(eb.fn.sum<number>(sql`case when paid = 0 then parts else 0 end`), sql<number>`0`).as('unpaid'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(totals.count), parts: Number(totals.parts), unpaid: Number(totals.unpaid) };
}

/**
 * Copies the chosen templates into a run as queued recipients (PENDING), in one INSERT ... SELECT, and
 * marks their prepaid first delivery used: later runs pay for themselves. Returns the new recipients' ids.
 */
export async function queueFromTemplates(
  db: Executor,
  regId: number,
  run: Pick<MessageRow, 'id' | 'random_alpha'>,
  filter: TemplateFilter,
  now: number,
): Promise<number[]> {
  const rows = await db
    .insertInto('message_recipients')
    .columns(RECIPIENT_COLUMNS)
    .expression(
      chosen(db, regId, filter).select([
        sql<number>`cast(${run.id} as integer)`.as('message_id'),
        'recipient_index',
        'number',
        'text',
        'unicode',
        'parts',
        sql<number>`cast(${STAGE.queued} as integer)`.as('stage'),
        sql<'PENDING'>`cast(${'PENDING'} as text)`.as('status'),
        sql<string>`cast(${run.random_alpha} as text) || '-' || cast(recipient_index as text)`.as('referencekey'),
        sql<number>`cast(0 as integer)`.as('paid'),
        sql<string>`cast(${''} as text)`.as('birthday_md'),
        sql<number>`cast(0 as integer)`.as('md_given'),
        sql<number>`cast(${now} as bigint)`.as('queued_at'),
        sql<number>`cast(${now} as bigint)`.as('updated_at'),
      ]),
    )
    .returning('id')
    .execute();
  let consumed = db
    .updateTable('message_recipients')
    .set({ paid: 0 })
    .where('message_id', '=', regId)
    .where('stage', '=', STAGE.template)
    .where('paid', '=', 1);
  if (filter.monthDays) consumed = consumed.where('birthday_md', 'in', filter.monthDays);
  if (filter.indices) consumed = consumed.where('recipient_index', 'in', filter.indices);
  await consumed.execute();
  return rows.map((r) => r.id);
}

/** The prepaid templates of a registration: all, or only those that follow its text (no text of their own). */
export async function prepaidTemplates(db: Executor, regId: number, followingOnly: boolean) {
  let query = db
    .selectFrom('message_recipients')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('parts'), sql<number>`0`).as('parts'),
    ])
    .where('message_id', '=', regId)
    .where('stage', '=', STAGE.template)
    .where('paid', '=', 1);
  if (followingOnly) query = query.where('text', 'is', null);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.n), parts: Number(row.parts) };
}

/** A new text's parts on the templates that follow the registration's text. */
export async function setFollowingParts(db: Executor, regId: number, parts: number) {
  await db
    .updateTable('message_recipients')
    .set({ parts })
    .where('message_id', '=', regId)
    .where('stage', '=', STAGE.template)
    .where('text', 'is', null)
    .execute();
}

/** A birthday send's new date is the birthday of the recipients not found in the phone book. */
export async function setGivenBirthdays(db: Executor, regId: number, monthDay: string) {
  await db
    .updateTable('message_recipients')
    .set({ birthday_md: monthDay })
    .where('message_id', '=', regId)
    .where('stage', '=', STAGE.template)
    .where('md_given', '=', 1)
    .execute();
}

/** Gives up the prepaid first deliveries of a deleted registration: returns the credits they held. */
export async function releasePrepaid(db: Executor, regId: number): Promise<number> {
  const { parts } = await prepaidTemplates(db, regId, false);
  await db
    .updateTable('message_recipients')
    .set({ paid: 0 })
    .where('message_id', '=', regId)
    .where('stage', '=', STAGE.template)
    .where('paid', '=', 1)
    .execute();
  await db
    .updateTable('messages')
    .set({ credits: sql<number>`credits - ${parts}` })
    .where('id', '=', regId)
    .execute();
  return parts;
}

/** The month-days ('MM-dd') on which a birthday registration's recipients have birthdays. */
export async function birthdayMonthDays(db: Executor, registrationId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('message_recipients')
    .select('birthday_md')
    .distinct()
    .where('message_id', '=', registrationId)
    .where('stage', '=', STAGE.template)
    .execute();
  return rows.map((r) => r.birthday_md ?? '');
}

/** The chosen templates' numbers and what each costs a run (unpaid) or gave back (prepaid): the opt-out check reads them. */
export async function templateNumbers(db: Executor, regId: number, filter: TemplateFilter) {
  return chosen(db, regId, filter).select(['recipient_index', 'number', 'parts', 'paid']).execute();
}

/**
 * Ends a run's just-queued recipients of these indices as OPTED_OUT (never claimed by the carrier:
 * they are no longer queued) and counts them on the run. Before the run's events are logged, so each
 * appears once in recipient_events, with its final status.
 */
export async function markOptedOut(db: Executor, runId: number, indices: readonly number[], now: number) {
  let marked = 0;
  for (let i = 0; i < indices.length; i += 1000) {
    const result = await db
      .updateTable('message_recipients')
      .set({ stage: STAGE.final, status: 'OPTED_OUT', updated_at: now })
      .where('message_id', '=', runId)
      .where('stage', '=', STAGE.queued)
      .where('recipient_index', 'in', indices.slice(i, i + 1000))
      .executeTakeFirst();
    marked += Number(result.numUpdatedRows);
  }
  if (marked > 0) {
    await db
      .updateTable('messages')
      .set((eb) => ({ opted_out: eb('opted_out', '+', marked) }))
      .where('id', '=', runId)
      .execute();
  }
  return marked;
}

/** The registration's templates, for a question about any of them. */
const templatesOf = (db: Executor, regId: number) =>
  db.selectFrom('message_recipients').select('id').where('message_id', '=', regId).where('stage', '=', STAGE.template);

/** Whether any of a registration's templates is as `narrow` asks. */
export async function anyTemplate(
  db: Executor,
  regId: number,
  narrow: (q: ReturnType<typeof templatesOf>) => ReturnType<typeof templatesOf>,
): Promise<boolean> {
  return (await narrow(templatesOf(db, regId)).limit(1).executeTakeFirst()) !== undefined;
}

/** Whether a registration's templates carry their own opt-out links (domain/opt-out.ts optOutLine): their texts are fixed. */
export const hasLinkedTemplates = (db: Executor, regId: number): Promise<boolean> =>
  anyTemplate(db, regId, (q) => q.where('text', 'like', `%${OPT_OUT_LINE_START}%${OPT_OUT_PATH}%`));
