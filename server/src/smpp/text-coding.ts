// Text in the data codings the gateway reads (SMPP 3.4 5.2.19): the GSM 7-bit default alphabet (0,
// one septet an octet), IA5 (1), Latin-1 (3) and UCS-2 (8, big-endian, surrogate pairs as two units).
import { gsmDecode } from './gsm-alphabet';

/** The data codings the gateway takes from a customer: GSM 7-bit default alphabet, IA5, Latin-1, UCS-2. */
export const DATA_CODINGS = new Set([0, 1, 3, 8]);

/** A text's bytes in its data coding as one string (the parts of a long message joined first). */
export function decodeText(dataCoding: number, bytes: Buffer): string {
  switch (dataCoding) {
    case 8: {
      let text = '';
      for (let i = 0; i + 1 < bytes.length; i += 2) text += String.fromCharCode(bytes.readUInt16BE(i));
      return text;
    }
    case 1: {
      let text = '';
      for (const b of bytes) text += String.fromCharCode(b & 0x7f);
      return text;
    }
    case 3:
      return bytes.toString('latin1');
    default:
      return gsmDecode(bytes);
  }
}

/** UTF-16 code units as UCS-2 octets, big-endian. */
export function ucs2Octets(units: readonly number[]): Buffer {
  const out = Buffer.alloc(units.length * 2);
  for (let i = 0; i < units.length; i += 1) out.writeUInt16BE(units[i]!, i * 2);
  return out;
}
