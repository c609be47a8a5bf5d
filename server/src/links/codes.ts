import { randomBytes } from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '../../../src/domain/links/short-links';

/** 248 = 4 x 62: bytes at or above it are dropped, so every character is equally likely. */
const UNBIASED_BELOW = 248;
/** Random bytes drawn at once: enough for thousands of codes per draw. */
const POOL_BYTES = 64 * 1024;

let pool = Buffer.alloc(0);
let at = 0;

function nextByte(): number {
  if (at >= pool.length) {
    pool = randomBytes(POOL_BYTES);
    at = 0;
  }
  return pool[at++]!;
}

/**
 * A short link's code: SHORT_CODE_LENGTH letters and digits from crypto random, each equally likely
 * (62^7 ≈ 3.5 x 10^12: walking codes finds nothing, and no code says anything of another).
 */
export function newShortCode(): string {
  let out = '';
  while (out.length < SHORT_CODE_LENGTH) {
    const byte = nextByte();
    if (byte < UNBIASED_BELOW) out += SHORT_CODE_ALPHABET[byte % 62];
  }
  return out;
}
