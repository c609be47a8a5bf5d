// Counted nouns in messages: '1 contact', '2 contacts'.
import { formatNumber } from './numbers/number-format';

export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** As `plural`, with the count grouped for reading: '100,000 contacts'. */
export const countText = (n: number, noun: string): string => plural(n, noun).replace(String(n), formatNumber(n));
