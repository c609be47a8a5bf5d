import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import { STAGE, type MessageRow } from '../db/schema-messaging';
import { charge } from '../credit/balance';
import { RECIPIENT_COLUMNS, randomAlpha, refreshPreview, searchTextOf } from '../messaging/message-store';
import type { Executor } from '../db/database';

/** Which template recipients a delivery takes: all, the birthdays of a day, or some indices (late batches). */
export interface TemplateFilter {
  monthDays?: readonly string[];
  indices?: readonly number[];
}

/** A dashboard row for one delivery of a registration (scheduled, recurring or birthday). */
export async function createRunRow(db: Executor, reg: MessageRow, now: number): Promise<MessageRow> {
  const alpha = randomAlpha();
  return db
    .insertInto('messages')
    .values({
      profile_id: reg.profile_id,
      supid: reg.supid,
      username: reg.username,
      job_id: reg.job_id,
      job_key: null,
      random_alpha: alpha,
      list: 'bulk',
      kind: reg.kind,
      message_type: reg.message_type,
      typeandsubtype: reg.typeandsubtype,
      short_message: reg.short_message,
      source_address: reg.source_address,
      description: reg.description,
      unicode: reg.unicode,
      flash: reg.flash,
      parts: reg.parts,
      posted: 0,
      submitted: 0,
      sent: 0,
      failed: 0,
      credits: 0,
      destination_preview: '',
      preview_count: 0,
      search_text: searchTextOf({ ...reg, destination_preview: '', at: now }),
      parent_id: reg.id,
      state: 'done',
      registered_at: reg.registered_at,
      sent_at: now,
      anchor_at: null,
      next_run_at: null,
      last_run_at: null,
      last_run_id: null,
      slot: 0,
      run_count: 0,
      recurring_period: reg.recurring_period,
      recurring_interval: reg.recurring_interval,
      last_error: '',
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function chunks<T>(items: readonly T[] | undefined, size: number): (readonly T[] | undefined)[] {
  if (!items) return [undefined];
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Copies the chosen template recipients into a run as queued carrier work, paying for those whose
 * first delivery was not prepaid. One INSERT ... SELECT per chunk: 100,000 recipients never cross the wire.
 */
export async function deliverTemplates(
  ctx: GatewayContext,
  db: Executor,
  reg: MessageRow,
  run: MessageRow,
  filter: TemplateFilter,
  now: number,
): Promise<number> {
  let delivered = 0;
  let volume = 0;
  for (const indices of chunks(filter.indices, 1000)) {
    if (indices && indices.length === 0) continue;
    const chosen = () => {
      let q = db.selectFrom('message_recipients').where('message_id', '=', reg.id).where('stage', '=', STAGE.template);
      if (filter.monthDays) q = q.where('birthday_md', 'in', filter.monthDays);
      if (indices) q = q.where('recipient_index', 'in', indices);
      return q;
    };
    const totals = await chosen()
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('parts'), sql<number>`0`).as('parts'),
        eb.fn.coalesce(eb.fn.sum<number>(sql`case when paid = 0 then parts else 0 end`), sql<number>`0`).as('unpaid'),
      ])
      .executeTakeFirstOrThrow();
    const count = Number(totals.count);
    if (count === 0) continue;
    await charge(db, reg.profile_id, Number(totals.unpaid), `this ${reg.message_type} delivery`);
    await db
      .insertInto('message_recipients')
      .columns(RECIPIENT_COLUMNS)
      .expression(
        chosen().select([
          sql<number>`cast(${run.id} as integer)`.as('message_id'),
          'recipient_index',
          'number',
          'text',
          'unicode',
          'parts',
          sql<number>`cast(${STAGE.queued} as integer)`.as('stage'),
          sql<string>`cast(${'PENDING'} as text)`.as('status'),
          sql<string>`cast(${''} as text)`.as('verdict'),
          sql<string>`cast(${run.random_alpha} as text) || '-' || cast(recipient_index as text)`.as('referencekey'),
          sql<number>`cast(0 as integer)`.as('paid'),
          sql<string>`cast(${''} as text)`.as('birthday_md'),
          sql<number>`cast(0 as integer)`.as('md_given'),
          sql<number>`cast(${now + ctx.carrierDelayMs} as bigint)`.as('due_at'),
          sql<number>`cast(${now} as bigint)`.as('updated_at'),
        ]),
      )
      .execute();
    // The prepaid first delivery is now used: later runs pay for themselves.
    let consumed = db
      .updateTable('message_recipients')
      .set({ paid: 0 })
      .where('message_id', '=', reg.id)
      .where('stage', '=', STAGE.template)
      .where('paid', '=', 1);
    if (filter.monthDays) consumed = consumed.where('birthday_md', 'in', filter.monthDays);
    if (indices) consumed = consumed.where('recipient_index', 'in', indices);
    await consumed.execute();
    delivered += count;
    volume += Number(totals.parts);
  }
  if (delivered === 0) return 0;
  await db
    .updateTable('messages')
    .set((eb) => ({ posted: eb('posted', '+', delivered), credits: eb('credits', '+', volume) }))
    .where('id', '=', run.id)
    .execute();
  await refreshPreview(db, run.id);
  return delivered;
}
