// Recipients' numbers checked and made canonical before a send is priced (docs/product.md#phone-numbers):
// the send form and the gateway apply the same rule, so what the form counts is what the gateway charges.
import { canonicalPhone } from './phone-number';
import type { SetAsideNumber } from '../contacts/excel-sheet';
import { checkSheetNumber, type SheetNumber } from '../contacts/sheet-number';
import { formatNumber } from './number-format';

/** A typed or stored number as its canonical form, or why it is not a phone number (the spreadsheet's reasons). */
export function checkPhoneNumber(value: unknown): SheetNumber {
  const checked = checkSheetNumber(value);
  return checked.ok ? { ok: true, number: canonicalPhone(checked.number) } : checked;
}

export type ScreenedNumbers<T> = {
  /** The recipients to send to, each with its canonical number, in the order given. */
  kept: T[];
  /** What is not a phone number: its place in the list (1-based, as a sheet numbers its rows), as given, and why. */
  setAside: SetAsideNumber[];
  /** Recipients dropped as a repeat of an earlier one (a regular send only). */
  duplicates: number;
};

/** A screen taking recipients one at a time (a caller may pause between them): `screened` grows as it goes. */
export interface NumberScreen<T> {
  /** Screens the recipient at place `i` (0-based) of the list. */
  take(recipient: T, i: number): void;
  readonly screened: ScreenedNumbers<T>;
}

/**
 * Sets aside what is not a phone number and, unless `keepRepeats` (a personalized send: each row its own message),
 * drops a recipient whose canonical number and `key` (its text) repeat an earlier one's. A recipient whose number
 * is canonical already is kept as it is, any other as a copy with its canonical number.
 */
export function numberScreen<T extends { number: string }>(
  keepRepeats: boolean,
  key: (recipient: T) => string = () => '',
): NumberScreen<T> {
  const screened: ScreenedNumbers<T> = { kept: [], setAside: [], duplicates: 0 };
  const seen = new Set<string>();
  return {
    screened,
    take(recipient, i) {
      const checked = checkPhoneNumber(recipient.number);
      if (!checked.ok) {
        screened.setAside.push({ row: i + 1, value: recipient.number, reason: checked.reason });
        return;
      }
      if (!keepRepeats) {
        // A canonical number holds no new line: the number alone stands for itself with an empty key.
        const own = key(recipient);
        const seenKey = own === '' ? checked.number : `${checked.number}\n${own}`;
        if (seen.has(seenKey)) {
          screened.duplicates += 1;
          return;
        }
        seen.add(seenKey);
      }
      screened.kept.push(checked.number === recipient.number ? recipient : { ...recipient, number: checked.number });
    },
  };
}

/** numberScreen over a whole list at once. */
export function screenNumbers<T extends { number: string }>(
  recipients: readonly T[],
  keepRepeats: boolean,
  key: (recipient: T) => string = () => '',
): ScreenedNumbers<T> {
  const screen = numberScreen(keepRepeats, key);
  recipients.forEach((recipient, i) => screen.take(recipient, i));
  return screen.screened;
}

/** Canonical numbers listed more than once (a personalized send keeps each: every row gets its own message). */
export function repeatedNumbers(numbers: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const n of numbers) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([number]) => number);
}

/** The send form's note on a regular send's repeats: each number gets the text once, and is paid once. */
export const repeatsDroppedNote = (n: number): string =>
  `${n === 1 ? '1 number was' : `${formatNumber(n)} numbers were`} listed more than once: each number gets the message once and is charged once`;

/**
 * The send form's warning on a personalized send whose numbers repeat. Such duplicates are kept (docs/product.md#sending):
 * every data row is its own message, charged as one.
 */
export function repeatsKeptWarning(shown: readonly string[]): string {
  const named = shown.slice(0, 3).join(', ');
  const more = shown.length > 3 ? ` and ${formatNumber(shown.length - 3)} more` : '';
  return shown.length === 1
    ? `${named} appears more than once. Each row gets its own message, so this number gets one message (and one charge) per row`
    : `${formatNumber(shown.length)} numbers appear more than once (${named}${more}). Each row gets its own message, so such a number gets one message (and one charge) per row`;
}
