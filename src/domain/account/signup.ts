// Sign-up, reset-password and login field rules (docs/product.md#sign-up).
import { CODE_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH, USERNAME_MIN_LENGTH } from '../constants';
import { isBlank, isEmailAddress } from '../fields';
import { checkSheetNumber, MAX_PHONE_DIGITS, NUMBER_REASONS } from '../contacts/sheet-number';
import { checkPhoneNumber } from '../numbers/number-screen';

export const USERNAME_TOO_SHORT = 'Username must be 5 or more characters';
export const SIGNUP_INVALID_EMAIL = 'Invalid Email';
export const MOBILE_NOT_NUMBERS = 'Mobile numbers must be only numbers';
export const MOBILE_INCOMPLETE = 'Mobile numbers not complete';
export const PHONE_TOO_LONG = `Mobile numbers must be at most ${MAX_PHONE_DIGITS} digits`;
export const SIGNUP_PASSWORD_TOO_SHORT = 'Password must be more six characters';
export const SIGNUP_PASSWORDS_DIFFER = 'Passwords do not match';

export const RESET_INVALID_EMAIL = 'Please enter a valid email';
export const RESET_PASSWORD_TOO_SHORT = 'Password must be more than six characters';
export const RESET_PASSWORDS_DIFFER = 'Please ensure passwords the are same';
export const RESET_CODE_EMPTY = 'Please enter code sent to your phone';
export const RESET_LOGIN_EMPTY = 'Please enter your email or username';

export const DOMAIN_NOT_LOADED = 'Please wait for while and try again';

export type SignupField = 'username' | 'email' | 'mobile' | 'password' | 'confirm';
/** `login`: the e-mail or username the reset is for, as login takes it (a username has no '@'). */
export type ResetField = 'email' | 'login' | 'password' | 'confirm' | 'code';

export function signupFieldError(field: SignupField, value: string, password?: string): string | null {
  switch (field) {
    // Trimmed, so five spaces are not a username.
    case 'username':
      return value.trim().length < USERNAME_MIN_LENGTH ? USERNAME_TOO_SHORT : null;
    case 'email':
      return isEmailAddress(value) ? null : SIGNUP_INVALID_EMAIL;
    case 'mobile':
      return mobileError(value);
    case 'password':
      return value.length < PASSWORD_MIN_LENGTH ? SIGNUP_PASSWORD_TOO_SHORT : null;
    case 'confirm':
      return value === (password ?? '') ? null : SIGNUP_PASSWORDS_DIFFER;
  }
}

/**
 * A mobile number written as every number field of the product takes one ('0244 556 677', '024-455-6677',
 * '+233 24 455 6677': docs/product.md#phone-numbers), read by the phone-number check, in sign-up's texts:
 * what is left once spaces and dashes go must be digits with an optional leading + (or 00), at least 9 of them.
 */
function mobileError(value: string): string | null {
  const checked = checkSheetNumber(value.trim());
  if (checked.ok) return checked.number.length < PHONE_MIN_LENGTH ? MOBILE_INCOMPLETE : null;
  if (checked.reason === NUMBER_REASONS.missing || checked.reason === NUMBER_REASONS.tooShort) return MOBILE_INCOMPLETE;
  return checked.reason === NUMBER_REASONS.tooLong ? PHONE_TOO_LONG : MOBILE_NOT_NUMBERS;
}

/** A sign-up's mobile number as it is sent and stored: canonical (233...), or as typed when it is no number. */
export function signupPhone(value: string): string {
  const checked = checkPhoneNumber(value.trim());
  return checked.ok ? checked.number : value.trim();
}

export function resetFieldError(field: ResetField, value: string, password?: string): string | null {
  switch (field) {
    case 'email':
      return isEmailAddress(value) ? null : RESET_INVALID_EMAIL;
    case 'login':
      if (isBlank(value)) return RESET_LOGIN_EMPTY;
      return value.includes('@') && !isEmailAddress(value) ? RESET_INVALID_EMAIL : null;
    case 'password':
      return value.length < PASSWORD_MIN_LENGTH ? RESET_PASSWORD_TOO_SHORT : null;
    case 'confirm':
      return value === (password ?? '') ? null : RESET_PASSWORDS_DIFFER;
    case 'code':
      return isBlank(value) ? RESET_CODE_EMPTY : null;
  }
}

export type SignupForm = {
  username: string;
  email: string;
  mobile: string;
  password: string;
  confirm: string;
};

// Register needs username, e-mail, password and confirm filled and no warning shown (mobile is checked once typed).
export function canRegister(form: SignupForm, otherWarnings: ReadonlyArray<string | null | undefined> = []): boolean {
  const required = [form.username, form.email, form.password, form.confirm];
  if (required.some(isBlank)) return false;
  const errors = [
    signupFieldError('username', form.username),
    signupFieldError('email', form.email),
    isBlank(form.mobile) ? null : signupFieldError('mobile', form.mobile),
    signupFieldError('password', form.password),
    signupFieldError('confirm', form.confirm, form.password),
    ...otherWarnings,
  ];
  return errors.every((e) => e === null || e === undefined || e === '');
}

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);
export const isCodeComplete = (code: string): boolean => CODE_PATTERN.test(code.trim());
