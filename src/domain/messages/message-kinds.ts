// Message kinds, their API names and the send form's defaults (docs/product.md#message-kinds).
import type {
  ContactSource,
  MessageKind,
  MessageSubtype,
  RecurringPeriod,
  SendMessageType,
  TypeAndSubtype,
} from '../types';
import { DEFAULT_CHARACTER_LIMIT } from '../constants';
import { DEFAULT_RECURRING_PERIOD } from './recurrence';

export const MESSAGE_KINDS: readonly MessageKind[] = ['quick', 'scheduled', 'recurring', 'birthday'];

export const MESSAGE_KIND_LABELS: Readonly<Record<MessageKind, string>> = {
  quick: 'Quick SMS',
  scheduled: 'Scheduled SMS',
  recurring: 'Recurring SMS',
  birthday: 'Birthday Message',
};

export const SEND_MESSAGE_TYPES: Readonly<Record<MessageKind, SendMessageType>> = {
  quick: 'quick sms',
  scheduled: 'scheduled sms',
  recurring: 'recurring sms',
  birthday: 'birthday sms',
};

/**
 * The name lists and pages give a message: its campaign name, else its kind as the menu says it ('Quick
 * SMS', not the stored 'quick sms'), else 'Message'.
 */
export function campaignTitle(message: { messageDescription?: string | null; messageType?: string | null }): string {
  if (message.messageDescription) return message.messageDescription;
  const kind = MESSAGE_KINDS.find((k) => SEND_MESSAGE_TYPES[k] === message.messageType);
  return kind ? MESSAGE_KIND_LABELS[kind] : message.messageType || 'Message';
}

export const SUBMIT_LABELS: Readonly<Record<MessageKind, string>> = {
  quick: 'Send Message',
  scheduled: 'Register scheduled sms',
  recurring: 'Register recurring sms',
  birthday: 'Register birthday sms',
};

export const submitLabel = (kind: MessageKind): string => SUBMIT_LABELS[kind];

export const typeAndSubtype = (kind: MessageKind, subtype: MessageSubtype): TypeAndSubtype => `${kind}:${subtype}`;

// Personalized text needs per-recipient data, which only a sheet or a phone book has.
export function contactSourcesFor(subtype: MessageSubtype): ContactSource[] {
  return subtype === 'personalized' ? ['excel', 'phonebook'] : ['manual', 'excel', 'phonebook'];
}

// Choosing Personalized sets the contact source to excel, as the product always has; a phone book can
// be chosen again after it (docs/product.md#contact-sources). Regular keeps the source.
export function sourceAfterSubtypeChange(subtype: MessageSubtype, current: ContactSource): ContactSource {
  return subtype === 'personalized' ? 'excel' : current;
}

// Only scheduled, recurring and manual birthday sends carry a chosen date; the rest go out now.
export function usesChosenDate(kind: MessageKind, source: ContactSource): boolean {
  return kind === 'scheduled' || kind === 'recurring' || (kind === 'birthday' && source === 'manual');
}

export type SendFormDefaults = {
  messageType: MessageKind;
  subtype: MessageSubtype;
  source: ContactSource;
  recurringPeriod: RecurringPeriod;
  characterLimit: number;
};

export const SEND_FORM_DEFAULTS: Readonly<SendFormDefaults> = {
  messageType: 'quick',
  subtype: 'regular',
  source: 'manual',
  recurringPeriod: DEFAULT_RECURRING_PERIOD,
  characterLimit: DEFAULT_CHARACTER_LIMIT,
};
