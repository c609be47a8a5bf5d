// The send form's counter (docs/product.md#parts-and-encodings): characters as a person counts them, beside
// how many fit in the parts the text is billed. The parts themselves are sms.ts's count, unchanged.
import { countSms, smsPartLimit, UNICODE_OVERHEAD, type SmsCount } from './sms';

const UCS2_BYTES = 2;

export type CharacterCount = SmsCount & {
  /** Characters as typed: an emoji, a flag or an accented letter is one. */
  characters: number;
  /** The characters typed plus the plain characters that still fit in this many parts. */
  limit: number;
  /** Some characters take the room of two: the GSM extension table's, or a unicode emoji. */
  doubleRoom: boolean;
};

const graphemes =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** Characters as a person counts them on the screen. */
const typedCharacters = (text: string): number => (graphemes ? [...graphemes.segment(text)].length : [...text].length);

/** Plain characters of an encoding that fit in a billed length: one a place in GSM, two bytes each in unicode. */
const charactersIn = (length: number, unicode: boolean): number =>
  unicode ? Math.floor((length - UNICODE_OVERHEAD) / UCS2_BYTES) : length;

/** A text's counter as the form shows it: "82 / 123 characters · 2 messages". */
export function characterCount(text: string): CharacterCount {
  const count = countSms(text);
  const characters = typedCharacters(text);
  const room = count.unicode
    ? Math.floor((smsPartLimit(count.parts) - count.length) / UCS2_BYTES)
    : smsPartLimit(count.parts) - count.length;
  const doubleRoom = charactersIn(count.length, count.unicode) > characters;
  return { ...count, characters, limit: characters + room, doubleRoom };
}

export const GSM_DOUBLE_NOTE = 'Each of ^ { } \\ [ ~ ] | takes the room of two characters';
export const UNICODE_DOUBLE_NOTE = 'emoji and some symbols take the room of two characters';

/** The line under the counter: what an encoding's parts hold, and why a character may count twice; none for plain GSM. */
export function counterNote(count: CharacterCount): string | null {
  if (!count.unicode) return count.doubleRoom ? GSM_DOUBLE_NOTE : null;
  const [one, two] = [1, 2].map((parts) => smsPartLimit(parts));
  const unicode = `Unicode: ${charactersIn(one!, true)} characters fit in 1 message, ${charactersIn(two!, true)} in 2 (${one} and ${two} without unicode)`;
  return count.doubleRoom ? `${unicode}; ${UNICODE_DOUBLE_NOTE}` : unicode;
}
