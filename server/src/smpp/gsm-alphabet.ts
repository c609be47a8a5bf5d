// GSM 03.38 default alphabet as SMPP carries it with data_coding 0: unpacked, one septet per octet.

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The extension table: each is ESC (0x1B) then its code, two septets on the wire. */
const EXTENSION: Record<string, number> = {
  '\f': 0x0a,
  '^': 0x14,
  '{': 0x28,
  '}': 0x29,
  '\\': 0x2f,
  '[': 0x3c,
  '~': 0x3d,
  ']': 0x3e,
  '|': 0x40,
  '€': 0x65,
};

export const ESC = 0x1b;
const BASIC_CODE = new Map([...BASIC].map((char, code) => [char, code]));
BASIC_CODE.delete('\u001b');
const BASIC_CHAR = [...BASIC];
const EXTENSION_CHAR = new Map(Object.entries(EXTENSION).map(([char, code]) => [code, char]));

/**
 * Appends the septets of one character to `out` (one, or ESC and its code); false, and nothing
 * appended, when GSM cannot carry it.
 */
export function pushSeptets(char: string, out: number[]): boolean {
  const basic = BASIC_CODE.get(char);
  if (basic !== undefined) {
    out.push(basic);
    return true;
  }
  const extended = EXTENSION[char];
  if (extended === undefined) return false;
  out.push(ESC, extended);
  return true;
}

export function isGsmEncodable(text: string): boolean {
  const scratch: number[] = [];
  for (const char of text) if (!pushSeptets(char, scratch)) return false;
  return true;
}

export function gsmEncode(text: string): Buffer {
  const out: number[] = [];
  for (const char of text) {
    if (!pushSeptets(char, out)) throw new Error(`GSM 03.38 cannot carry U+${char.codePointAt(0)?.toString(16)}`);
  }
  return Buffer.from(out);
}

/** The inverse of gsmEncode; an ESC before an unknown code reads as a space, as handsets do. */
export function gsmDecode(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 1) {
    const code = bytes[i]! & 0x7f;
    if (code === ESC && i + 1 < bytes.length) {
      i += 1;
      text += EXTENSION_CHAR.get(bytes[i]! & 0x7f) ?? ' ';
    } else text += BASIC_CHAR[code] ?? '';
  }
  return text;
}
