// A month's statement of an account's credit (docs/product.md#statements): the lines its ledger's
// rows add up to, spending by the kind of send that spent it. One rule for the gateway, which sums
// the lines, and the app, which names them and writes them to Excel.
import type { MessageKind } from '../types';
import type { LedgerReason } from './ledger-reasons';

/** What a send was: one of the app's four kinds, or a send through the API or an SMPP bind. */
export type SpendKind = MessageKind | 'api' | 'smpp';
export const SPEND_KINDS: readonly SpendKind[] = ['quick', 'scheduled', 'recurring', 'birthday', 'api', 'smpp'];

/** The lines of a statement, in the order it shows them. */
export const STATEMENT_LINES = [
  'opening',
  'purchase',
  'auto_topup',
  'gift_in',
  'referral',
  'signup_gift',
  'gift_out',
  'spent_quick',
  'spent_scheduled',
  'spent_recurring',
  'spent_birthday',
  'spent_api',
  'spent_smpp',
  'refund',
  'reservation',
  'release',
  'expiry',
  'adjustment',
] as const;
export type StatementLine = (typeof STATEMENT_LINES)[number];

export const STATEMENT_LINE_LABELS: Readonly<Record<StatementLine, string>> = {
  opening: 'Balance brought in',
  purchase: 'Purchases',
  auto_topup: 'Auto top-ups',
  gift_in: 'Credit given to you',
  referral: 'Referral bonuses',
  signup_gift: 'Sign-up gift',
  gift_out: 'Credit you gave',
  spent_quick: 'Spent: quick SMS',
  spent_scheduled: 'Spent: scheduled SMS',
  spent_recurring: 'Spent: recurring SMS',
  spent_birthday: 'Spent: birthday messages',
  spent_api: 'Spent: API',
  spent_smpp: 'Spent: SMPP',
  refund: 'Refunds',
  reservation: 'Set aside for card payments',
  release: 'Set-aside credit returned',
  expiry: 'Expired credit',
  adjustment: 'Adjustments',
};

/** The reasons that charge for a send: the kind they are counted under comes from the message charged. */
const SEND_REASONS: readonly LedgerReason[] = ['send', 'scheduled_run', 'edit', 'api_send', 'smpp_submit'];

/** The kind of send a charge paid for: by its reason for the API and SMPP, else by the message's kind. */
export function spendKindOf(reason: LedgerReason, messageKind: MessageKind | null): SpendKind | null {
  if (reason === 'api_send') return 'api';
  if (reason === 'smpp_submit') return 'smpp';
  if (!SEND_REASONS.includes(reason)) return null;
  return messageKind ?? 'quick';
}

const BY_REASON: Partial<Record<LedgerReason, StatementLine>> = {
  opening: 'opening',
  purchase: 'purchase',
  auto_topup: 'auto_topup',
  referral: 'referral',
  signup_gift: 'signup_gift',
  refund: 'refund',
  reservation: 'reservation',
  release: 'release',
  expiry: 'expiry',
};

/** The line a ledger row is counted on (`amount` signed: a gift is in or out by its sign). */
export function lineOf(reason: LedgerReason, amount: number, messageKind: MessageKind | null): StatementLine {
  const kind = spendKindOf(reason, messageKind);
  if (kind !== null) return `spent_${kind}`;
  if (reason === 'gift') return amount >= 0 ? 'gift_in' : 'gift_out';
  return BY_REASON[reason] ?? 'adjustment';
}

/** Credits in hundredths, so that sums are exact (a balance may hold fractions of a credit). */
export const toHundredths = (credits: number): number => Math.round(credits * 100);
export const fromHundredths = (hundredths: number): number => hundredths / 100;

/** Sums signed amounts per line, exactly; lines with no rows are left out. */
export function sumLines(
  rows: Iterable<{ line: StatementLine; amount: number }>,
): { line: StatementLine; credits: number }[] {
  const sums = new Map<StatementLine, number>();
  for (const r of rows) sums.set(r.line, (sums.get(r.line) ?? 0) + toHundredths(r.amount));
  return STATEMENT_LINES.filter((l) => sums.has(l)).map((line) => ({ line, credits: fromHundredths(sums.get(line)!) }));
}

/** Whether opening plus every line is the closing balance, to the hundredth of a credit. */
export function addsUp(s: { openingBalance: number; closingBalance: number; lines: { credits: number }[] }): boolean {
  const total = s.lines.reduce((n, l) => n + toHundredths(l.credits), toHundredths(s.openingBalance));
  return total === toHundredths(s.closingBalance);
}

/** The month (YYYY-MM, Accra time, which is GMT all year) an instant falls in. */
export const monthOf = (at: number): string => new Date(at).toISOString().slice(0, 7);

/** The month before a YYYY-MM month. */
export function previousMonth(month: string): string {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  return monthOf(Date.UTC(year, mm - 2, 1));
}

/** The last `count` months up to the one `now` falls in, newest first: what the month picker offers. */
export function recentMonths(now: number, count: number): string[] {
  const months = [monthOf(now)];
  while (months.length < count) months.push(previousMonth(months[months.length - 1]!));
  return months;
}

/** A month written for people: "March 2026". */
export function monthLabel(month: string): string {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mm - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What a ledger row opens: a message's status page, a purchase's invoice, a payment or a checkout in the purchase history. */
export const CAUSE_KINDS = ['message', 'invoice', 'payment', 'checkout'] as const;
export type StatementCause = { kind: (typeof CAUSE_KINDS)[number]; id: string } | null;

const CAUSE_NAMES: Readonly<Record<(typeof CAUSE_KINDS)[number], string>> = {
  message: 'Message',
  invoice: 'Invoice of payment',
  payment: 'Payment',
  checkout: 'Card checkout',
};

/** A row's cause in words, for the Excel export and screen readers: "Message Ab12Cd". */
export const causeText = (cause: StatementCause): string => (cause ? `${CAUSE_NAMES[cause.kind]} ${cause.id}` : '');

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
