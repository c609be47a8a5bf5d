import { numberFormat } from '../../domain/numbers/number-format';

const credits = numberFormat({ maximumFractionDigits: 2 });

/** Credits as the statement writes them; `signed` shows + for credit in and − for credit out. */
export function creditsText(n: number, signed = false): string {
  const text = credits.format(Math.abs(n));
  if (!signed) return n < 0 ? `−${text}` : text;
  return n < 0 ? `−${text}` : `+${text}`;
}
