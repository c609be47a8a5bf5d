// submit_sm as the SMPP server reads it (docs/smpp.md): the raw body, so the customer's bytes are
// decoded once by the gateway's own coders (carrier/smpp), never by the `smpp` package's guesses.
import { gsmDecode } from '../carrier/smpp/gsm-alphabet';
import { UDH_INDICATOR } from '../carrier/smpp/sms-wire';
import type { PduAddresses } from '../carrier/smpp/pdu-out';

export class Malformed extends Error {}

/** The TLVs the server reads (SMPP 3.4 5.3.2). */
const TLV = { sarRef: 0x020c, sarTotal: 0x020e, sarSeq: 0x020f, messagePayload: 0x0424 } as const;

/** The two addresses of a submit_sm or deliver_sm, each with its type of number and numbering plan. */
export type SmppAddresses = PduAddresses;

export interface SubmitBody extends SmppAddresses {
  serviceType: string;
  esmClass: number;
  registeredDelivery: number;
  scheduleDeliveryTime: string;
  validityPeriod: string;
  dataCoding: number;
  /** short_message, or message_payload when that TLV is given (UDH included when esm_class says so). */
  message: Buffer;
  sar: { ref: number; total: number; seq: number } | null;
  fromPayload: boolean;
}

/** Reads a submit_sm's body (after the 16-byte header); throws Malformed when it is cut short. */
export function readSubmit(pdu: Buffer): SubmitBody {
  let at = 16;
  const end = pdu.length;
  const need = (n: number) => {
    if (at + n > end) throw new Malformed('The submit_sm is shorter than its fields');
  };
  const u8 = () => {
    need(1);
    return pdu[at++]!;
  };
  const cstring = (max: number) => {
    const stop = pdu.indexOf(0, at);
    if (stop < 0 || stop >= end || stop - at > max) throw new Malformed('A C-octet string field is not terminated');
    const value = pdu.toString('latin1', at, stop);
    at = stop + 1;
    return value;
  };
  const serviceType = cstring(5);
  const sourceTon = u8();
  const sourceNpi = u8();
  const source = cstring(20);
  const destTon = u8();
  const destNpi = u8();
  const destination = cstring(20);
  const esmClass = u8();
  u8(); // protocol_id
  u8(); // priority_flag
  const scheduleDeliveryTime = cstring(16);
  const validityPeriod = cstring(16);
  const registeredDelivery = u8();
  u8(); // replace_if_present_flag
  const dataCoding = u8();
  u8(); // sm_default_msg_id
  const smLength = u8();
  need(smLength);
  let message = pdu.subarray(at, at + smLength);
  at += smLength;
  const tlvs = new Map<number, Buffer>();
  while (at < end) {
    need(4);
    const tag = pdu.readUInt16BE(at);
    const length = pdu.readUInt16BE(at + 2);
    at += 4;
    need(length);
    tlvs.set(tag, pdu.subarray(at, at + length));
    at += length;
  }
  const payload = tlvs.get(TLV.messagePayload);
  const fromPayload = payload !== undefined && smLength === 0;
  if (fromPayload) message = payload;
  const [ref, total, seq] = [tlvs.get(TLV.sarRef), tlvs.get(TLV.sarTotal), tlvs.get(TLV.sarSeq)];
  const sar =
    ref && total && seq && ref.length === 2 && total.length === 1 && seq.length === 1
      ? { ref: ref.readUInt16BE(0), total: total[0]!, seq: seq[0]! }
      : null;
  return {
    serviceType,
    sourceTon,
    sourceNpi,
    source,
    destTon,
    destNpi,
    destination,
    esmClass,
    registeredDelivery,
    scheduleDeliveryTime,
    validityPeriod,
    dataCoding,
    message: Buffer.from(message),
    sar,
    fromPayload,
  };
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
