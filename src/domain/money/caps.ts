// Low-balance alerts and spending caps as the app and the gateway both say them
// (docs/product.md#low-balance-alerts, docs/product.md#spending-caps).
import { formatNumber } from '../numbers/number-format';

/** A cap's period: an Accra day (API keys, SMPP access) or calendar month (a client's cap). */
export type CapPeriod = 'day' | 'month';

/** The most credits an alert level or a cap may be: far above any real balance, far below overflow. */
export const MAX_CAP_CREDITS = 100_000_000;

const credits = (n: number) => formatNumber(Math.max(0, Math.floor(n)));

/** "This send would pass the monthly cap of 50,000 credits your provider set (12,300 left this month)." */
export function capRefusalText(c: { what: string; limit: number; period: CapPeriod; owner: string; left: number }) {
  const what = c.what.charAt(0).toUpperCase() + c.what.slice(1);
  const period = c.period === 'day' ? 'daily' : 'monthly';
  const when = c.period === 'day' ? 'today' : 'this month';
  return `${what} would pass the ${period} cap of ${credits(c.limit)} credits ${c.owner} (${credits(c.left)} left ${when}).`;
}

/** A cap or an alert level as typed: '' (none) or whole credits from 1 to MAX_CAP_CREDITS; else the message. */
export function capError(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text.replace(/,/g, ''))) return 'Enter a whole number of credits, or leave it empty for none';
  const n = Number(text.replace(/,/g, ''));
  if (n < 1 || n > MAX_CAP_CREDITS) return `Enter from 1 to ${formatNumber(MAX_CAP_CREDITS)} credits`;
  return null;
}

/** A checked cap's value: null for none. */
export const capValue = (value: string): number | null => {
  const text = value.trim().replace(/,/g, '');
  return text === '' ? null : Number(text);
};

/** Whether an account's balance is under the alert level it set (0: none set). */
export const underThreshold = (balance: number, threshold: number | undefined) =>
  (threshold ?? 0) > 0 && balance < (threshold ?? 0);

/** The in-app notice while the balance is under the account's alert level. */
export const lowBalanceNotice = (balance: number, threshold: number) =>
  `Your balance, ${credits(balance)} credits, is under the ${credits(threshold)} credits you asked to be alerted at.`;

/** The SMS and e-mail of an alert. */
export const lowBalanceAlertText = (balance: number, threshold: number, company: string) =>
  `Your ${company} SMS balance is ${credits(balance)} credits, under the ${credits(threshold)} you set for this alert. Buy credit to keep sending.`;
