// One row of a contact import, checked the same way by the import dialog and the gateway (docs/product.md#for-contacts).
import { contactEmailError } from './contact';
import {
  birthdayDate,
  cellText,
  checkContact,
  CONTACT_FIELD_LABELS,
  CONTACT_FIELDS,
  EMPTY_ROW,
  MAX_FIELD_LENGTH,
  type ContactField,
  type ContactFields,
} from './contact-fields';
import { checkPhoneNumber } from '../numbers/number-screen';
import { countText } from '../plural';

/**
 * Fields a contact loads without: a bad one is left out (emptied) and said, never the whole contact. The number
 * is required, and the consent stays whole or refuses the row: it is the sender's record of how and when the
 * person agreed (docs/compliance.md#consent-on-contacts), so it is corrected, never dropped.
 */
const LEAVE_OUT_FIELDS = ['firstname', 'middlename', 'surname', 'email', 'birthday'] as const;

export type LeftOutField = { field: ContactField; reason: string };
export type ImportRowCheck =
  { ok: true; contact: ContactFields; leftOut: LeftOutField[] } | { ok: false; message: string };

function leaveOutReason(field: (typeof LEAVE_OUT_FIELDS)[number], value: unknown): string | null {
  const text = cellText(value);
  if (field === 'email' && contactEmailError(text)) return 'not an e-mail address';
  if (field === 'birthday' && birthdayDate(value) === null) return 'not a date';
  return text.length > MAX_FIELD_LENGTH ? `longer than ${MAX_FIELD_LENGTH} characters` : null;
}

/**
 * A row as a contact: a row with nothing filled is refused, so is one without a usable phone number (its
 * reason), and one whose consent is bad; a bad optional field is left out and listed in `leftOut`.
 */
export function checkImportRow(input: Partial<Record<ContactField, unknown>>, now = Date.now()): ImportRowCheck {
  const kept: Partial<Record<ContactField, unknown>> = { ...input };
  const leftOut: LeftOutField[] = [];
  for (const field of LEAVE_OUT_FIELDS) {
    const reason = leaveOutReason(field, input[field]);
    if (!reason) continue;
    leftOut.push({ field, reason });
    kept[field] = '';
  }
  const phone = checkPhoneNumber(input.phonenumber ?? null);
  kept.phonenumber = phone.ok ? phone.number : '';
  const checked = checkContact(kept, now);
  const filled =
    leftOut.length > 0 ||
    cellText(input.phonenumber) !== '' ||
    !checked.ok ||
    CONTACT_FIELDS.some((f) => checked.contact[f] !== '');
  if (!filled) return { ok: false, message: EMPTY_ROW };
  if (!phone.ok) return { ok: false, message: phone.reason };
  if (!checked.ok) return checked;
  return { ok: true, contact: checked.contact, leftOut };
}

/** What the preview says of the fields left out, one line per field: '1 e-mail left out: not an e-mail address (row 4)'. */
export function leftOutLines(
  rows: ReadonlyArray<{ row: number; leftOut: readonly LeftOutField[] }>,
  fromPhone = false,
  named = 5,
): string[] {
  const byField = new Map<string, { reason: string; rows: number[] }[]>();
  for (const { row, leftOut } of rows)
    for (const { field, reason } of leftOut) {
      const groups = byField.get(field) ?? [];
      const group = groups.find((g) => g.reason === reason) ?? { reason, rows: [] };
      if (!groups.includes(group)) groups.push(group);
      group.rows.push(row);
      byField.set(field, groups);
    }
  const lines: string[] = [];
  for (const field of CONTACT_FIELDS)
    for (const { reason, rows: at } of byField.get(field) ?? []) {
      const noun = field === 'email' ? 'e-mail' : CONTACT_FIELD_LABELS[field].toLowerCase();
      const more = at.length > named ? ` and ${at.length - named} more` : '';
      const where = fromPhone ? '' : ` (${at.length === 1 ? 'row' : 'rows'} ${at.slice(0, named).join(', ')}${more})`;
      lines.push(`${countText(at.length, noun)} left out: ${reason}${where}`);
    }
  return lines;
}
