// Contact and credit-giving checks (docs/product.md#phone-books, docs/product.md#client-management).
import { isBlank, isEmailAddress, isNumericText } from '../fields';

export const CONTACT_INVALID_EMAIL = 'Please enter a valid email address';
export const AMOUNT_NOT_NUMBER = 'Amount must be a number';
export const RATE_NOT_NUMBER = 'Rate must be a number';
export const USER_NOT_FOUND = 'User not found';

// Every contact field is optional, so only a typed e-mail is checked.
export function contactEmailError(email: string): string | null {
  return isBlank(email) || isEmailAddress(email) ? null : CONTACT_INVALID_EMAIL;
}

export function creditByAmountError(amount: string): string | null {
  return isNumericText(amount) ? null : AMOUNT_NOT_NUMBER;
}

export function creditByRateError(amount: string, rate: string): string | null {
  if (!isNumericText(rate)) return RATE_NOT_NUMBER;
  return creditByAmountError(amount);
}

type Beneficiary = { username: string; email: string };

// Exact match only: crediting a near-miss account cannot be undone by the giver.
export function findBeneficiary<T extends Beneficiary>(users: readonly T[], query: string): T | null {
  const wanted = query.trim();
  if (wanted === '') return null;
  return users.find((u) => u.username === wanted || u.email === wanted) ?? null;
}
