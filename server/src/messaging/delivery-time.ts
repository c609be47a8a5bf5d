import { formatAccra, fromAccraWallTime } from '../../../src/domain/dates';

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A send's or an edit's expectedDeliveryTime as epoch ms: Accra wall time 'yyyy-MM-dd HH:mm:00'
 * (docs/api.md#sends; a bare date is midnight), or an ISO instant with a zone. Null when it is not a real date.
 */
export function parseDeliveryTime(value: string | undefined | null): number | null {
  const text = (value ?? '').trim();
  const wall = WALL_TIME.exec(text);
  if (wall) {
    const [, day, hh = '00', mm = '00', ss = '00'] = wall;
    const at = fromAccraWallTime(`${day} ${hh}:${mm}:${ss}`).getTime();
    // date-fns rolls 2026-02-30 over to March: a round trip catches days and hours that do not exist.
    if (Number.isNaN(at) || formatAccra(at, 'yyyy-MM-dd HH:mm') !== `${day} ${hh}:${mm}`) return null;
    return at;
  }
  if (ZONED.test(text)) {
    const at = Date.parse(text);
    return Number.isNaN(at) ? null : at;
  }
  return null;
}

/** A stored time as ISO text; null when none, or when it lies past the calendar Dates can hold. */
export const isoOrNull = (ms: number | null | undefined): string | null => {
  const date = ms === null || ms === undefined ? null : new Date(ms);
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
};
