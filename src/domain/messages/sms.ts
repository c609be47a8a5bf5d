// SMS encoding and part counting (docs/product.md#parts-and-encodings). "Parts" here are always billed parts: what a text
// costs per recipient and what the app and the gateway show. The carrier's wire segments
// (server/src/smpp/segments.ts) are counted by the SMPP rules and differ for some UCS-2 lengths.

// Latin-1 letters (U+00C0..U+00FF) that the GSM 03.38 basic alphabet does carry.
const GSM_LATIN1_LETTERS = new Set('ÄÅÆÇÉÑÖØÜßàäåæèéìñòöøùü');

// GSM 03.38 extension table: each is sent as ESC + char, so it costs two septets.
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

/** What a unicode text's length carries on top of its UCS-2 bytes (docs/product.md#parts-and-encodings). */
export const UNICODE_OVERHEAD = 60;
const SINGLE_PART_MAX = 160;
const TWO_PARTS_MAX = 306;
const PART_SIZE = 153;
const MAX_PARTS = 9;
export const OUT_OF_RANGE_PARTS = 10;

const isLatin1Letter = (code: number): boolean => code >= 0xc0 && code <= 0xff && code !== 0xd7 && code !== 0xf7;

export function needsUnicode(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 255) return true;
    if (isLatin1Letter(code) && !GSM_LATIN1_LETTERS.has(char)) return true;
  }
  return false;
}

export function smsLength(text: string, unicode: boolean): number {
  // UCS-2 is two bytes per UTF-16 unit; an astral character (emoji) is a surrogate pair, so four.
  if (unicode) return text.length * 2 + UNICODE_OVERHEAD;
  let septets = 0;
  for (const char of text) septets += GSM_EXTENSION.has(char) ? 2 : 1;
  return septets;
}

export function smsParts(length: number): number {
  if (length <= SINGLE_PART_MAX) return 1;
  if (length <= TWO_PARTS_MAX) return 2;
  const parts = 2 + Math.ceil((length - TWO_PARTS_MAX) / PART_SIZE);
  // NaN falls through to out of range rather than to a misleading small count.
  return parts <= MAX_PARTS ? parts : OUT_OF_RANGE_PARTS;
}

export function smsPartsLabel(parts: number): string {
  return parts >= OUT_OF_RANGE_PARTS ? 'out of range' : String(parts);
}

// Upper length of each part count, for counters that show "n / limit".
export function smsPartLimit(parts: number): number {
  if (parts <= 1) return SINGLE_PART_MAX;
  return TWO_PARTS_MAX + (Math.min(parts, MAX_PARTS) - 2) * PART_SIZE;
}

export type SmsCount = { unicode: boolean; length: number; parts: number; label: string };

export function countSms(text: string): SmsCount {
  const unicode = needsUnicode(text);
  const length = smsLength(text, unicode);
  const parts = smsParts(length);
  return { unicode, length, parts, label: smsPartsLabel(parts) };
}
