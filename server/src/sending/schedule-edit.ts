import { messageBodyFor, TEST_SENDER_ID } from '../../../src/domain/messages/sender-id';
import { INVALID_DATE } from '../../../src/domain/send/send-form';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { MessageRow } from '../db/schema-messaging';
import { notFound, refuse } from '../core/errors';
import { PAST_DELIVERY_TIME, PAST_GRACE_MS } from './accept-send';
import { monthDay } from '../../../src/domain/messages/recurrence';
import { balances, charge, refund } from '../money/balance';
import { keyOfCharge } from '../money/ledger';
import { parseDeliveryTime } from '../messaging/delivery-time';
import { markDeleted, ownRegistration, saveRegistrationEdit } from '../messaging/registrations';
import { dropRegistrationFields, fieldNames } from '../messaging/recipient-fields';
import { hasOwnTexts, templateShares } from '../messaging/template-texts';
import { someNumbersOf } from '../messaging/recipient-numbers';
import { CHANGE_THE_TEMPLATE, NO_TEMPLATE, TEMPLATE_NOT_KEPT } from '../../../src/domain/messages/personalize';
import { refillTemplates } from './personal-edit';
import {
  hasLinkedTemplates,
  prepaidTemplates,
  releasePrepaid,
  setFollowingParts,
  setGivenBirthdays,
} from '../messaging/templates';
import { LINKED_TEXT_FIXED } from '../../../src/domain/numbers/opt-out';
import { SHORT_LINKED_TEXT_FIXED } from '../../../src/domain/links/short-links';
import { hasShortLinks } from '../links/reports';
import type { DialectName, Executor } from '../db/database';
import { planBirthdays } from '../scheduler/registration-batch';
import { checkSender, measure, recurrenceOf } from './send-items';

export interface RegistrationEdit {
  message_id: number;
  shortMessage?: string | undefined;
  /** A personalized registration's new template: every recipient's text is filled from it again. */
  template?: string | undefined;
  sourceAddress?: string | undefined;
  messageDescription?: string | undefined;
  expectedDeliveryTime?: string | undefined;
  specialUnicodeSupport?: boolean | undefined;
  recurringPeriod?: string | undefined;
  recurringInterval?: number | string | null | undefined;
  /** Nothing changes: the answer says what the text would cost (`quote`). */
  preview?: boolean | undefined;
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

/** What an edit makes of a registration's text, and what that costs. */
interface NewText {
  text: string;
  unicode: boolean;
  parts: number;
  template: string | null;
  /** Credits to charge (above 0) or refund (below 0) for the prepaid first deliveries. */
  delta: number;
  /** Recipients, and the parts one delivery to all of them takes. */
  recipients: number;
  credits: number;
  /** Writes what the registration's recipients now hold (templates filled again are written already). */
  apply: () => Promise<void>;
}

/** A regular registration: one text its recipients follow (those with their own texts refuse a change). */
async function sharedText(trx: Executor, reg: MessageRow, sender: string, edit: RegistrationEdit): Promise<NewText> {
  if (edit.template !== undefined) throw refuse(NO_TEMPLATE);
  const text = messageBodyFor(sender, edit.shortMessage ?? reg.short_message);
  if (text !== reg.short_message) {
    if (await hasShortLinks(trx, [reg.id])) throw refuse(SHORT_LINKED_TEXT_FIXED);
    if (await hasLinkedTemplates(trx, reg.id)) throw refuse(LINKED_TEXT_FIXED);
    // A personalized send stored before templates were kept: changing one text would change one recipient's.
    if (await hasOwnTexts(trx, reg.id)) throw refuse(TEMPLATE_NOT_KEPT);
  }
  const { unicode, parts } = measure(text, edit.specialUnicodeSupport ?? false);
  const prepaid = await prepaidTemplates(trx, reg.id, true);
  const shares = await templateShares(trx, reg.id);
  return {
    text,
    unicode,
    parts,
    template: null,
    delta: parts * prepaid.count - prepaid.parts,
    recipients: shares.count,
    credits: shares.following * parts + shares.ownParts,
    apply: () => setFollowingParts(trx, reg.id, parts),
  };
}

/**
 * A personalized registration: a new template (or a change to or from the TEST sender, whose notice
 * replaces every text) fills each recipient's text again from its own values.
 */
async function templateText(
  trx: Executor,
  dialect: DialectName,
  reg: MessageRow & { template: string },
  sender: string,
  edit: RegistrationEdit,
  write: boolean,
): Promise<NewText> {
  if (edit.shortMessage !== undefined && edit.shortMessage !== reg.short_message) throw refuse(CHANGE_THE_TEMPLATE);
  const template = edit.template ?? reg.template;
  const same = { unicode: reg.unicode === 1, parts: reg.parts, delta: 0, apply: async () => {} };
  const asBefore = { text: reg.short_message, template, ...same };
  if (template === reg.template && (sender === TEST_SENDER_ID) === (reg.source_address === TEST_SENDER_ID)) {
    const shares = await templateShares(trx, reg.id);
    return { ...asBefore, recipients: shares.count, credits: shares.following * reg.parts + shares.ownParts };
  }
  if (await hasShortLinks(trx, [reg.id])) throw refuse(SHORT_LINKED_TEXT_FIXED);
  if (await hasLinkedTemplates(trx, reg.id)) throw refuse(LINKED_TEXT_FIXED);
  const unicodeFlag = edit.specialUnicodeSupport ?? false;
  const filled = await refillTemplates(trx, dialect, reg, sender, template, unicodeFlag, write);
  if (!filled) return { ...asBefore, recipients: 0, credits: 0 };
  return { ...filled, text: filled.shortMessage, template, apply: async () => {} };
}

/**
 * updatescheduled / updaterecurring. A change of parts on recipients whose first delivery was prepaid
 * is charged or refunded at once, so the balance always reflects what is still owed. Everything is
 * read again inside the transaction, with the row locked: racing edits each charge or refund only
 * the difference between the parts the recipients hold and the new parts. A personalized
 * registration's template is filled again for each recipient (docs/product.md#scheduling).
 */
export async function updateRegistration(
  ctx: GatewayContext,
  user: UserRow,
  list: 'scheduled' | 'recurring',
  edit: RegistrationEdit,
) {
  const now = ctx.now();
  const preview = edit.preview === true;
  const dialect = ctx.db.dialectName;
  const quote = await ctx.db.transaction().execute(async (trx) => {
    const reg = await ownOrNotFound(trx, user, list, edit.message_id, !preview && dialect === 'postgres');
    if (reg.state === 'done') throw refuse(`This ${NOUN[list].toLowerCase()} has already been sent`);
    const sender = (edit.sourceAddress ?? reg.source_address).trim();
    if (!preview) checkSender(user, sender, sender === TEST_SENDER_ID ? await someNumbersOf(trx, reg.id) : []);
    const next =
      reg.template === null
        ? await sharedText(trx, reg, sender, edit)
        : await templateText(trx, dialect, { ...reg, template: reg.template }, sender, edit, !preview);
    if (preview) return quoteOf(next, reg.template === null ? [] : await fieldNames(trx, reg.id));
    const at = edit.expectedDeliveryTime === undefined ? reg.anchor_at : parseDeliveryTime(edit.expectedDeliveryTime);
    if (at === null) throw refuse(INVALID_DATE);
    // A new time must lie ahead, as for a new send; a birthday's date is a day of the year.
    if (edit.expectedDeliveryTime !== undefined && reg.kind !== 'birthday' && at < now - PAST_GRACE_MS)
      throw refuse(PAST_DELIVERY_TIME);
    const recurrence =
      list === 'recurring'
        ? recurrenceOf(edit.recurringPeriod ?? reg.recurring_period, edit.recurringInterval ?? reg.recurring_interval)
        : null;

    // A send made through an API key stays that key's: its daily cap counts the edit's difference.
    const apiKeyId = await keyOfCharge(trx, user.profile_id, reg.id);
    const why = {
      reason: 'edit',
      ref: { kind: 'message', id: reg.id },
      actor: user.profile_id,
      at: now,
      ...(apiKeyId ? { apiKeyId } : {}),
    } as const;
    if (next.delta > 0) await charge(trx, user.profile_id, next.delta, why, 'this change');
    if (next.delta < 0) await refund(trx, user.profile_id, -next.delta, why);
    await next.apply();
    await saveRegistrationEdit(
      trx,
      reg,
      {
        short_message: next.text,
        template: next.template,
        source_address: sender,
        description: edit.messageDescription ?? reg.description,
        unicode: next.unicode ? 1 : 0,
        parts: next.parts,
        anchor_at: at,
        recurring_period: recurrence?.period ?? reg.recurring_period,
        recurring_interval: recurrence?.interval ?? reg.recurring_interval,
      },
      next.delta,
    );
    if (reg.kind === 'birthday') {
      // The send's date is the birthday of recipients not found in the phone book.
      await setGivenBirthdays(trx, reg.id, monthDay(at));
      await planBirthdays(trx, { ...reg, next_run_at: null }, now);
    }
    return null;
  });
  const balance = await balances(ctx.db, user.profile_id);
  if (quote) return { status: 'successful', message: 'What this change costs', quote, ...balance };
  return { status: 'successful', message: `${NOUN[list]} updated successfully`, ...balance };
}

/** An edit's quote (docs/api.md#calls-and-answers): nothing is changed. */
const quoteOf = (next: NewText, fields: readonly string[]) => ({
  recipients: next.recipients,
  credits: next.credits,
  parts: next.parts,
  change: next.delta,
  ...(next.template === null ? {} : { template: next.template, fields: [...fields] }),
});

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
    await dropRegistrationFields(trx, reg.id);
    const credits = await releasePrepaid(trx, reg.id);
    const apiKeyId = await keyOfCharge(trx, user.profile_id, reg.id);
    const why = {
      reason: 'refund',
      ref: { kind: 'message', id: reg.id },
      actor: user.profile_id,
      at: ctx.now(),
      ...(apiKeyId ? { apiKeyId } : {}),
    } as const;
    await refund(trx, user.profile_id, credits, why);
    return credits;
  });
}
