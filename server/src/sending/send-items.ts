import { needsUnicode, OUT_OF_RANGE_PARTS, smsLength, smsParts } from '../../../src/domain/messages/sms';
import { messageBodyFor, splitSenderIds, testSenderProblem } from '../../../src/domain/messages/sender-id';
import { splitDestinations } from '../../../src/domain/send/recipients';
import { SEND_MESSAGE_TYPES } from '../../../src/domain/messages/message-kinds';
import {
  BIRTHDAY_DATE_REQUIRED,
  EMPTY_MESSAGE,
  INVALID_DATE,
  recurringIntervalProblem,
} from '../../../src/domain/send/send-form';
import type { MessageKind, RecurringPeriod, SendMessageType } from '../../../src/domain/types';
import type { SendCategory } from '../../../src/domain/send/quiet-hours';
import type { UserRow } from '../db/schema-core';
import { refuse } from '../core/errors';
import { yieldToLoop } from '../core/event-loop';
import { parseDeliveryTime } from '../messaging/delivery-time';
import { parsePeriod } from '../../../src/domain/messages/recurrence';
import { sendItemSchema, type SendItemInput } from '../../../src/domain/contract/send';
import { personalize } from '../../../src/domain/messages/personalize';

export type { SendItemInput };

/** Items checked between two yields: a body of thousands of items never holds the event loop for long. */
const ITEMS_PER_CHECK = 1000;

/** A send's items, each checked against the item schema a thousand at a time; refused as a bad body is. */
export async function parseSendItems(items: readonly unknown[]): Promise<SendItemInput[]> {
  const checked: SendItemInput[] = [];
  for (let start = 0; start < items.length; start += ITEMS_PER_CHECK) {
    if (start > 0) await yieldToLoop();
    for (let i = start; i < Math.min(items.length, start + ITEMS_PER_CHECK); i += 1) {
      const parsed = sendItemSchema.safeParse(items[i]);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const path = ['messageobject', i, ...(issue?.path ?? [])].join('.');
        throw refuse(`Invalid request: ${path} ${issue?.message ?? ''}`.trim());
      }
      checked.push(parsed.data);
    }
  }
  return checked;
}

/** What every recipient of one send shares. */
export interface SendEnvelope {
  kind: MessageKind;
  messageType: SendMessageType;
  typeandsubtype: string;
  sourceAddress: string;
  description: string;
  shortMessage: string;
  unicode: boolean;
  flash: boolean;
  parts: number;
  /** First delivery (epoch ms): now for quick sends. */
  at: number;
  recurringPeriod: RecurringPeriod | null;
  recurringInterval: number;
  /** Each recipient's text ends with its own opt-out link (optouts/screen.ts). */
  optOutLink: boolean;
  /** Promotional (held by the account's quiet hours) unless the first item marks it transactional. */
  category: SendCategory;
  /** Each web address of each text becomes the recipient's own short link (links/shorten.ts). */
  shortenLinks: boolean;
  /** A birthday send naming each recipient's birthday (a phone book's or sheet's): `at` is no birthday. */
  namesBirthdays: boolean;
  /** A personalized send's text as typed, with its {placeholders}; null for a regular send. */
  template: string | null;
}

export interface SendRecipient {
  index: number;
  number: string;
  /** The text composed for this recipient: never inferred from another item, batch or request. */
  text: string;
  unicode: boolean;
  parts: number;
  /** The birthday its item names ('yyyy-MM-dd', '' for none): only when the send names birthdays. */
  birthday?: string;
  /** A personalized recipient's values, its text filled from the template with them. */
  fields?: Readonly<Record<string, string>>;
}

/** quick sms, Quick SMS, QUICK SMS ...; without messageType the typeandsubtype prefix decides. */
function kindOf(item: SendItemInput): MessageKind {
  const wanted = item.messageType.trim().toLowerCase();
  const byType = (Object.keys(SEND_MESSAGE_TYPES) as MessageKind[]).find((k) => SEND_MESSAGE_TYPES[k] === wanted);
  if (byType) return byType;
  const prefix = item.typeandsubtype.split(':')[0]?.trim().toLowerCase();
  if (!wanted && prefix && prefix in SEND_MESSAGE_TYPES) return prefix as MessageKind;
  throw refuse(
    `Unknown messageType '${item.messageType}': use quick sms, scheduled sms, recurring sms or birthday sms`,
  );
}

/**
 * A send's sender must be one of the account's approved IDs; 'TEST' (a new account's) reaches only the
 * account's own number (docs/product.md#sender-ids). `numbers` is read only for 'TEST'.
 */
export function checkSender(user: UserRow, sender: string, numbers: Iterable<string>): void {
  if (!sender) throw refuse('Please select sender ID for this messge');
  if (splitSenderIds(user.senderidapproved).includes(sender)) {
    const problem = testSenderProblem(sender, user.telnumber, numbers);
    if (problem) throw refuse(problem);
    return;
  }
  if (splitSenderIds(user.pendingsenderid).includes(sender)) {
    throw refuse(`Sender ID ${sender} is still awaiting approval; use an approved sender ID`);
  }
  throw refuse(`Sender ID ${sender} is not approved for your account; request it from your profile page`);
}

/** Every number the items name, read only when asked for. */
function* destinationsOf(items: readonly SendItemInput[]): Generator<string> {
  for (const item of items) yield* splitDestinations(item.destinationAddress);
}

/** Encoding and parts of one text, refusing what does not fit in 9 parts ('out of range': docs/product.md#parts-and-encodings). */
export function measure(body: string, unicodeFlag: boolean): { unicode: boolean; parts: number } {
  const unicode = unicodeFlag || needsUnicode(body);
  const length = smsLength(body, unicode);
  const parts = smsParts(length);
  if (parts >= OUT_OF_RANGE_PARTS) {
    throw refuse(
      `Message is too long: ${length} characters${unicode ? ' (unicode)' : ''} is out of range (at most 9 parts)`,
    );
  }
  return { unicode, parts };
}

/** The delivery time a kind needs, or the send form's refusal (docs/product.md#scheduling). */
export function deliveryTimeFor(kind: MessageKind, value: string, now: number): number {
  if (kind === 'quick') return now;
  const at = parseDeliveryTime(value);
  if (at === null) throw refuse(kind === 'birthday' ? BIRTHDAY_DATE_REQUIRED : INVALID_DATE);
  return at;
}

export function recurrenceOf(
  period: string,
  interval: number | string | null | undefined,
): { period: RecurringPeriod; interval: number } {
  const p = parsePeriod(period);
  if (!p) throw refuse('Please select a recurring period: Hourly, Daily, Monthly or Yearly');
  const problem = recurringIntervalProblem(p, interval ?? null);
  if (problem) throw refuse(problem);
  return { period: p, interval: Number(interval) };
}

export const TEMPLATE_NOT_SHARED = 'All messages of one send must share one template, or none may have one';

/**
 * A personalized send's item: the same template as the send's first item and (a registration's, which
 * keeps them) the values its text was filled from (docs/api.md#sends); a regular send's carry neither.
 */
function checkTemplate(item: SendItemInput, i: number, template: string | null, kind: MessageKind, sender: string) {
  if ((item.template ?? null) !== template) throw refuse(TEMPLATE_NOT_SHARED);
  if (template === null) {
    if (item.fields) throw refuse(`Invalid request: messageobject.${i}.fields needs a template`);
    return;
  }
  if (!item.fields) {
    if (kind === 'quick') return;
    throw refuse(`Invalid request: messageobject.${i}.fields is needed beside its template`);
  }
  if (messageBodyFor(sender, personalize(template, item.fields)) !== messageBodyFor(sender, item.shortMessage)) {
    throw refuse(`Invalid request: messageobject.${i}.shortMessage is not its template filled from its fields`);
  }
}

/** Items and recipients checked between two yields to the event loop. */
const NORMALIZE_STEP = 2000;
/** About this many characters of a destination list are split at once (some 2,000 numbers). */
const SPLIT_CHARS = 26_000;

/**
 * A destination list's numbers, SPLIT_CHARS characters at a time, each slice cut at a comma: the same
 * numbers as splitDestinations gives at once (splitting 100,000 took it 15 to 40 ms).
 */
function* destinationSlices(list: string): Generator<string[]> {
  for (let from = 0; from < list.length;) {
    const comma = list.indexOf(',', from + SPLIT_CHARS);
    const to = comma === -1 ? list.length : comma;
    yield splitDestinations(list.slice(from, to));
    from = to + 1;
  }
}

/**
 * Checks every item and numbers the recipients from `firstIndex` (docs/api.md#sends), yielding every
 * NORMALIZE_STEP items or recipients: 80,000 of them never hold the event loop for long.
 */
export async function normalizeSend(items: SendItemInput[], user: UserRow, now: number, firstIndex: number) {
  const first = items[0];
  if (!first) throw refuse('No messages in messageobject');
  const kind = kindOf(first);
  const sender = first.sourceAddress.trim();
  const shortMessage = messageBodyFor(sender, first.shortMessage);
  const head = measure(shortMessage, first.specialUnicodeSupport);
  const recurrence = kind === 'recurring' ? recurrenceOf(first.recurringPeriod, first.recurringInterval) : null;
  const envelope: SendEnvelope = {
    kind,
    messageType: SEND_MESSAGE_TYPES[kind],
    typeandsubtype: first.typeandsubtype || `${kind}:regular`,
    sourceAddress: sender,
    description: first.messageDescription,
    shortMessage,
    unicode: head.unicode,
    flash: first.flash,
    parts: head.parts,
    at: deliveryTimeFor(kind, first.expectedDeliveryTime, now),
    recurringPeriod: recurrence?.period ?? null,
    recurringInterval: recurrence?.interval ?? 0,
    optOutLink: first.optOutLink,
    category: first.category ?? 'promotional',
    shortenLinks: first.shortenLinks,
    namesBirthdays: kind === 'birthday' && first.birthday !== undefined,
    template: first.template ?? null,
  };
  checkSender(user, sender, destinationsOf(items));
  const recipients: SendRecipient[] = [];
  let work = 0;
  for (const [i, item] of items.entries()) {
    if (++work % NORMALIZE_STEP === 0) await yieldToLoop();
    checkTemplate(item, i, envelope.template, kind, sender);
    if (kindOf(item) !== kind || item.sourceAddress.trim() !== sender) {
      throw refuse('All messages of one send must share the message type and the sender ID');
    }
    const body = messageBodyFor(sender, item.shortMessage);
    if (!body.trim()) throw refuse(EMPTY_MESSAGE);
    const same = body === shortMessage && item.specialUnicodeSupport === first.specialUnicodeSupport;
    const { unicode, parts } = same ? head : measure(body, item.specialUnicodeSupport);
    const birthday = envelope.namesBirthdays ? { birthday: item.birthday ?? '' } : {};
    const fields = envelope.template === null ? {} : { fields: item.fields };
    for (const numbers of destinationSlices(item.destinationAddress)) {
      for (const number of numbers) {
        recipients.push({
          index: firstIndex + recipients.length,
          number,
          text: body,
          unicode,
          parts,
          ...birthday,
          ...fields,
        });
        if (++work % NORMALIZE_STEP === 0) await yieldToLoop();
      }
    }
  }
  if (recipients.length === 0) throw refuse('No recipients: destinationAddress is empty');
  return { envelope, recipients };
}
