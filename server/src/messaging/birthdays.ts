import type { Executor } from '../db/database';
import type { NewRecipient } from './message-store';
import { monthDay } from '../../../src/domain/messages/recurrence';
import { contactBirthdays } from '../phonebook/contacts';

const BIRTHDAY = /^\d{4}-(\d{2}-\d{2})$/;

// 0241234567, 233241234567 and +233 24 123 4567 are one phone: compare the last nine digits.
const numberKey = (number: string) => number.replace(/\D/g, '').slice(-9);

/**
 * Each recipient's birthday ('MM-dd'): from the sender's contacts when the number is there with a
 * birthday, otherwise the date of the send's expectedDeliveryTime (a manual birthday send's date).
 */
export async function withBirthdays(
  db: Executor,
  profileId: number,
  recipients: readonly NewRecipient[],
  givenAt: number,
): Promise<NewRecipient[]> {
  const contacts = await contactBirthdays(db, profileId);
  const byNumber = new Map<string, string>();
  for (const c of contacts) {
    const md = BIRTHDAY.exec(c.birthday.trim())?.[1];
    const key = numberKey(c.phonenumber);
    if (md && key.length >= 6) byNumber.set(key, md);
  }
  const given = monthDay(givenAt);
  return recipients.map((r) => {
    const fromContact = byNumber.get(numberKey(r.number));
    return { ...r, birthdayMd: fromContact ?? given, mdGiven: !fromContact };
  });
}
