import type { Executor } from '../db/database';
import type { NewRecipient } from './message-store';
import { monthDay } from '../../../src/domain/messages/recurrence';
import { monthDayOf } from '../../../src/domain/send/birthday-recipients';
import { contactBirthdays } from '../phonebook/contacts';

// 0241234567, 233241234567 and +233 24 123 4567 are one phone: compare the last nine digits.
const numberKey = (number: string) => number.replace(/\D/g, '').slice(-9);

/** What a birthday send says of its recipients' birthdays (sending/send-items.ts SendEnvelope). */
export type BirthdaySource = {
  /** The send's date: a manual birthday send's, every recipient's birthday unless its contact has one. */
  at: number;
  /** The send names each recipient's birthday (a phone book's or a sheet's): its date is no birthday. */
  namesBirthdays: boolean;
};

/**
 * Each recipient's birthday ('MM-dd', docs/product.md#birthdays): the one its item names; else its
 * contact's (the sender's contact with that number); else, for a manual send only, the send's date.
 * A recipient of a send naming birthdays with none of them is `undated`: never stored, never charged.
 */
export async function withBirthdays<T extends NewRecipient & { birthday?: string }>(
  db: Executor,
  profileId: number,
  recipients: readonly T[],
  source: BirthdaySource,
): Promise<{ dated: T[]; undated: T[] }> {
  const contacts = await contactBirthdays(db, profileId);
  const byNumber = new Map<string, string>();
  for (const c of contacts) {
    const md = monthDayOf(c.birthday);
    const key = numberKey(c.phonenumber);
    if (md && key.length >= 6) byNumber.set(key, md);
  }
  const given = monthDay(source.at);
  const dated: T[] = [];
  const undated: T[] = [];
  for (const r of recipients) {
    const named = source.namesBirthdays ? monthDayOf(r.birthday) : null;
    const md = named ?? byNumber.get(numberKey(r.number));
    if (md) dated.push({ ...r, birthdayMd: md, mdGiven: false });
    else if (source.namesBirthdays) undated.push(r);
    else dated.push({ ...r, birthdayMd: given, mdGiven: true });
  }
  return { dated, undated };
}
