// What the characters that force unicode cost (docs/product.md#parts-and-encodings): the parts a text takes
// as typed beside the parts it would take with those characters written in plain GSM letters.
import { countSms, smsPartLimit, smsParts, smsPartsLabel, OUT_OF_RANGE_PARTS, UNICODE_OVERHEAD } from './sms';
import { characterLabel, unicodeCharacters } from './unicode-hints';

export type UnicodeCost = {
  /** The characters that force unicode, each once, in order of first use. */
  characters: string[];
  /** Parts (SMS credits a recipient) of the text as typed. */
  parts: number;
  /** Parts the same text would take with each of those characters a plain one. */
  plainParts: number;
};

/** The cost of the characters that force unicode, or null when the text is plain GSM. */
export function unicodeCost(text: string): UnicodeCost | null {
  const forcing = unicodeCharacters(text);
  if (forcing.length === 0) return null;
  const count = countSms(text);
  // Each forcing character as one plain GSM character: the text as it would be without them.
  let plainLength = 0;
  for (const char of text) plainLength += forcing.some((c) => c.char === char) ? 1 : countSms(char).length;
  return { characters: forcing.map((c) => c.char), parts: count.parts, plainParts: smsParts(plainLength) };
}

const partsWords = (parts: number): string =>
  parts >= OUT_OF_RANGE_PARTS
    ? 'more than 9 SMS credits'
    : `${smsPartsLabel(parts)} SMS credit${parts === 1 ? '' : 's'}`;

/** A character named as a person reads it: invisible ones by their code. */
const shown = (char: string): string => (/\s|\u200B/.test(char) ? characterLabel(char) : char);

/** Characters one SMS holds: plain GSM, and unicode (two bytes each, after its overhead). */
const PLAIN_IN_ONE = smsPartLimit(1);
const UNICODE_IN_ONE = Math.floor((smsPartLimit(1) - UNICODE_OVERHEAD) / 2);

/**
 * The warning shown while typing: which characters force unicode and what that costs a recipient
 * (a unicode SMS holds far fewer characters, so a text costs twice or more).
 */
export function unicodeWarning(cost: UnicodeCost): string {
  const names = cost.characters.map(shown).join(' ');
  const them = cost.characters.length === 1 ? 'This character forces' : 'These characters force';
  const price =
    cost.parts > cost.plainParts
      ? `each recipient costs ${partsWords(cost.parts)} instead of ${partsWords(cost.plainParts)}`
      : `each recipient still costs ${partsWords(cost.parts)}, but a longer text costs twice or more`;
  return `${them} Unicode: ${names}. A Unicode SMS holds ${UNICODE_IN_ONE} characters instead of ${PLAIN_IN_ONE}, so ${price}.`;
}
