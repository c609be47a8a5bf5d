// Small text checks shared by the form rules. None of them may back-track on long input: they run
// on the gateway before anything else, for callers who are not signed in.

/** The longest e-mail address a mailbox can have (RFC 5321's path limit less the brackets). */
export const EMAIL_MAX_LENGTH = 254;
const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * One '@' with text before it, no white space, and a domain with a dot that is neither its first
 * nor its last character. Checked by scanning, not by a pattern: `^[^\s@]+@[^\s@]+\.[^\s@]+$`
 * back-tracks quadratically on a long domain without a usable dot.
 */
export function isEmailAddress(value: string): boolean {
  const email = value.trim();
  if (email.length > EMAIL_MAX_LENGTH || /\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@')) return false;
  return email.slice(at + 2, -1).includes('.');
}

// Plain decimal text only: Number('') is 0 and Number('1e3') is 1000, neither of which a user typed as a number.
export function isNumericText(value: string | number): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return DECIMAL_PATTERN.test(value.trim());
}

export const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';
