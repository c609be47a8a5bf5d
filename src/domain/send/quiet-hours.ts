// Quiet hours (docs/product.md#quiet-hours): an account may hold its promotional sends, scheduled runs
// and recurring runs while its customers sleep (a nightly window, Africa/Accra, and all of Sunday if
// chosen); they go out when the quiet hours end. Transactional sends are never held. The same rules on
// the send form (to say when a send will go out) and the gateway (to hold it).
import { formatAccra, fromAccraWallTime } from '../dates';

/** An account's quiet hours: a nightly window in minutes of the day in Accra (none when both null), and Sundays. */
export interface QuietHours {
  /** Minutes after midnight the window starts (20:00 is 1200); null: no nightly window. */
  readonly start: number | null;
  /** Minutes after midnight it ends: before `start` when it crosses midnight (08:00 is 480). */
  readonly end: number | null;
  /** All of Sunday is quiet too. */
  readonly sundays: boolean;
}

/** What the Profile suggests: 20:00 to 08:00, Sundays not held. */
export const SUGGESTED_QUIET_HOURS: QuietHours = { start: 20 * 60, end: 8 * 60, sundays: false };

/** No quiet hours: nothing is held. */
export const NO_QUIET_HOURS: QuietHours = { start: null, end: null, sundays: false };

/** A send is promotional (held by quiet hours) unless marked transactional (codes, receipts, alerts). */
export const SEND_CATEGORIES = ['promotional', 'transactional'] as const;
export type SendCategory = (typeof SEND_CATEGORIES)[number];

/** What the status page says of a recipient held by quiet hours. */
export const HELD_FOR_QUIET_HOURS = 'Waiting for quiet hours to end';
export const QUIET_TIME_FORMAT = 'Please give quiet hours as HH:mm, e.g. 20:00';
export const QUIET_SAME_TIMES = 'Quiet hours must start and end at different times';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** '20:00' as minutes after midnight; null when it is not a time of day written HH:mm. */
export function minutesOf(text: string): number | null {
  const match = TIME.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Minutes after midnight written HH:mm. */
export const timeOfDay = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const hasQuietHours = (q: QuietHours): boolean => q.start !== null || q.sundays;

/** The wall clock in Accra at an instant: its date, minute of the day and ISO weekday (7 is Sunday). */
function wallClock(at: number) {
  const [date, time, weekday] = formatAccra(at, 'yyyy-MM-dd HH:mm i').split(' ');
  return { date: date!, minute: minutesOf(time!)!, weekday: Number(weekday) };
}

const instantOf = (date: string, minute: number, plusDays = 0): number =>
  fromAccraWallTime(`${date} ${timeOfDay(minute)}`).getTime() + plusDays * 86_400_000;

function inNightly(q: QuietHours, minute: number): boolean {
  if (q.start === null || q.end === null || q.start === q.end) return false;
  return q.start < q.end ? minute >= q.start && minute < q.end : minute >= q.start || minute < q.end;
}

/** An account's quiet hours as its user info carries them (HH:mm, '' for none). */
export const quietHoursOfUser = (user: {
  quietstart?: string | undefined;
  quietend?: string | undefined;
  quietsundays?: boolean | undefined;
}): QuietHours => ({
  start: minutesOf(user.quietstart ?? ''),
  end: minutesOf(user.quietend ?? ''),
  sundays: user.quietsundays === true,
});

/** Whether an instant falls inside the quiet hours. */
export function isQuiet(q: QuietHours, at: number): boolean {
  const { minute, weekday } = wallClock(at);
  return (q.sundays && weekday === 7) || inNightly(q, minute);
}

/**
 * When something due at `at` may go out: `at` itself outside the quiet hours, else the first moment they
 * end (a Saturday night window running into a quiet Sunday ends on Monday morning).
 */
export function quietHoursEnd(q: QuietHours, at: number): number {
  let t = at;
  // Each step leaves one window (a night, or Sunday); a night and a Sunday chain at most three times.
  for (let step = 0; step < 4 && isQuiet(q, t); step += 1) {
    const { date, minute, weekday } = wallClock(t);
    if (q.sundays && weekday === 7) t = instantOf(date, 0, 1);
    else t = instantOf(date, q.end!, minute < q.end! ? 0 : 1);
  }
  return t;
}

/** Whether a send of this category, due at `at`, is held; and until when. Null: it goes out now. */
export function heldUntil(q: QuietHours, category: SendCategory, at: number): number | null {
  if (category !== 'promotional' || !hasQuietHours(q)) return null;
  const end = quietHoursEnd(q, at);
  return end > at ? end : null;
}

/** The send form's line under a promotional send that quiet hours will hold. */
export const heldSendNote = (until: number): string =>
  `Quiet hours: this promotional send will go out at ${formatAccra(until)}.`;

/** The Profile's summary of the account's quiet hours. */
export function quietHoursSummary(q: QuietHours): string {
  if (!hasQuietHours(q)) return 'Off: promotional sends go out at any hour.';
  const nightly = q.start !== null && q.end !== null ? `${timeOfDay(q.start)} to ${timeOfDay(q.end)} every day` : '';
  const parts = [nightly, q.sundays ? 'all of Sunday' : ''].filter(Boolean);
  return `Promotional sends are held ${parts.join(' and ')} (Africa/Accra).`;
}
