// Sending: POST sendsms with an API key or the session token (docs/api.md#sends).
import { z } from './zod';
import { apiCall } from './call';
import { campaignName, flag, num, requiredNum, shownText, strictFlag, text } from './fields';
import { SEND_PATH } from '../navigation/api-paths';
import { birthdayOf } from '../send/birthday-recipients';
import { PERSONAL_FIELD_LIMITS } from '../messages/personalize';
import { SEND_CATEGORIES } from '../send/quiet-hours';

const BIRTHDAY_PROBLEM = 'must be a date written yyyy-MM-dd, or "" for none';

/** A recipient's own birthday ('yyyy-MM-dd', '' for none); absent when the send gives its date instead. */
const birthday = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx): string | undefined => {
    if (v === undefined) return undefined;
    const written = (v ?? '').trim();
    if (written === '' || (/^\d{4}-\d{2}-\d{2}$/.test(written) && birthdayOf(written) === written)) return written;
    ctx.addIssue({ code: 'custom', message: BIRTHDAY_PROBLEM });
    return z.NEVER;
  });

/** A personalized item's values fill its template; bounded, since a registration keeps them (docs/api.md#sends). */
const { fields: PERSONAL_FIELDS_MAX, name: FIELD_NAME_MAX, value: FIELD_VALUE_MAX } = PERSONAL_FIELD_LIMITS;
const personalFields = z
  .record(
    z.string().max(FIELD_NAME_MAX, `names must be at most ${FIELD_NAME_MAX} characters`),
    z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().max(FIELD_VALUE_MAX, `values must be at most ${FIELD_VALUE_MAX} characters`)),
  )
  .refine((f) => Object.keys(f).length <= PERSONAL_FIELDS_MAX, `must have at most ${PERSONAL_FIELDS_MAX} fields`);

/** A send item; numbers may arrive as strings and lists as arrays. */
export const sendItemSchema = z.object({
  shortMessage: text,
  destinationAddress: z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .transform((v) => (Array.isArray(v) ? v.join(',') : String(v))),
  sourceAddress: text,
  messageDescription: campaignName,
  messageType: text,
  specialUnicodeSupport: flag,
  flash: flag,
  expectedDeliveryTime: text,
  typeandsubtype: text,
  recurringInterval: z.union([z.number(), z.string(), z.null()]).optional(),
  recurringPeriod: text,
  /**
   * End each recipient's text with its own opt-out link (docs/compliance.md); the first item's choice is
   * the send's. A value that is not a yes or a no is refused, never read as no (docs/api.md#sends).
   */
  optOutLink: strictFlag,
  /**
   * Promotional (held by the account's quiet hours: docs/product.md#quiet-hours) unless 'transactional'
   * (codes, receipts, alerts); the first item's choice is the send's.
   */
  category: z.enum(SEND_CATEGORIES, { message: "must be 'promotional' or 'transactional'" }).optional(),
  /**
   * Each web address of the text becomes the recipient's own short link on the tenant's host, its clicks
   * counted (docs/product.md#short-links); the first item's choice is the send's.
   */
  shortenLinks: strictFlag,
  /**
   * A birthday send from a phone book or a sheet: the birthday of this item's recipients, '' when the
   * item names none (its contact's then, else nothing is sent). Present on the first item, the send gives
   * no date: its expectedDeliveryTime is only when it was made (docs/api.md#sends).
   */
  birthday,
  /**
   * A personalized item's text as typed, with its {placeholders}, and the values its shortMessage was
   * filled from: both or neither, the same template on every item of a send (docs/api.md#sends).
   */
  template: z.string().optional(),
  fields: personalFields.optional(),
});
/** A send item as the gateway reads it. */
export type SendItemInput = z.output<typeof sendItemSchema>;

/** What a send answers: the balances are required, so a malformed answer never zeroes the stored ones. */
const sendAnswer = z.looseObject({
  message: shownText,
  /** Recipients skipped because they had opted out (never sent, never charged); absent when none. */
  optedOut: z.number().optional(),
  /** Birthday recipients left out for having no birthday (never stored, never charged); absent when none. */
  nobirthday: z.number().optional(),
  creditbalance: requiredNum,
  internationalcreditbalance: requiredNum,
  message_id: num,
  /** Numbers left out before pricing (docs/product.md#phone-numbers): present only when there were some. */
  setaside: z.number().optional(),
  setasidenumbers: z.array(z.object({ number: z.string(), reason: z.string() })).optional(),
  duplicates: z.number().optional(),
  /** A promotional send the account's quiet hours hold: when it goes out (ms); absent when sent now. */
  heldUntil: z.number().optional(),
  /** A member's campaign the two-person rule holds (docs/product.md#the-two-person-rule): it waits, its cost reserved. */
  awaitingApproval: z.boolean().optional(),
  approval_id: z.number().optional(),
});
export type SendAnswer = z.output<typeof sendAnswer>;

// A gateway may refuse with HTTP 200 and the outcome in `error` (docs/api.md#answers-and-errors).
const refusal = z.object({ error: z.object({ status: z.enum(['failed', 'error']), message: shownText }) });

/**
 * sendsms: the items are checked one by one by the gateway (a thousand at a time, so a large send never holds
 * its event loop), as `messageobject.<i>.<field>`; the answer is either a refusal or the send's outcome.
 */
export const SEND = apiCall(
  SEND_PATH,
  { who: 'apikey', touches: 'self', needs: 'send' },
  z.object({ messageobject: z.array(z.unknown()).min(1, 'needs at least one message') }),
  z.union([
    refusal.transform((r) => ({ refusal: r.error, answer: null })),
    sendAnswer.transform((answer) => ({ refusal: null, answer })),
  ]),
  { idempotent: true },
);
