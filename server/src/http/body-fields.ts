import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../../../src/domain/constants';
import { MAX_ID } from '../db/queries';

/** Text a form sends: null or missing is '', a number typed into a field is its digits. */
export const text = z.preprocess((v) => (v == null ? '' : typeof v === 'number' ? String(v) : v), z.string());

/** Text or a number, trimmed; anything else (an object, a list) is read as ''. */
export const looseText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''));

/** The body's profile_id as sent (number or string), checked by ownProfile. */
export const profileId = z.union([z.number(), z.string()]).optional();

/** An id that may arrive as a number or a numeric string; anything else, or past MAX_ID, is refused by the schema. */
export const numericId = z.coerce.number().int().positive().max(MAX_ID, 'is not a known id');

/** A list's page number: from 1; anything unreadable or beyond any list's end is the first page. */
export const pageNumField = z.coerce.number().int().min(1).max(MAX_ID).catch(1).default(1);
/** A list's search text: a number is its digits, anything else not text is no search; a long text is refused. */
export const searchField = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : ''))
  .pipe(z.string().max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`));

/** A list of row ids as the PWA sends them (numbers, numeric strings, or `{ id }` objects). */
export const idList = z
  .array(z.union([numericId, z.object({ id: numericId }).transform((o) => o.id)]))
  .max(100_000)
  .transform((ids) => [...new Set(ids)]);
