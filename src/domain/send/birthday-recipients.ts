// Who a birthday send reaches (docs/product.md#birthdays): each recipient on its own birthday, and a
// recipient without one gets nothing and costs nothing. One rule for the send form and the gateway.
import { birthdayDate } from '../contacts/contact-fields';
import { countText } from '../plural';
import type { ContactSource, MessageKind } from '../types';
import { formatNumber } from '../numbers/number-format';

/** A birthday as 'yyyy-MM-dd', or '' when there is none (blank or unreadable). */
export const birthdayOf = (value: unknown): string => birthdayDate(value) ?? '';

/** The 'MM-dd' a birthday ('yyyy-MM-dd') falls on each year, or null when there is none. */
export function monthDayOf(birthday: string | undefined): string | null {
  const day = birthdayOf(birthday);
  return day === '' ? null : day.slice(5);
}

/**
 * A birthday send from a phone book or a sheet names each recipient's birthday on its item (`birthday`);
 * only a manual one gives a date that is every recipient's birthday.
 */
export const namesBirthdays = (messageType: MessageKind, source: ContactSource): boolean =>
  messageType === 'birthday' && source !== 'manual';

/** The heading of a sheet's birthday column, matched ignoring case and spaces ('Birthday', 'birth day'). */
export const isBirthdayHeading = (heading: string): boolean => heading.replace(/\s+/g, '').toLowerCase() === 'birthday';

/** The send form's note beside the count: who gets nothing (docs/product.md#birthdays). */
export function noBirthdayNote(left: number, total: number, source: ContactSource): string {
  const noun = source === 'excel' ? 'row' : 'contact';
  const fix =
    source === 'excel' ? 'Give each row its date in a column headed Birthday' : 'Add their birthdays in the phone book';
  if (left >= total && total === 1) return `The ${noun} has no birthday, so nobody would get this message. ${fix}.`;
  if (left >= total)
    return `None of the ${countText(total, noun)} has a birthday, so nobody would get this message. ${fix}.`;
  const [has, they] = left === 1 ? ['has', 'it gets'] : ['have', 'they get'];
  return `${formatNumber(left)} of the ${countText(total, noun)} ${has} no birthday: ${they} nothing and ${left === 1 ? 'is' : 'are'} not charged. ${fix} to include ${left === 1 ? 'it' : 'them'}.`;
}

/** The gateway's refusal of a birthday send none of whose recipients has a birthday. */
export const noBirthdayRefusal = (n: number): string =>
  `No message was sent: ${n === 1 ? 'its recipient has' : `none of the ${formatNumber(n)} recipients has`} a birthday (give each item its birthday, or add it to the contact in your phone book)`;
