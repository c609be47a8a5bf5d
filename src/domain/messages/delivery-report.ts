// A message's delivery report and the dashboard's overview (docs/api.md#delivery-reports): the shapes
// both sides read, and the rules that turn the gateway's counters into them.
import type { CounterNetwork } from '../numbers/networks';
import { isFinalStatus, statusGroup, type StatusGroup, type StatusTotals } from './message-status';
import { formatNumber } from '../numbers/number-format';

/**
 * Time to delivery is kept as a histogram (the gateway's counters never hold one row per recipient):
 * bucket i holds deliveries that took at most DELIVERY_TIME_BOUNDS_S[i] seconds, the last one the rest.
 */
export const DELIVERY_TIME_BOUNDS_S = [5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21_600, 86_400] as const;
/** The index of the open-ended bucket (longer than a day). */
export const LAST_BUCKET = DELIVERY_TIME_BOUNDS_S.length;

/** What a percentile in the open-ended bucket reads as (durationWords: "over a day"). */
export const OVER_A_DAY_S = 86_401;

/** The bucket of a delivery that took this many milliseconds. */
export function deliveryBucket(ms: number): number {
  const i = DELIVERY_TIME_BOUNDS_S.findIndex((bound) => ms <= bound * 1000);
  return i < 0 ? LAST_BUCKET : i;
}

/**
 * The p-th percentile (0 to 1) of a histogram as the upper bound of its bucket in seconds ("at most"),
 * null without deliveries; beyond the last bound it is OVER_A_DAY_S.
 */
export function percentileSeconds(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (let i = 0; i < counts.length; i += 1) {
    seen += counts[i] ?? 0;
    if (seen >= rank) return DELIVERY_TIME_BOUNDS_S[i] ?? OVER_A_DAY_S;
  }
  return OVER_A_DAY_S;
}

/** A counter row: how many recipients are in a status on a network (with the error that ended them). */
export interface CounterRow {
  /** A network, or 'erased' for recipients an erasure masked. */
  network: CounterNetwork;
  status: string;
  error?: string;
  n: number;
}

/**
 * The status page's totals from counters: sent, failed, pending (UNKNOWN included, as the page counts
 * it), opted out, all; and `waiting`, those whose status may still change (PENDING, SCHEDULED), which
 * alone make the page look again.
 */
export function totalsOf(rows: readonly CounterRow[]): StatusTotals & { waiting: number } {
  const totals = { sent: 0, failed: 0, pending: 0, optedOut: 0, total: 0, waiting: 0 };
  for (const row of rows) {
    totals[statusGroup(row.status)] += row.n;
    totals.total += row.n;
    if (!isFinalStatus(row.status)) totals.waiting += row.n;
  }
  return totals;
}

/** The status filter the status page offers, as the gateway reads it. */
export const STATUS_FILTERS = ['sent', 'failed', 'pending', 'optedOut'] as const satisfies readonly StatusGroup[];
export type StatusFilter = (typeof STATUS_FILTERS)[number];

const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A delivery time (a percentile's "at most") in words: "8 seconds", "2 minutes", "1 hour", "over a day". */
function durationWords(seconds: number): string {
  if (seconds >= OVER_A_DAY_S) return 'over a day';
  if (seconds < 60) return unit(seconds, 'second');
  if (seconds < 3600) return unit(Math.round(seconds / 60), 'minute');
  return unit(Math.round(seconds / 3600), 'hour');
}

/** What the report says without a delivery to time. */
const NOTHING_TIMED = 'No delivery has been timed yet';

const sentence = (share: string, seconds: number) =>
  seconds >= OVER_A_DAY_S ? `${share} took over a day` : `${share} were delivered within ${durationWords(seconds)}`;

/**
 * The report's sentences on time to delivery from its median and 90th percentile: "Half were delivered
 * within 3 minutes", "9 in 10 were delivered within 1 hour", or, beyond the last bound, "Half took over a day".
 */
export function deliveryTimeSentences(median: number | null, p90: number | null): string[] {
  if (median === null) return [NOTHING_TIMED];
  return [sentence('Half', median), sentence('9 in 10', p90 ?? median)];
}

/** Said beside a report's networks when an erasure took some recipients out of them (docs/compliance.md#a-persons-data). */
export const erasedNote = (n: number): string =>
  n === 1
    ? '1 erased recipient is counted in the totals, under no network'
    : `${formatNumber(n)} erased recipients are counted in the totals, under no network`;
