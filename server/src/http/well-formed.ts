import type { FastifyRequest } from 'fastify';
import { refuse } from '../core/errors';

/** No call's body is nested deeper than a few levels; deeper input is refused before anything reads it. */
const MAX_DEPTH = 16;
/** Values checked between two yields to the event loop, so a 16 MiB import never holds it for long. */
const YIELD_EVERY = 20_000;
/**
 * Text neither database stores as sent: a NUL byte (PostgreSQL refuses it in text) or a lone
 * surrogate (JSON encoders and databases disagree on it, so it breaks every later answer that carries it).
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NOT_UNICODE = 'The request holds text that is not valid Unicode: please retype it';
export const NUL_CHARACTER = 'The request holds a NUL character, which cannot be stored: please retype the text';
export const TOO_DEEP = 'The request is nested too deeply';

function checkText(text: string): void {
  if (!UNSTORABLE.test(text)) return;
  throw refuse(text.includes('\0') ? NUL_CHARACTER : NOT_UNICODE);
}

/** Walks a parsed body or query without recursion (so no depth can overflow the stack), yielding now and then. */
async function checkValue(root: unknown): Promise<void> {
  const pending: [unknown, number][] = [[root, 0]];
  let seen = 0;
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    seen += 1;
    if (seen % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    if (typeof value === 'string') checkText(value);
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) throw refuse(TOO_DEEP);
    for (const [key, inner] of Object.entries(value)) {
      checkText(key);
      pending.push([inner, depth + 1]);
    }
  }
}

/** Text that cannot be stored, and input nested deeper than any call takes, are refused at the boundary. */
export async function refuseUnstorableInput(req: FastifyRequest): Promise<void> {
  await checkValue(req.query);
  await checkValue(req.body);
}
