import type { FastifyRequest } from 'fastify';
import { refuse } from '../core/errors';

const MAX_DEPTH = 32;
/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** The first string in a parsed body or query that is not well-formed Unicode (a lone surrogate), if any. */
function firstBroken(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return wellFormed(value) ? null : value;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!wellFormed(key)) return key;
    const broken = firstBroken(inner, depth + 1);
    if (broken !== null) return broken;
  }
  return null;
}

/**
 * Text that is not well-formed Unicode is refused at the boundary (issue 11): stored, a lone surrogate
 * breaks every later answer that carries it (JSON encoders and databases disagree on it).
 */
export async function refuseMalformedUnicode(req: FastifyRequest): Promise<void> {
  if (firstBroken(req.query) !== null || firstBroken(req.body) !== null) {
    throw refuse('The request holds text that is not valid Unicode: please retype it');
  }
}
