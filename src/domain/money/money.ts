// Amounts of money and credit that the gateway stores: finite, positive, bounded, exact (docs/product.md#dates-money-and-balances).
import { AMOUNT_NOT_NUMBER, RATE_NOT_NUMBER } from '../contacts/contact';
import { isNumericText } from '../fields';
import { formatNumber } from '../numbers/number-format';

/** The most one purchase may be (GHS) and one gift may give (credits): far above any real sale, far below overflow. */
export const MAX_PURCHASE_GHS = 1_000_000;
export const MAX_GIFT_CREDITS = 100_000_000;
/** A rate (GHS per SMS) above this is a typo for a price. */
export const MAX_RATE_GHS = 100;

/** A number as typed (decimal text) or as sent (a JSON number); null when it is neither, or not finite. */
function readNumber(value: string | number): { n: number; decimals: number } | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Decimals of a JSON number: the fewest that print it exactly (0.1 + 0.2 style noise counts as many).
    const places = [0, 1, 2, 3, 4, 5, 6].find((d) => Number(value.toFixed(d)) === value) ?? 7;
    return { n: value, decimals: places };
  }
  const text = value.trim();
  if (!isNumericText(text) || !Number.isFinite(Number(text))) return null;
  return { n: Number(text), decimals: (text.split('.')[1] ?? '').length };
}

/** An amount of GHS: a number, above zero, at most two decimals, at most `max`; else the message to show. */
export function moneyError(value: string | number, max = MAX_PURCHASE_GHS): string | null {
  const read = readNumber(value);
  if (!read) return AMOUNT_NOT_NUMBER;
  if (read.n <= 0) return 'Amount must be greater than zero';
  if (read.decimals > 2) return 'Amount can have at most two decimals';
  if (read.n > max) return `Amount must be at most ${formatNumber(max)}`;
  return null;
}

/** A number of credits given by amount: whole, above zero, bounded. */
export function creditsError(value: string | number): string | null {
  const read = readNumber(value);
  if (!read) return AMOUNT_NOT_NUMBER;
  if (read.n <= 0) return 'Amount must be greater than zero';
  if (!Number.isInteger(read.n)) return 'Credits are given in whole numbers';
  if (read.n > MAX_GIFT_CREDITS) return `Amount must be at most ${formatNumber(MAX_GIFT_CREDITS)}`;
  return null;
}

/** A rate in GHS per SMS: a number above zero and at most MAX_RATE_GHS. */
export function rateError(value: string | number): string | null {
  const read = readNumber(value);
  if (!read) return RATE_NOT_NUMBER;
  if (read.n <= 0) return 'Rate must be greater than zero';
  if (read.n > MAX_RATE_GHS) return `Rate must be at most ${MAX_RATE_GHS}`;
  return null;
}
