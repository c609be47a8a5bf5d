// Which characters make a text unicode (docs/product.md#parts-and-encodings), and the typographic ones that have plain twins.
import { needsUnicode } from './sms';

// Word processors and phone keyboards type these; each has a plain GSM equivalent.
const TYPOGRAPHIC: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u02BC': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2033': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2009': ' ',
  '\u202F': ' ',
  '\u200B': '',
  '\u2022': '-',
};

export type UnicodeCharacter = { char: string; count: number; replaceable: boolean };

/** The distinct characters that force unicode, in order of first use, with how often each appears. */
export function unicodeCharacters(text: string): UnicodeCharacter[] {
  const found = new Map<string, UnicodeCharacter>();
  for (const char of text) {
    const seen = found.get(char);
    if (seen) seen.count += 1;
    else if (needsUnicode(char)) found.set(char, { char, count: 1, replaceable: char in TYPOGRAPHIC });
  }
  return [...found.values()];
}

export const hasReplaceableCharacters = (text: string): boolean => unicodeCharacters(text).some((c) => c.replaceable);

/** Curly quotes, dashes, ellipses and odd spaces become their plain twins; other letters stay. */
export function replaceTypographic(text: string): string {
  let out = '';
  for (const char of text) out += TYPOGRAPHIC[char] ?? char;
  return out;
}

/** A readable name for characters that are invisible or look like others. */
export function characterLabel(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return /\s|\u200B/.test(char) ? `space (${hex})` : `${char} (${hex})`;
}
