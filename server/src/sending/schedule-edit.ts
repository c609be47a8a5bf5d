import { sql } from 'kysely';
import { messageBodyFor } from '../../../src/domain/sender-id';
import { INVALID_DATE } from '../../../src/domain/send-form';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { STAGE, type MessageList, type MessageRow } from '../db/schema-messaging';
import { notFound, refuse } from '../core/errors';
import { PAST_DELIVERY_TIME, PAST_GRACE_MS } from './accept-send';
import { monthDay } from '../../../src/domain/recurrence';
import { balances, charge, refund } from '../credit/balance';
import { parseDeliveryTime } from '../messaging/delivery-time';
import { searchTextOf } from '../messaging/message-store';
import type { Executor } from '../db/database';
import { planBirthdays } from '../scheduler/registration-batch';
import { checkSender, measure, recurrenceOf } from './send-items';

export interface RegistrationEdit {
  message_id: number;
  shortMessage?: string;
  sourceAddress?: string;
  messageDescription?: string;
  expectedDeliveryTime?: string;
  specialUnicodeSupport?: boolean;
  recurringPeriod?: string;
  recurringInterval?: number | string | null;
}

const NOUN: Record<'scheduled' | 'recurring', string> = { scheduled: 'Scheduled sms', recurring: 'Recurring sms' };

/**
 * The caller's own registration on that list; another account's id is simply not found. Locked, the
 * row stays so until the transaction ends: two edits (or an edit and a run) never work from one old row.
 */
async function ownRegistration(
  db: Executor,
  user: UserRow,
  list: 'scheduled' | 'recurring',
  id: number,
  lock = false,
): Promise<MessageRow> {
  // `lock` is PostgreSQL's row lock: SQLite has no FOR UPDATE and runs one transaction at a time anyway.
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', id)
    .where('profile_id', '=', user.profile_id)
    .where('list', '=', list satisfies MessageList)
    .where('state', '<>', 'deleted');
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(`${NOUN[list]} not found`);
  return row;
}

/**
 * updatescheduled / updaterecurring. A change of parts on recipients whose first delivery was prepaid
 * is charged or refunded at once, so the balance always reflects what is still owed. Everything is
 * read again inside the transaction, with the row locked: racing edits each charge or refund only
 * the difference between the parts the recipients hold and the new parts.
 */
export async function updateRegistration(
  ctx: GatewayContext,
  user: UserRow,
  list: 'scheduled' | 'recurring',
  edit: RegistrationEdit,
) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const reg = await ownRegistration(trx, user, list, edit.message_id, ctx.db.dialectName === 'postgres');
    if (reg.state === 'done') throw refuse(`This ${NOUN[list].toLowerCase()} has already been sent`);
    const sender = (edit.sourceAddress ?? reg.source_address).trim();
    checkSender(user, sender);
    const text = messageBodyFor(sender, edit.shortMessage ?? reg.short_message);
    const { unicode, parts } = measure(text, edit.specialUnicodeSupport ?? false);
    const at = edit.expectedDeliveryTime === undefined ? reg.anchor_at : parseDeliveryTime(edit.expectedDeliveryTime);
    if (at === null) throw refuse(INVALID_DATE);
    // A new time must lie ahead, as for a new send; a birthday's date is a day of the year.
    if (edit.expectedDeliveryTime !== undefined && reg.kind !== 'birthday' && at < now - PAST_GRACE_MS)
      throw refuse(PAST_DELIVERY_TIME);
    const recurrence =
      list === 'recurring'
        ? recurrenceOf(edit.recurringPeriod ?? reg.recurring_period, edit.recurringInterval ?? reg.recurring_interval)
        : null;

    const prepaid = await trx
      .selectFrom('message_recipients')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('parts'), sql<number>`0`).as('parts'),
      ])
      .where('message_id', '=', reg.id)
      .where('stage', '=', STAGE.template)
      .where('paid', '=', 1)
      .where('text', 'is', null)
      .executeTakeFirstOrThrow();
    const delta = parts * Number(prepaid.n) - Number(prepaid.parts);
    if (delta > 0) await charge(trx, user.profile_id, delta, 'this change');
    if (delta < 0) await refund(trx, user.profile_id, -delta);
    await trx
      .updateTable('message_recipients')
      .set({ parts })
      .where('message_id', '=', reg.id)
      .where('stage', '=', STAGE.template)
      .where('text', 'is', null)
      .execute();
    const fields = {
      short_message: text,
      source_address: sender,
      description: edit.messageDescription ?? reg.description,
      unicode: unicode ? 1 : 0,
      parts,
      anchor_at: at,
      recurring_period: recurrence?.period ?? reg.recurring_period,
      recurring_interval: recurrence?.interval ?? reg.recurring_interval,
    };
    await trx
      .updateTable('messages')
      .set({
        ...fields,
        search_text: searchTextOf({ ...reg, ...fields, at }),
        credits: sql<number>`credits + ${delta}`,
        last_error: '',
        // A new time restarts the cadence from it; birthdays are planned below.
        ...(reg.kind === 'birthday' ? {} : { next_run_at: at, slot: 0 }),
      })
      .where('id', '=', reg.id)
      .execute();
    if (reg.kind === 'birthday') {
      // The send's date is the birthday of recipients not found in the phone book.
      await trx
        .updateTable('message_recipients')
        .set({ birthday_md: monthDay(at) })
        .where('message_id', '=', reg.id)
        .where('stage', '=', STAGE.template)
        .where('md_given', '=', 1)
        .execute();
      await planBirthdays(trx, { ...reg, next_run_at: null }, now);
    }
  });
  return {
    status: 'successful',
    message: `${NOUN[list]} updated successfully`,
    ...(await balances(ctx.db, user.profile_id)),
  };
}

/** deletescheduled / deleterecurring: it never runs again, and prepaid deliveries not yet made are refunded. */
export async function deleteRegistration(
  ctx: GatewayContext,
  user: UserRow,
  list: 'scheduled' | 'recurring',
  id: number,
) {
  const reg = await ownRegistration(ctx.db, user, list, id);
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('messages')
      .set({ state: 'deleted', next_run_at: null })
      .where('id', '=', reg.id)
      .where('state', '<>', 'deleted')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const prepaid = await trx
      .selectFrom('message_recipients')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('parts'), sql<number>`0`).as('parts'))
      .where('message_id', '=', reg.id)
      .where('stage', '=', STAGE.template)
      .where('paid', '=', 1)
      .executeTakeFirstOrThrow();
    const credits = Number(prepaid.parts);
    await trx
      .updateTable('message_recipients')
      .set({ paid: 0 })
      .where('message_id', '=', reg.id)
      .where('stage', '=', STAGE.template)
      .where('paid', '=', 1)
      .execute();
    await refund(trx, user.profile_id, credits);
    await trx
      .updateTable('messages')
      .set({ credits: sql<number>`credits - ${credits}` })
      .where('id', '=', reg.id)
      .execute();
  });
  return {
    status: 'successful',
    message: `${NOUN[list]} deleted successfully`,
    ...(await balances(ctx.db, user.profile_id)),
  };
}
