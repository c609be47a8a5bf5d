// Ghana's taxes on a purchase of credit (docs/product.md#invoices): one dated table of rates, and the
// lines of an invoice to the pesewa, whether the domain's prices include them or not.
import { formatNumber } from '../numbers/number-format';

/** The rates in force from a day (Accra), in basis points of the taxable value: 1500 is 15 %. */
export interface TaxRates {
  readonly from: string;
  readonly vat: number;
  readonly nhil: number;
  readonly getfund: number;
  /** The law that sets them, as the invoice names it. */
  readonly law: string;
}

/**
 * Every rate change, oldest first. From 1 January 2026 the VAT Act 2025 (Act 1151) charges VAT 15 %,
 * NHIL 2.5 % and GETFund 2.5 %, all three on the same taxable value (20 % in all).
 */
export const TAX_RATES: readonly TaxRates[] = [
  { from: '2026-01-01', vat: 1500, nhil: 250, getfund: 250, law: 'VAT Act 2025 (Act 1151)' },
];

/** The rates of a day ('YYYY-MM-DD' in Accra, which is GMT), or null before the first. */
export function ratesOn(day: string): TaxRates | null {
  return TAX_RATES.filter((r) => r.from <= day).pop() ?? null;
}

/** An invoice's money in pesewas: the taxable value, each tax, and what the buyer pays. */
export interface TaxLines {
  readonly base: number;
  readonly vat: number;
  readonly nhil: number;
  readonly getfund: number;
  readonly total: number;
}

/** A tax on a value, rounded half up to the pesewa. */
const levy = (base: number, basisPoints: number) => Math.round((base * basisPoints) / 10_000);

/**
 * The lines of an amount in pesewas. Prices that include tax: the amount is what the buyer pays, and
 * the taxable value is what is left of it once each tax (on that value) is taken out. Prices without
 * tax: the amount is the taxable value, and the taxes are added to it. The lines always add up.
 */
export function taxLines(amount: number, includesTax: boolean, rates: TaxRates | null): TaxLines {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`an amount in pesewas: ${amount}`);
  if (!rates) return { base: amount, vat: 0, nhil: 0, getfund: 0, total: amount };
  const all = rates.vat + rates.nhil + rates.getfund;
  const base = includesTax ? Math.round((amount * 10_000) / (10_000 + all)) : amount;
  const vat = levy(base, rates.vat);
  const nhil = levy(base, rates.nhil);
  const getfund = levy(base, rates.getfund);
  const taxes = vat + nhil + getfund;
  return includesTax
    ? { base: amount - taxes, vat, nhil, getfund, total: amount }
    : { base, vat, nhil, getfund, total: base + taxes };
}

/** GHS (two decimals at most) in pesewas, and back. */
export const toPesewas = (ghs: number) => Math.round(ghs * 100);
export const toCedis = (pesewas: number) => pesewas / 100;

/** What a price without tax costs at checkout, as the purchase form says it. */
export function taxAddedNote(amountGhs: number, at: number): string {
  const lines = taxLines(toPesewas(amountGhs), false, ratesOn(new Date(at).toISOString().slice(0, 10)));
  const ghs = (p: number) => `GHS ${formatNumber(p / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `Prices exclude tax: VAT, NHIL and GETFund of ${ghs(lines.total - lines.base)} are added, so you pay ${ghs(lines.total)}.`;
}
