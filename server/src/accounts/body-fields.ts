import { z } from 'zod';

/** Text a form sends: null or missing is '', a number typed into a field is its digits. */
export const text = z.preprocess((v) => (v == null ? '' : typeof v === 'number' ? String(v) : v), z.string());

/** The body's profile_id as sent (number or string), checked by ownProfile. */
export const profileId = z.union([z.number(), z.string()]).optional();

/** An id that may arrive as a number or a numeric string; anything else is refused by the schema. */
export const numericId = z.coerce.number().int().positive();
