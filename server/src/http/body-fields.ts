import { z } from 'zod';

/** Text a form sends: null or missing is '', a number typed into a field is its digits. */
export const text = z.preprocess((v) => (v == null ? '' : typeof v === 'number' ? String(v) : v), z.string());

/** Text or a number, trimmed; anything else (an object, a list) is read as ''. */
export const looseText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''));

/** The body's profile_id as sent (number or string), checked by ownProfile. */
export const profileId = z.union([z.number(), z.string()]).optional();

/** An id that may arrive as a number or a numeric string; anything else is refused by the schema. */
export const numericId = z.coerce.number().int().positive();

/** API.md lists' page number: from 1; anything unreadable is the first page. */
export const pageNumField = z.coerce.number().int().min(1).catch(1).default(1);
/** A list's search text: at most 200 characters; anything else searches nothing. */
export const searchField = z.string().max(200).catch('').default('');

/** A list of row ids as the PWA sends them (numbers, numeric strings, or `{ id }` objects). */
export const idList = z
  .array(z.union([numericId, z.object({ id: numericId }).transform((o) => o.id)]))
  .max(100_000)
  .transform((ids) => [...new Set(ids)]);
