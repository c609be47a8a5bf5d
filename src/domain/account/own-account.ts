// Editing one's own account (the profile's e-mail, company, phone and password): the rules and texts
// the profile form shows and the gateway enforces (docs/api.md "Editing one's own account").
import { CODE_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { canonicalPhone } from '../numbers/phone-number';
import { MAX_PHONE_DIGITS } from '../contacts/sheet-number';
import { PHONE_TOO_LONG, RESET_CODE_EMPTY, SIGNUP_PASSWORDS_DIFFER, signupFieldError } from './signup';

export const COMPANY_MAX_LENGTH = 100;
export const PASSWORD_MAX_LENGTH = 128;

export const COMPANY_TOO_LONG = `Company name must be ${COMPANY_MAX_LENGTH} characters or fewer`;
export const PHONE_UNCHANGED = 'This is already your mobile number';
export const CURRENT_PASSWORD_EMPTY = 'Please enter your current password';
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct';
export const NEW_PASSWORD_TOO_SHORT = 'Password must be more six characters';
export const PASSWORD_TOO_LONG = `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer`;
export const PASSWORD_UNCHANGED = 'The new password must differ from the current one';
export const CODE_NOT_COMPLETE = `Please enter the ${CODE_LENGTH}-digit code sent to the new number`;
export const NOTHING_CHANGED = 'Nothing to save: the e-mail and company are as they were';
/** Asked beside the current password when two-step sign-in is on (a new number or e-mail). */
export const TWO_STEP_CODE_EMPTY = 'Please enter the 6-digit code your authenticator app shows';

/** The e-mail as an account keeps it: sign-up's rule (isEmailAddress) and text. */
export const accountEmailError = (email: string): string | null => signupFieldError('email', email);

export const companyError = (company: string): string | null =>
  company.trim().length > COMPANY_MAX_LENGTH ? COMPANY_TOO_LONG : null;

/** A number as typed into the profile, without the spaces people put in it ('024 123 4567'). */
export const compactPhone = (phone: string): string => phone.replace(/\s+/g, '');

/** A new mobile number: sign-up's texts, at most 15 digits, and not the number the account has. */
export function newPhoneError(typed: string, current: string): string | null {
  const phone = compactPhone(typed);
  const problem = signupFieldError('mobile', phone);
  if (problem) return problem;
  if (canonicalPhone(phone).length > MAX_PHONE_DIGITS) return PHONE_TOO_LONG;
  if (current && canonicalPhone(phone) === canonicalPhone(current)) return PHONE_UNCHANGED;
  return null;
}

export const phoneCodeError = (code: string): string | null =>
  !code.trim() ? RESET_CODE_EMPTY : new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code.trim()) ? null : CODE_NOT_COMPLETE;

export type PasswordChange = { currentPassword: string; newPassword: string; confirmNewPassword: string };

/** What is wrong with a password change before the current password is checked, in sign-up's words. */
export function passwordChangeError(change: PasswordChange): string | null {
  if (!change.currentPassword) return CURRENT_PASSWORD_EMPTY;
  if (change.newPassword.length < PASSWORD_MIN_LENGTH) return NEW_PASSWORD_TOO_SHORT;
  if (change.newPassword.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (change.confirmNewPassword !== change.newPassword) return SIGNUP_PASSWORDS_DIFFER;
  if (change.newPassword === change.currentPassword) return PASSWORD_UNCHANGED;
  return null;
}

/**
 * What a recovery ended beside the sessions (docs/api.md#accounts-and-codes): a reset always, a password
 * change when asked. `apiKeys` counts the API v1 keys revoked; `smppAccess` is true when an SMPP
 * password was cleared.
 */
export type EndedCredentials = { sessions: number; apiKeys: number; smppAccess: boolean };

/** The credentials ended, in words ('' when none): '2 API keys were revoked and SMPP access must be set up again.' */
export function endedCredentialsText(ended: Pick<EndedCredentials, 'apiKeys' | 'smppAccess'>): string {
  const keys =
    ended.apiKeys === 0 ? '' : ended.apiKeys === 1 ? '1 API key was revoked' : `${ended.apiKeys} API keys were revoked`;
  const smpp = ended.smppAccess ? 'SMPP access must be set up again' : '';
  const both = [keys, smpp].filter(Boolean).join(' and ');
  return both ? `${both}.` : '';
}
