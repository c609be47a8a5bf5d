// What the send form turns into: the send items of docs/api.md#sends (docs/product.md#sending).
import type { SendCategory } from './quiet-hours';
import type { ContactSource, MessageKind, MessageSubtype, RecurringPeriod, SendItem } from '../types';
import { birthdayAge, expectedDeliveryTime, fromAccraWallTime } from '../dates';
import { SEND_MESSAGE_TYPES, typeAndSubtype, usesChosenDate } from '../messages/message-kinds';
import { prepareMessageText } from '../messages/message-text';
import { AGE_FIELD, PHONEBOOK_FIELDS, keptFields, personalize } from '../messages/personalize';
import { birthdayOf, isBirthdayHeading, namesBirthdays } from './birthday-recipients';
import { messageBodyFor } from '../messages/sender-id';
import { needsUnicode } from '../messages/sms';

/**
 * One recipient and, for personalized sends, the fields its {placeholders} are filled from; for a birthday
 * send from a phone book or sheet, its birthday ('yyyy-MM-dd', '' for none: it gets nothing).
 */
export type Recipient = { number: string; fields?: Readonly<Record<string, string>>; birthday?: string };

export type SendDraft = {
  messageType: MessageKind;
  subtype: MessageSubtype;
  source: ContactSource;
  senderId: string;
  campaign: string;
  text: string;
  /** The picker's Accra wall time ('yyyy-MM-dd HH:mm[:ss]') or a date-only birthday ('yyyy-MM-dd'). */
  date: string | null;
  recurringPeriod: RecurringPeriod;
  recurringInterval: number | string | null;
  /** End each text with an opt-out link (the gateway adds it: docs/compliance.md#the-opt-out-link). */
  optOutLink?: boolean;
  /** Promotional unless marked transactional (docs/product.md#quiet-hours). */
  category?: SendCategory;
  /** Each web address becomes the recipient's own short link, its clicks counted (docs/product.md#short-links). */
  shortenLinks?: boolean;
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Accra wall time as the gateway wants it; birthday and other current-time sends use `now`. */
export function deliveryTimeOf(draft: Pick<SendDraft, 'messageType' | 'source' | 'date'>, now: Date): string {
  if (!usesChosenDate(draft.messageType, draft.source) || !draft.date) return expectedDeliveryTime(now);
  const text = draft.date.trim();
  return expectedDeliveryTime(fromAccraWallTime(DATE_ONLY.test(text) ? `${text} 00:00:00` : text));
}

// A regular send is one text to everyone, so a number listed twice would only pay twice.
export function uniqueRecipients(recipients: readonly Recipient[]): Recipient[] {
  const seen = new Set<string>();
  return recipients.filter((r) => {
    if (r.number === '' || seen.has(r.number)) return false;
    seen.add(r.number);
    return true;
  });
}

/**
 * Regular: one item carrying every number. Personalized: one item per recipient with its own text
 * (placeholders filled, {age} dropped outside birthday phone-book sends). 'TEST' carries only its notice.
 */
export function buildSendItems(draft: SendDraft, recipients: readonly Recipient[], now: Date): SendItem[] {
  const context = { messageType: draft.messageType, subtype: draft.subtype, source: draft.source };
  const template = prepareMessageText(draft.text, context);
  const recurring = draft.messageType === 'recurring';
  const base = {
    sourceAddress: draft.senderId,
    messageDescription: draft.campaign.trim(),
    messageType: SEND_MESSAGE_TYPES[draft.messageType],
    flash: false,
    expectedDeliveryTime: deliveryTimeOf(draft, now),
    typeandsubtype: typeAndSubtype(draft.messageType, draft.subtype),
    recurringInterval: recurring ? Number(draft.recurringInterval) || 0 : 0,
    recurringPeriod: draft.recurringPeriod,
    ...(draft.optOutLink ? { optOutLink: true } : {}),
    // Promotional is the gateway's default: only the other is said.
    ...(draft.category === 'transactional' ? { category: 'transactional' as const } : {}),
    ...(draft.shortenLinks ? { shortenLinks: true } : {}),
  };
  const item = (text: string, destinationAddress: string): SendItem => {
    const shortMessage = messageBodyFor(draft.senderId, text);
    return { ...base, shortMessage, destinationAddress, specialUnicodeSupport: needsUnicode(shortMessage) };
  };
  const named = namesBirthdays(draft.messageType, draft.source);
  const dated = (built: SendItem, birthday: string | undefined): SendItem =>
    named ? { ...built, birthday: birthday ?? '' } : built;
  if (draft.subtype === 'personalized') {
    // The template travels too (the status page shows it); a registration's rows also carry their
    // values, which it keeps for edits of its template.
    const keeps = draft.messageType !== 'quick';
    return recipients
      .filter((r) => r.number !== '')
      .map((r) => {
        const fields = keptFields(template, { ...r.fields });
        const built = { ...item(personalize(template, fields), r.number), template, ...(keeps ? { fields } : {}) };
        return dated(built, r.birthday);
      });
  }
  const unique = uniqueRecipients(recipients);
  if (unique.length === 0) return [];
  if (!named) return [item(template, unique.map((r) => r.number).join(','))];
  // One text to all, one item a birthday: each item names its recipients' birthday to the gateway.
  const byBirthday = new Map<string, string[]>();
  for (const r of unique) {
    const birthday = r.birthday ?? '';
    const numbers = byBirthday.get(birthday);
    if (numbers) numbers.push(r.number);
    else byBirthday.set(birthday, [r.number]);
  }
  return [...byBirthday].map(([birthday, numbers]) => dated(item(template, numbers.join(',')), birthday));
}

export type ContactLike = Readonly<Record<(typeof PHONEBOOK_FIELDS)[number], string>>;

/** A phone-book contact as a recipient: its fields fill placeholders; birthday sends also get {age} and its birthday. */
export function contactRecipient(contact: ContactLike, isBirthday: boolean, now: Date): Recipient {
  const fields: Record<string, string> = {};
  for (const field of PHONEBOOK_FIELDS) fields[field] = contact[field] ?? '';
  const number = contact.phonenumber.replace(/\s+/g, '');
  if (!isBirthday) return { number, fields };
  fields[AGE_FIELD] = String(birthdayAge(contact.birthday, now));
  return { number, fields, birthday: birthdayOf(contact.birthday) };
}

/** A sheet row's birthday column (headed Birthday, any case or spacing): its date, '' for none. */
export function sheetBirthday(row: Readonly<Record<string, string>>): string {
  const heading = Object.keys(row).find(isBirthdayHeading);
  return heading === undefined ? '' : birthdayOf(row[heading]);
}

/**
 * A sheet row (readSendSheet's, keyed by heading, the number under 'numbers') as a recipient; for a
 * birthday send its birthday column gives {age} and its birthday.
 */
export function sheetRecipient(row: Readonly<Record<string, string>>, isBirthday = false, now = new Date()): Recipient {
  const number = row.numbers ?? '';
  if (!isBirthday) return { number, fields: row };
  const birthday = sheetBirthday(row);
  if (!birthday || row[AGE_FIELD] !== undefined) return { number, fields: row, birthday };
  return { number, fields: { ...row, [AGE_FIELD]: String(birthdayAge(birthday, now)) }, birthday };
}
