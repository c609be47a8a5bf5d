// Sending: POST sendsms with an API key or the session token (docs/api.md#sends).
import { z } from './zod';
import { apiCall } from './call';
import { campaignName, flag, num, requiredNum, shownText, strictFlag, text } from './fields';
import { SEND_PATH } from '../api-paths';

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
});
/** A send item as the gateway reads it. */
export type SendItemInput = z.output<typeof sendItemSchema>;

/** What a send answers: the balances are required, so a malformed answer never zeroes the stored ones. */
const sendAnswer = z.looseObject({
  message: shownText,
  /** Recipients skipped because they had opted out (never sent, never charged); absent when none. */
  optedOut: z.number().optional(),
  creditbalance: requiredNum,
  internationalcreditbalance: requiredNum,
  message_id: num,
  /** Numbers left out before pricing (docs/product.md#phone-numbers): present only when there were some. */
  setaside: z.number().optional(),
  setasidenumbers: z.array(z.object({ number: z.string(), reason: z.string() })).optional(),
  duplicates: z.number().optional(),
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
  { who: 'apikey', touches: 'self' },
  z.object({ messageobject: z.array(z.unknown()).min(1, 'needs at least one message') }),
  z.union([
    refusal.transform((r) => ({ refusal: r.error, answer: null })),
    sendAnswer.transform((answer) => ({ refusal: null, answer })),
  ]),
  { idempotent: true },
);
