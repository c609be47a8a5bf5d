// The send form's checks, in their order (docs/product.md#the-send-form), and its non-blocking warnings.
import type { ContactSource, MessageKind, MessageSubtype, RecurringPeriod } from '../types';
import { isValidDate } from '../dates';
import { isBlank, isNumericText } from '../fields';
import { usesChosenDate } from '../messages/message-kinds';
import { MAX_RECURRING_YEARS, recurringStepProblem } from '../messages/recurrence';
import { hasPlaceholders } from '../messages/personalize';
import { parseManualNumbers, recipientCountWarning } from './recipients';

export const SENDER_ID_REQUIRED = 'Please select sender ID for this messge';
export const NO_PHONE_BOOK = 'You have not selected any phone book';
export const UPLOAD_EXCEL = 'Please upload an excel sheet';
export const INVALID_DATE = 'Please enter a valid date';
export const BIRTHDAY_DATE_REQUIRED = 'Please enter a birthday date';
export const RECURRING_INTERVAL_REQUIRED = 'Please select a recurring interval';
// The product's own: the spec fixes no text for an interval of more than ten years.
export const RECURRING_INTERVAL_TOO_LONG = `The recurring interval is too long: at most ${MAX_RECURRING_YEARS} years between messages`;
export const PERSONALIZED_NEEDS_CONTACTS =
  'For personalized SMS please load contacts using excel or from your phone book';
// The product's own: without them an empty send would reach the gateway only to be refused there.
export const NO_NUMBERS = 'Please enter at least one mobile number';
export const EMPTY_MESSAGE = 'Please enter your message';

export const BRACES_WARNING =
  'Your message contains { } placeholders: switch the sub-type to Personalized to fill them in for each contact';

export type SendFormState = {
  messageType: MessageKind;
  subtype: MessageSubtype;
  source: ContactSource;
  senderId: string;
  selectedGroups: readonly unknown[];
  excelLoaded: boolean;
  date: Date | string | number | null;
  recurringPeriod: RecurringPeriod;
  recurringInterval: number | string | null;
  text: string;
  numbers: string;
};

/** The recurring interval's problem, as the send form and the edit dialog show it: none, missing or too long. */
export function recurringIntervalProblem(period: RecurringPeriod, value: number | string | null): string | null {
  if (value === null || !isNumericText(value)) return RECURRING_INTERVAL_REQUIRED;
  const problem = recurringStepProblem(period, Number(value));
  if (problem === 'too-long') return RECURRING_INTERVAL_TOO_LONG;
  return problem ? RECURRING_INTERVAL_REQUIRED : null;
}

// First failing rule only, as the form shows one alert at a time.
export function validateSendForm(form: SendFormState): string | null {
  const manual = form.source === 'manual';
  if (isBlank(form.senderId)) return SENDER_ID_REQUIRED;
  if (form.source === 'phonebook' && form.selectedGroups.length === 0) return NO_PHONE_BOOK;
  // Named for the personalized case; a regular excel send without a file has no recipients either.
  if (form.source === 'excel' && !form.excelLoaded) return UPLOAD_EXCEL;
  if (usesChosenDate(form.messageType, form.source) && !isValidDate(form.date)) {
    return form.messageType === 'birthday' ? BIRTHDAY_DATE_REQUIRED : INVALID_DATE;
  }
  if (form.messageType === 'recurring') {
    const problem = recurringIntervalProblem(form.recurringPeriod, form.recurringInterval);
    if (problem) return problem;
  }
  if (form.subtype === 'personalized' && manual) return PERSONALIZED_NEEDS_CONTACTS;
  if (manual && parseManualNumbers(form.numbers, false).length === 0) return NO_NUMBERS;
  if (isBlank(form.text)) return EMPTY_MESSAGE;
  return null;
}

export function sendFormWarnings(form: Pick<SendFormState, 'subtype' | 'text'>, recipientCount: number): string[] {
  const warnings: string[] = [];
  if (form.subtype === 'regular' && hasPlaceholders(form.text)) warnings.push(BRACES_WARNING);
  const tooMany = recipientCountWarning(recipientCount);
  if (tooMany) warnings.push(tooMany);
  return warnings;
}
