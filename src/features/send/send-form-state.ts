// The send form's fields, their defaults (docs/product.md#the-send-form), and how a stored draft is read back.
import { SEND_FORM_DEFAULTS } from '../../domain/messages/message-kinds';
import { DEFAULT_RECURRING_INTERVAL, isRecurringPeriod } from '../../domain/messages/recurrence';
import type { SendCategory } from '../../domain/send/quiet-hours';
import type { ContactSource, MessageKind, MessageSubtype, RecurringPeriod } from '../../domain/types';

export type SendFormFields = {
  messageType: MessageKind;
  subtype: MessageSubtype;
  source: ContactSource;
  senderId: string;
  campaign: string;
  text: string;
  numbers: string;
  /** Scheduled and recurring: Accra wall time 'YYYY-MM-DD HH:mm:ss' from the picker. */
  date: string | null;
  /** Manual birthday: 'YYYY-MM-DD'. */
  birthday: string | null;
  recurringPeriod: RecurringPeriod;
  recurringInterval: string;
  /** Chosen phone books (group ids as text, as the multi-select holds them). */
  groupIds: string[];
  /** End each text with an opt-out link; kept after a send, like the sender ID. */
  optOutLink: boolean;
  /** Promotional (held by the account's quiet hours) or transactional: docs/product.md#quiet-hours. */
  category: SendCategory;
  /** Shorten the text's links to each recipient's own short link and count clicks. */
  shortenLinks: boolean;
  /** The source Personalized set to excel (typed numbers or a phone book): the form says so, and Regular brings it back. */
  sourceSwitchedFrom: ContactSource | null;
};

/** The interval field's text until the user types another. */
export const DEFAULT_INTERVAL_TEXT = String(DEFAULT_RECURRING_INTERVAL);

export function defaultFields(senderId = '', optOutLink = false): SendFormFields {
  return {
    messageType: SEND_FORM_DEFAULTS.messageType,
    subtype: SEND_FORM_DEFAULTS.subtype,
    source: SEND_FORM_DEFAULTS.source,
    senderId,
    campaign: '',
    text: '',
    numbers: '',
    date: null,
    birthday: null,
    recurringPeriod: SEND_FORM_DEFAULTS.recurringPeriod,
    recurringInterval: DEFAULT_INTERVAL_TEXT,
    groupIds: [],
    optOutLink,
    category: 'promotional',
    shortenLinks: false,
    sourceSwitchedFrom: null,
  };
}

/**
 * The form after a successful send: the defaults, but for the sender ID and the opt-out link (with
 * several approved IDs, the next send most likely goes out under the same one).
 */
export const fieldsAfterSend = (sent: SendFormFields): SendFormFields => defaultFields(sent.senderId, sent.optOutLink);

const KINDS: readonly string[] = ['quick', 'scheduled', 'recurring', 'birthday'];
const SUBTYPES: readonly string[] = ['regular', 'personalized'];
const SOURCES: readonly string[] = ['manual', 'excel', 'phonebook'];

const str = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A stored draft as form fields: anything unknown or mistyped (an older version's draft) falls back to the default. */
export function fieldsFromDraft(draft: Record<string, unknown> | null | undefined): SendFormFields {
  const base = defaultFields();
  if (!draft) return base;
  const pick = <T extends string>(value: unknown, allowed: readonly string[], fallback: T): T =>
    typeof value === 'string' && allowed.includes(value) ? (value as T) : fallback;
  const period = draft.recurringPeriod;
  return {
    messageType: pick(draft.messageType, KINDS, base.messageType),
    subtype: pick(draft.subtype, SUBTYPES, base.subtype),
    source: pick(draft.source, SOURCES, base.source),
    senderId: str(draft.senderId, ''),
    campaign: str(draft.campaign, ''),
    text: str(draft.text, ''),
    numbers: str(draft.numbers, ''),
    date: strOrNull(draft.date),
    birthday: strOrNull(draft.birthday),
    recurringPeriod: typeof period === 'string' && isRecurringPeriod(period) ? period : base.recurringPeriod,
    recurringInterval:
      typeof draft.recurringInterval === 'number' ? String(draft.recurringInterval) : str(draft.recurringInterval, ''),
    groupIds: Array.isArray(draft.groupIds) ? draft.groupIds.filter((g): g is string => typeof g === 'string') : [],
    optOutLink: draft.optOutLink === true,
    category: draft.category === 'transactional' ? 'transactional' : 'promotional',
    shortenLinks: draft.shortenLinks === true,
    sourceSwitchedFrom:
      draft.sourceSwitchedFrom === 'manual' || draft.sourceSwitchedFrom === 'phonebook'
        ? draft.sourceSwitchedFrom
        : null,
  };
}

export const draftOf = (fields: SendFormFields): Record<string, unknown> => ({ ...fields });
