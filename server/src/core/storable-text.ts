import { refuse } from './errors';

/**
 * Text neither database stores as sent: a NUL character (PostgreSQL refuses it in text and JSON) or a
 * lone surrogate (JSON encoders and databases disagree on it, so it breaks every later answer that
 * carries it). Every way in refuses such text on its own: the HTTP boundary (http/well-formed.ts) and
 * the send path for texts that come another way (an SMPP submit's decoded bytes).
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NOT_UNICODE = 'The request holds text that is not valid Unicode: please retype it';
export const NUL_CHARACTER = 'The request holds a NUL character, which cannot be stored: please retype the text';

/** Throws the refusal of a text that cannot be stored; returns when it can. */
export function checkStorableText(text: string): void {
  if (!UNSTORABLE.test(text)) return;
  throw refuse(text.includes('\0') ? NUL_CHARACTER : NOT_UNICODE);
}
