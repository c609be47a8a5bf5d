// The one set of field readers of the wire (docs/api.md#calls-and-answers): bodies as the gateway reads
// them, answers as the app reads them. Forms and gateways send numbers as text and null for ''.
import { z } from './zod';
import { CAMPAIGN_NAME_MAX_LENGTH, CODE_LENGTH, MAX_ID, SEARCH_MAX_LENGTH } from '../constants';

/** true, 1, '1' and 'true' (any case) are yes; anything else is no. */
const isYes = (v: unknown): boolean =>
  v === true || v === 1 || v === '1' || (typeof v === 'string' && v.toLowerCase() === 'true');

// ---- Bodies (what the gateway accepts) ----

/** Text a form sends: null or missing is '', a number typed into a field is its digits; anything else is refused. */
export const text = z.preprocess((v) => (v == null ? '' : typeof v === 'number' ? String(v) : v), z.string());

/** Text or a number, trimmed; anything else (an object, a list) is read as ''. */
export const looseText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''));

/** Text or a number when sent, else undefined: an edit leaves a field it does not name as it is. */
export const optionalText = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined ? undefined : String(v)));

/** A yes/no when sent, else undefined: an edit leaves a flag it does not name as it is. */
export const optionalFlag = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => (v === undefined ? undefined : isYes(v)));

/** A field read further by the gateway's own rules: any value, or none. */
export const anyField = z.unknown().optional();

/**
 * A field the app sends and the gateway never reads (the request's host decides, not the body): typed as the
 * app always sends it, while any value, or none, passes.
 */
export const unread = <T>() => z.custom<T>().optional() as unknown as z.ZodCustom<T, T>;

/** An id handed out earlier (a sign-up's opaque id), as text; a number is its digits. */
export const sentId = z.union([z.string(), z.number()]).transform(String).optional();

/** A code typed as a number loses its leading zeros: they are put back. */
export const codeText = z.preprocess(
  (v) => (typeof v === 'number' ? String(v).padStart(CODE_LENGTH, '0') : (v ?? '')),
  z.string(),
);

/** An amount as sent (a JSON number) or as typed (text, trimmed): the money rules read both exactly; anything else is ''. */
export const amountField = z
  .unknown()
  .optional()
  .transform((v): string | number => (typeof v === 'number' ? v : typeof v === 'string' ? v.trim() : ''));

/** The body's profile_id as sent (number or string), checked by the gateway against the caller. */
export const profileId = z.union([z.number(), z.string()]).optional();

/** A body that names only the caller. */
export const ownBody = z.object({ profile_id: profileId });

/** A whole number that may arrive as a number or a numeric string (a contact's id and book). */
export const wholeNumber = z.coerce.number<number | string>().int();

/** An id that may arrive as a number or a numeric string; anything else, or past MAX_ID, is refused. */
export const numericId = z.coerce.number<number | string>().int().positive().max(MAX_ID, 'is not a known id');

/** A list's page number: from 1; anything unreadable or beyond any list's end is the first page. */
export const pageNumField = z.coerce.number<number | string>().int().min(1).max(MAX_ID).catch(1).default(1);

/** A list's search text: a number is its digits, anything else not text is no search; a long text is refused. */
export const searchField = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : ''))
  .pipe(z.string().max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`));

/** A list sent as comma text (the original client's), or as a list. */
export const commaText = z.preprocess((v) => (Array.isArray(v) ? v.join(',') : v), text);

/** A list's page: whose (profile_id), what to look for, and which page (20 items a page, newest first). */
export const listBody = z.object({ profile_id: profileId, search: searchField, pageNum: pageNumField });

/** A list of row ids as the app sends them (numbers, numeric strings, or `{ id }` objects), each once. */
export const idList = z
  .array(z.union([numericId, z.object({ id: numericId }).transform((o) => o.id)]))
  .max(100_000)
  .transform((ids) => [...new Set(ids)]);

/** A campaign name (messageDescription): it is searched and shown on every list, so it is bounded. */
export const campaignName = text.pipe(
  z.string().max(CAMPAIGN_NAME_MAX_LENGTH, `must be at most ${CAMPAIGN_NAME_MAX_LENGTH} characters`),
);

// ---- Both ----

/** A yes/no: true, 1, '1' or 'true' (any case) is yes; missing or null is no. */
export const flag = z.union([z.boolean(), z.number(), z.string(), z.null()]).optional().transform(isYes);

const YES_WORDS = ['yes', 'true', '1'];
const NO_WORDS = ['no', 'false', '0', ''];
/** What a strict yes/no answers for any other value. */
export const YES_NO_PROBLEM = 'must be yes or no (true, false, "yes", "no", 1 or 0)';

/**
 * A yes/no that refuses any other value (a choice the sender must not lose silently): true, 1 and
 * "yes", "true", "1" (any case, spaces around ignored) are yes; false, 0, "no", "false", "0", "", null
 * and missing are no.
 */
export const strictFlag = z
  .unknown()
  .optional()
  .transform((v, ctx): boolean => {
    if (v === undefined || v === null || typeof v === 'boolean') return v === true;
    const word = typeof v === 'string' || typeof v === 'number' ? String(v).trim().toLowerCase() : null;
    if (word !== null && YES_WORDS.includes(word)) return true;
    if (word !== null && NO_WORDS.includes(word)) return false;
    ctx.addIssue({ code: 'custom', message: YES_NO_PROBLEM });
    return z.NEVER;
  });

// ---- Answers (what the app accepts) ----

/** Text as shown: a number or a yes/no is written out, null or missing is ''. */
export const shownText = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** A number, given as a number or text; missing, null or unreadable is 0. */
export const num = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => {
    const n = Number(v ?? 0);
    return Number.isFinite(n) ? n : 0;
  });

/** A number that must be there: a missing balance must never read as 0. */
export const requiredNum = z
  .union([z.number(), z.string().trim().min(1)])
  .transform((v) => Number(v))
  .refine((n) => Number.isFinite(n), 'not a number');

/** A yes/no that must be there (a user's rights and tabs). */
export const requiredFlag = z.union([z.boolean(), z.number(), z.string(), z.null()]).transform(isYes);

/** A row id (message_id, paymentid, an opaque sign-up id ...) as text, so numeric and string ids key alike. */
export const rowId = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', 'empty id');

/** A whole-number id, given as a number or text. */
export const intId = z
  .union([z.number(), z.string().trim().min(1)])
  .transform((v) => Number(v))
  .refine((n) => Number.isSafeInteger(n), 'not an integer id');

/** pageNum and hasMore of list answers; a gateway without hasMore pages on until an empty page (hasMoreOf). */
export const pageFields = {
  pageNum: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => Math.max(1, Number(v) || 1)),
  hasMore: z.union([z.boolean(), z.number(), z.string(), z.null()]).optional(),
};

/** Whether a list page says more follow; without hasMore, a page with items is followed by another. */
export function hasMoreOf(hasMore: unknown, itemCount: number): boolean {
  if (hasMore === undefined || hasMore === null) return itemCount > 0;
  return hasMore === true || hasMore === 1 || hasMore === '1' || hasMore === 'true';
}

/** The `error` field of an answer: its status ('successful', 'failed', 'error') and message. */
export const errorField = z.object({ status: z.string().optional(), message: z.string().optional() }).nullish();

/** `{ status: "successful", message }` answers of the write calls; a refusal may come in `error`. */
export const outcomeAnswer = z.looseObject({
  status: shownText,
  message: shownText,
  error: z.looseObject({ status: shownText, message: shownText }).optional(),
});
