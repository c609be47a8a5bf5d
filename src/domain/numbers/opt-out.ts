// Opt-outs: who said stop, and the link a send may carry (docs/compliance.md).
import { canonicalPhone } from './phone-number';
import { formatNumber } from './number-format';

/** Why a number is on an account's suppression list. */
export const OPT_OUT_REASONS = ['stop_reply', 'link', 'manual', 'import', 'complaint'] as const;
export type OptOutReason = (typeof OPT_OUT_REASONS)[number];

/** How each reason reads in the app and its exports. */
export const OPT_OUT_REASON_LABELS: Readonly<Record<OptOutReason, string>> = {
  stop_reply: 'Replied STOP',
  link: 'Used the opt-out link',
  manual: 'Added by hand',
  import: 'Imported',
  complaint: 'Complaint',
};

/** The most numbers one call adds: a phone book's import bound. */
export const MAX_OPT_OUT_NUMBERS = 100_000;
/** A removal states why (the person opted in again): at most this long. */
export const MAX_REMOVAL_REASON = 300;

/** Replies that opt out, trimmed and case-folded: STOP, STOP ALL, UNSUBSCRIBE, CANCEL, END, QUIT, OPT OUT. */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'STOP',
  'STOP ALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPT OUT',
]);

/** Whether a reply's text asks to stop (any case, surrounding and repeated inner spaces ignored). */
export const isStopText = (text: string): boolean => STOP_WORDS.has(text.trim().replace(/\s+/g, ' ').toUpperCase());

/** An opt-out link's code: this many characters of a 62-letter alphabet (62^8 ≈ 2 x 10^14 codes). */
export const OPT_OUT_CODE_LENGTH = 8;
export const OPT_OUT_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The path an opt-out link opens on the tenant's host. */
export const OPT_OUT_PATH = '/o/';
export const isOptOutCode = (code: string): boolean => new RegExp(`^[A-Za-z0-9]{${OPT_OUT_CODE_LENGTH}}$`).test(code);

/** How the line a send with an opt-out link ends with begins. */
export const OPT_OUT_LINE_START = '\nOpt out: https://';
/** The line a send with an opt-out link ends with. */
export const optOutLine = (host: string, code: string): string => `${OPT_OUT_LINE_START}${host}${OPT_OUT_PATH}${code}`;

/** A text with its opt-out line; the preview passes no code (a code's length is fixed, so parts are the same). */
export const withOptOutLink = (text: string, host: string, code = 'X'.repeat(OPT_OUT_CODE_LENGTH)): string =>
  `${text}${optOutLine(host, code)}`;

/** A registration's text cannot change once its recipients' texts carry their links (they keep what was composed). */
export const LINKED_TEXT_FIXED =
  'This send carries opt-out links in its texts, so its text cannot be changed: delete it and send the new text instead';

/** The send form's preview line. */
export const optedOutPreview = (count: number): string =>
  count === 1
    ? '1 recipient has opted out and will be skipped'
    : `${formatNumber(count)} recipients have opted out and will be skipped`;

/**
 * A number as the suppression list keeps it (phone-number.ts), or null when it cannot be a phone
 * number: 9 to 15 digits once written canonically.
 */
export function optOutNumber(text: string): string | null {
  if (!/^[\d\s+().-]+$/.test(text.trim())) return null;
  const canonical = canonicalPhone(text);
  return /^\d{9,15}$/.test(canonical) ? canonical : null;
}

/** The numbers of these recipients that are on the stored opt-out list (its canonical numbers), each once. */
export function optedOutAmong(numbers: readonly string[], suppressed: ReadonlySet<string>): string[] {
  if (suppressed.size === 0) return [];
  const found = new Set<string>();
  for (const number of numbers) {
    if (number === '') continue;
    const canonical = canonicalPhone(number);
    if (suppressed.has(canonical)) found.add(canonical);
  }
  return [...found];
}
