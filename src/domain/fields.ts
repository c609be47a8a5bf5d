// Small text checks shared by the form rules.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

// Plain decimal text only: Number('') is 0 and Number('1e3') is 1000, neither of which a user typed as a number.
export function isNumericText(value: string | number): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return DECIMAL_PATTERN.test(value.trim());
}

export const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';
