import { randomFillSync } from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '../../../src/domain/links/short-links';

/** 248 = 4 x 62: bytes at or above it are dropped, so every character is equally likely. */
const UNBIASED_BELOW = 248;
/** Random bytes drawn at once: one draw gives the characters of about 9,000 codes. */
const DRAW_BYTES = 64 * 1024;

/** Each byte's character code in the alphabet (bytes at or above UNBIASED_BELOW have none). */
const CHARACTER_OF = Buffer.from(
  Array.from({ length: UNBIASED_BELOW }, (_, b) => SHORT_CODE_ALPHABET.charCodeAt(b % 62)),
);

const drawn = Buffer.alloc(DRAW_BYTES);
/** Characters of codes not handed out yet, from one draw: `pool[at..filled)`. */
const pool = Buffer.alloc(DRAW_BYTES);
let filled = 0;
let at = 0;

/** One large draw of crypto random, its unbiased bytes kept as the alphabet's characters. */
function refill(): void {
  randomFillSync(drawn);
  filled = 0;
  for (let i = 0; i < DRAW_BYTES; i += 1) {
    const byte = drawn[i]!;
    if (byte < UNBIASED_BELOW) pool[filled++] = CHARACTER_OF[byte]!;
  }
  at = 0;
}

/**
 * A short link's code: SHORT_CODE_LENGTH letters and digits from crypto random, each equally likely
 * (62^7 ≈ 3.5 x 10^12: walking codes finds nothing, and no code says anything of another). Each
 * character is used once: a code is the next SHORT_CODE_LENGTH characters of the pool.
 */
export function newShortCode(): string {
  if (filled - at < SHORT_CODE_LENGTH) refill();
  const code = pool.toString('latin1', at, at + SHORT_CODE_LENGTH);
  at += SHORT_CODE_LENGTH;
  return code;
}
