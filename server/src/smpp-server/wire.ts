// submit_sm as the SMPP server reads it (docs/smpp.md): the raw body, so the customer's bytes are
// decoded once by the gateway's own coders (carrier/smpp), never by the `smpp` package's guesses.
import { gsmDecode } from '../carrier/smpp/gsm-alphabet';
import { UDH_INDICATOR } from '../carrier/smpp/sms-wire';
import type { PduAddresses } from '../carrier/smpp/pdu-out';
import { Malformed, readShortMessageBody, type ShortMessageBody } from '../carrier/smpp/pdu-in';

/** The TLVs the server reads (SMPP 3.4 5.3.2). */
const TLV = { sarRef: 0x020c, sarTotal: 0x020e, sarSeq: 0x020f, messagePayload: 0x0424 } as const;

/** The two addresses of a submit_sm or deliver_sm, each with its type of number and numbering plan. */
export type SmppAddresses = PduAddresses;

/** A submit_sm's fields as readShortMessageBody reads them, its text and concatenation read from them. */
export interface SubmitBody extends Omit<ShortMessageBody, 'smLength' | 'shortMessage' | 'tlvs'> {
  /** short_message, or message_payload when that TLV is given (UDH included when esm_class says so). */
  message: Buffer;
  sar: { ref: number; total: number; seq: number } | null;
  fromPayload: boolean;
}

/** Reads a submit_sm's body (after the 16-byte header); throws Malformed when it is cut short. */
export function readSubmit(pdu: Buffer): SubmitBody {
  const { tlvs, smLength, shortMessage, ...fields } = readShortMessageBody(pdu, 'submit_sm');
  const payload = tlvs.get(TLV.messagePayload);
  const fromPayload = payload !== undefined && smLength === 0;
  const message = fromPayload ? payload : shortMessage;
  const [ref, total, seq] = [tlvs.get(TLV.sarRef), tlvs.get(TLV.sarTotal), tlvs.get(TLV.sarSeq)];
  const sar =
    ref && total && seq && ref.length === 2 && total.length === 1 && seq.length === 1
      ? { ref: ref.readUInt16BE(0), total: total[0]!, seq: seq[0]! }
      : null;
  return { ...fields, message: Buffer.from(message), sar, fromPayload };
}

/** The data codings the server takes: GSM 7-bit default alphabet, IA5, Latin-1, UCS-2. */
export const DATA_CODINGS = new Set([0, 1, 3, 8]);

/** The part's concatenation (UDH 8- or 16-bit reference, or sar_ TLVs) and its text bytes. */
export function concatOf(body: SubmitBody): { ref: number | null; total: number; seq: number; bytes: Buffer } {
  let bytes = body.message;
  if (body.esmClass & UDH_INDICATOR && bytes.length > 0) {
    const udhLength = bytes[0]! + 1;
    if (udhLength > bytes.length) throw new Malformed('The UDH is longer than the message');
    const udh = bytes.subarray(1, udhLength);
    bytes = bytes.subarray(udhLength);
    for (let i = 0; i + 1 < udh.length; i += 2 + udh[i + 1]!) {
      const [id, len] = [udh[i]!, udh[i + 1]!];
      if (id === 0x00 && len === 3 && i + 4 < udh.length)
        return { ref: udh[i + 2]!, total: udh[i + 3]!, seq: udh[i + 4]!, bytes };
      if (id === 0x08 && len === 4 && i + 5 < udh.length)
        return { ref: udh.readUInt16BE(i + 2), total: udh[i + 4]!, seq: udh[i + 5]!, bytes };
    }
    return { ref: null, total: 1, seq: 1, bytes };
  }
  if (body.sar && body.sar.total > 1) return { ...body.sar, bytes };
  return { ref: null, total: 1, seq: 1, bytes };
}

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

/**
 * An SMPP time (SMPP 3.4 7.1.1) as epoch ms: absolute 'YYMMDDhhmmsstnn+' / '-' (quarter hours from
 * UTC), or relative 'YYMMDDhhmmss000R' from now. Null when empty; throws Malformed when it is neither.
 */
export function smppTime(value: string, now: number): number | null {
  if (value === '') return null;
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d)(\d\d)([+\-R])$/.exec(value);
  if (!m) throw new Malformed(`'${value}' is not an SMPP time`);
  const [yy, mo, dd, hh, mi, ss, t, nn] = m.slice(1, 9).map(Number) as number[];
  const sign = m[9];
  if (sign === 'R') {
    const d = new Date(now);
    d.setUTCFullYear(d.getUTCFullYear() + yy!, d.getUTCMonth() + mo!, d.getUTCDate() + dd!);
    d.setUTCHours(d.getUTCHours() + hh!, d.getUTCMinutes() + mi!, d.getUTCSeconds() + ss!);
    return d.getTime();
  }
  if (mo! < 1 || mo! > 12 || dd! < 1 || dd! > 31 || hh! > 23 || mi! > 59 || ss! > 59 || nn! > 48)
    throw new Malformed(`'${value}' is not an SMPP time`);
  const local = Date.UTC(2000 + yy!, mo! - 1, dd!, hh!, mi!, ss!, t! * 100);
  const offset = nn! * 15 * 60_000;
  return sign === '+' ? local - offset : local + offset;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYMMDDhhmm' in UTC, as receipts give their dates (SMPP 3.4 Appendix B). */
export function receiptDate(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;
}
