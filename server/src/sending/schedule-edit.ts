import { messageBodyFor } from '../../../src/domain/messages/sender-id';
import { INVALID_DATE } from '../../../src/domain/send/send-form';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { MessageRow } from '../db/schema-messaging';
import { notFound, refuse } from '../core/errors';
import { PAST_DELIVERY_TIME, PAST_GRACE_MS } from './accept-send';
import { monthDay } from '../../../src/domain/messages/recurrence';
import { balances, charge, refund } from '../credit/balance';
import { parseDeliveryTime } from '../messaging/delivery-time';
import { markDeleted, ownRegistration, saveRegistrationEdit } from '../messaging/registrations';
import {
  hasLinkedTemplates,
  prepaidTemplates,
  releasePrepaid,
  setFollowingParts,
  setGivenBirthdays,
} from '../messaging/templates';
import { LINKED_TEXT_FIXED } from '../../../src/domain/numbers/opt-out';
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
async function ownOrNotFound(
  db: Executor,
  user: UserRow,
  list: 'scheduled' | 'recurring',
  id: number,
  lock = false,
): Promise<MessageRow> {
  const row = await ownRegistration(db, user.profile_id, list, id, lock);
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
    const reg = await ownOrNotFound(trx, user, list, edit.message_id, ctx.db.dialectName === 'postgres');
    if (reg.state === 'done') throw refuse(`This ${NOUN[list].toLowerCase()} has already been sent`);
    const sender = (edit.sourceAddress ?? reg.source_address).trim();
    checkSender(user, sender);
    const text = messageBodyFor(sender, edit.shortMessage ?? reg.short_message);
    if (text !== reg.short_message && (await hasLinkedTemplates(trx, reg.id))) throw refuse(LINKED_TEXT_FIXED);
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

    const prepaid = await prepaidTemplates(trx, reg.id, true);
    const delta = parts * prepaid.count - prepaid.parts;
    if (delta > 0) await charge(trx, user.profile_id, delta, 'this change');
    if (delta < 0) await refund(trx, user.profile_id, -delta);
    await setFollowingParts(trx, reg.id, parts);
    await saveRegistrationEdit(
      trx,
      reg,
      {
        short_message: text,
        source_address: sender,
        description: edit.messageDescription ?? reg.description,
        unicode: unicode ? 1 : 0,
        parts,
        anchor_at: at,
        recurring_period: recurrence?.period ?? reg.recurring_period,
        recurring_interval: recurrence?.interval ?? reg.recurring_interval,
      },
      delta,
    );
    if (reg.kind === 'birthday') {
      // The send's date is the birthday of recipients not found in the phone book.
      await setGivenBirthdays(trx, reg.id, monthDay(at));
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
  await cancelRegistration(ctx, user, list, id);
  return {
    status: 'successful',
    message: `${NOUN[list]} deleted successfully`,
    ...(await balances(ctx.db, user.profile_id)),
  };
}

/** A registration stops for good and its prepaid deliveries not yet made go back, in one transaction; answers the credits returned. */
export async function cancelRegistration(
  ctx: GatewayContext,
  user: UserRow,
  list: 'scheduled' | 'recurring',
  id: number,
): Promise<number> {
  const reg = await ownOrNotFound(ctx.db, user, list, id);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await markDeleted(trx, reg.id))) return 0;
    const credits = await releasePrepaid(trx, reg.id);
    await refund(trx, user.profile_id, credits);
    return credits;
  });
}
