// Times as SMPP 3.4 writes them: schedule_delivery_time and validity_period (7.1.1), and a receipt's
// submit and done dates (Appendix B).
import { Malformed } from './malformed';

/**
 * An SMPP time (SMPP 3.4 7.1.1) as epoch ms: absolute 'YYMMDDhhmmsstnn+' / '-' (quarter hours from
 * UTC), or relative 'YYMMDDhhmmss000R' from now. Null when empty; throws Malformed when it is neither.
 */
export function smppTime(value: string, now: number): number | null {
  if (value === '') return null;
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d)(\d\d)([+\-R])$/.exec(value);
  if (!m) throw new Malformed(`'${value}' is not an SMPP time`);
  const [yy, mo, dd, hh, mi, ss, t, nn] = m.slice(1, 9).map(Number) as number[];
  const sign = m[9];
  if (sign === 'R') {
    const d = new Date(now);
    d.setUTCFullYear(d.getUTCFullYear() + yy!, d.getUTCMonth() + mo!, d.getUTCDate() + dd!);
    d.setUTCHours(d.getUTCHours() + hh!, d.getUTCMinutes() + mi!, d.getUTCSeconds() + ss!);
    return d.getTime();
  }
  if (mo! < 1 || mo! > 12 || dd! < 1 || dd! > 31 || hh! > 23 || mi! > 59 || ss! > 59 || nn! > 48)
    throw new Malformed(`'${value}' is not an SMPP time`);
  const local = Date.UTC(2000 + yy!, mo! - 1, dd!, hh!, mi!, ss!, t! * 100);
  const offset = nn! * 15 * 60_000;
  return sign === '+' ? local - offset : local + offset;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYMMDDhhmm' in UTC, as receipts give their dates (SMPP 3.4 Appendix B). */
export function receiptDate(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;
}

/** A receipt's 'YYMMDDhhmm' or 'YYMMDDhhmmss', read as UTC; null when absent or malformed. */
export function receiptTime(value: string | undefined): number | null {
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)?$/.exec(value ?? '');
  if (!m) return null;
  const [, yy, mo, dd, hh, mi, ss] = m;
  const time = Date.UTC(2000 + Number(yy), Number(mo) - 1, Number(dd), Number(hh), Number(mi), Number(ss ?? 0));
  return Number.isFinite(time) ? time : null;
}
