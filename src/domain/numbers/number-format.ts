// Numbers as the app shows them (docs/product.md#dates-money-and-balances): "12,345.5", as Intl's
// en-US NumberFormat writes them, but without Intl. A page's first Intl formatter of any kind costs its
// start about 150 ms of main thread on a cheap phone, and the login page, the dashboard and a status
// page all show numbers before anything else needs Intl (docs/architecture.md "Numbers and dates
// without Intl").

export type NumberFormatOptions = { minimumFractionDigits?: number; maximumFractionDigits?: number };

/** The shortest decimal digits of a finite n ≥ 0 and the place of its point: 12.5 → ['125', 2]. */
function decimalDigits(n: number): { digits: string; point: number } {
  const [mantissa = '0', exponent = '0'] = n.toString().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  return { digits: whole + fraction, point: whole.length + Number(exponent) };
}

/** `whole` with a comma between each group of three digits, from the right. */
function grouped(whole: string): string {
  let out = '';
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) out += ',';
    out += whole[i];
  }
  return out;
}

/**
 * `n` rounded half away from zero at `maximumFractionDigits` (the decimal that prints as n, as Intl
 * rounds it: 1.005 → "1.01"), trailing zeros kept only down to `minimumFractionDigits`, whole part
 * grouped by threes. Zero is "0" whatever its sign.
 */
export function formatNumber(n: number, options: NumberFormatOptions = {}): string {
  const min = options.minimumFractionDigits ?? 0;
  const max = options.maximumFractionDigits ?? Math.max(min, 3);
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? '∞' : '-∞';
  let { digits, point } = decimalDigits(Math.abs(n));
  if (point < 1) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  const keep = point + max;
  if (digits.length > keep) {
    const up = digits.charCodeAt(keep) >= 53; // '5'
    digits = digits.slice(0, keep);
    if (up) {
      const next = (BigInt(digits) + 1n).toString().padStart(keep, '0');
      if (next.length > keep) point += 1;
      digits = next;
    }
  }
  const whole = digits
    .slice(0, point)
    .padEnd(point, '0')
    .replace(/^0+(?=\d)/, '');
  let fraction = digits.slice(point).padEnd(min, '0');
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const text = fraction ? `${grouped(whole)}.${fraction}` : grouped(whole);
  return n < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** A formatter in the shape of Intl.NumberFormat's, for a module's own options. */
export function numberFormat(options: NumberFormatOptions = {}): { format: (n: number) => string } {
  return { format: (n) => formatNumber(n, options) };
}
