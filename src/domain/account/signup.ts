// Sign-up, reset-password and login field rules (docs/product.md#sign-up).
import { CODE_LENGTH, PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH, USERNAME_MIN_LENGTH } from '../constants';
import { isBlank, isEmailAddress } from '../fields';

export const USERNAME_TOO_SHORT = 'Username must be 5 or more characters';
export const SIGNUP_INVALID_EMAIL = 'Invalid Email';
export const MOBILE_NOT_NUMBERS = 'Mobile numbers must be only numbers';
export const MOBILE_INCOMPLETE = 'Mobile numbers not complete';
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
      if (!/^\+?\d*$/.test(value.trim())) return MOBILE_NOT_NUMBERS;
      return value.trim().length < PHONE_MIN_LENGTH ? MOBILE_INCOMPLETE : null;
    case 'password':
      return value.length < PASSWORD_MIN_LENGTH ? SIGNUP_PASSWORD_TOO_SHORT : null;
    case 'confirm':
      return value === (password ?? '') ? null : SIGNUP_PASSWORDS_DIFFER;
  }
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
