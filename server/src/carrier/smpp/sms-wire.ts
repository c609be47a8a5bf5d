// Message text as SMPP 3.4 carries it: GSM 03.38 (data_coding 0) or UCS-2 (data_coding 8), long texts
// cut into segments concatenated with a UDH (8-bit reference), and addresses with their TON and NPI.
// Segments are what goes on the wire (one carrier_parts row each); the parts a send is charged for are
// counted by src/domain/sms.ts, and differ for some UCS-2 lengths (tests/gateway/sms-wire.test.ts).
import { canonicalPhone } from '../../../../src/domain/numbers/phone-number';
import { gsmDecode, pushSeptets } from './gsm-alphabet';

export interface WireSegment {
  dataCoding: 0 | 8;
  esmClass: number;
  /** UDH (concatenated segments only) followed by the encoded text of this segment. */
  shortMessage: Buffer;
  seq: number;
  total: number;
}

export const UDH_INDICATOR = 0x40;
const GSM_SINGLE = 160;
const GSM_PART = 153;
const UCS2_SINGLE = 70;
const UCS2_PART = 67;

/**
 * Cuts a text's code units into segments of at most `size` (all in one when they fit `single`),
 * never inside a character: `starts` holds where each character begins (an escape pair, a surrogate
 * pair). One flat array and slices, not an array per character: this runs for every part sent.
 */
function cut(units: number[], starts: readonly number[], single: number, size: number): number[][] {
  if (units.length <= single) return [units];
  const parts: number[][] = [];
  let from = 0;
  for (let c = 0; c < starts.length; c += 1) {
    const end = starts[c + 1] ?? units.length;
    if (end - from > size) {
      parts.push(units.slice(from, starts[c]));
      from = starts[c]!;
    }
  }
  parts.push(units.slice(from));
  return parts;
}

/** GSM septets, cut; null when a character is not in the GSM alphabet. */
function gsmPieces(text: string): Buffer[] | null {
  const septets: number[] = [];
  const starts: number[] = [];
  for (const char of text) {
    starts.push(septets.length);
    if (!pushSeptets(char, septets)) return null;
  }
  return cut(septets, starts, GSM_SINGLE, GSM_PART).map((piece) => Buffer.from(piece));
}

/** UTF-16 code units, big-endian, cut (a surrogate pair kept together). */
function ucs2Pieces(text: string): Buffer[] {
  const units: number[] = [];
  const starts: number[] = [];
  for (const char of text) {
    starts.push(units.length);
    for (let i = 0; i < char.length; i += 1) units.push(char.charCodeAt(i));
  }
  return cut(units, starts, UCS2_SINGLE, UCS2_PART).map((piece) => {
    const out = Buffer.alloc(piece.length * 2);
    for (let i = 0; i < piece.length; i += 1) out.writeUInt16BE(piece[i]!, i * 2);
    return out;
  });
}

/**
 * A recipient's text as the segments that go on the wire. GSM when the gateway counted it as GSM and
 * every character is in the GSM alphabet; otherwise UCS-2, so no character is ever changed.
 */
export function wireSegments(text: string, unicode: boolean, reference: number): WireSegment[] {
  const { gsm, chunks } = encodeChunks(text, unicode);
  const total = chunks.length;
  return chunks.map((body, k) => ({
    dataCoding: gsm ? 0 : 8,
    esmClass: total > 1 ? UDH_INDICATOR : 0,
    shortMessage: total > 1 ? Buffer.concat([Buffer.from([5, 0, 3, reference & 0xff, total, k + 1]), body]) : body,
    seq: k + 1,
    total,
  }));
}

// A send gives most recipients the same text: the last one's encoding is kept, so the connector does
// not encode the same words again. The buffers are only read.
let lastEncoded: { text: string; unicode: boolean; gsm: boolean; chunks: Buffer[] } | null = null;

function encodeChunks(text: string, unicode: boolean): { gsm: boolean; chunks: Buffer[] } {
  if (lastEncoded?.text === text && lastEncoded.unicode === unicode) return lastEncoded;
  const gsmChunks = unicode ? null : gsmPieces(text);
  lastEncoded = { text, unicode, gsm: gsmChunks !== null, chunks: gsmChunks ?? ucs2Pieces(text) };
  return lastEncoded;
}

/** The inverse of wireSegments for one segment: its text and, when concatenated, its place. */
export function decodeWire(piece: { dataCoding: number; esmClass: number; shortMessage: Uint8Array }) {
  let body = Buffer.from(piece.shortMessage);
  let reference: number | null = null;
  let seq = 1;
  let total = 1;
  if (piece.esmClass & UDH_INDICATOR && body.length > 0) {
    const udhLength = body[0]! + 1;
    const udh = body.subarray(1, udhLength);
    for (let i = 0; i + 1 < udh.length; i += 2 + udh[i + 1]!) {
      const [id, len] = [udh[i]!, udh[i + 1]!];
      if (id === 0x00 && len === 3) [reference, total, seq] = [udh[i + 2]!, udh[i + 3]!, udh[i + 4]!];
      if (id === 0x08 && len === 4) [reference, total, seq] = [udh.readUInt16BE(i + 2), udh[i + 4]!, udh[i + 5]!];
    }
    body = body.subarray(udhLength);
  }
  let text: string;
  if (piece.dataCoding === 8) {
    text = '';
    for (let i = 0; i + 1 < body.length; i += 2) text += String.fromCharCode(body.readUInt16BE(i));
  } else text = gsmDecode(body);
  return { text, reference, seq, total };
}

/** Whole texts per destination from the segments a carrier received, joined by reference in seq order. */
export function reassemble(
  pieces: readonly { to: string; dataCoding: number; esmClass: number; shortMessage: Uint8Array }[],
): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  const open = new Map<string, { total: number; parts: Map<number, string> }>();
  for (const piece of pieces) {
    const { text, reference, seq, total } = decodeWire(piece);
    const list = texts.get(piece.to) ?? [];
    texts.set(piece.to, list);
    if (reference === null || total <= 1) {
      list.push(text);
      continue;
    }
    const key = `${piece.to}\u0000${reference}\u0000${total}`;
    const group = open.get(key) ?? { total, parts: new Map<number, string>() };
    open.set(key, group);
    group.parts.set(seq, text);
    if (group.parts.size === total) {
      list.push(
        [...group.parts.entries()]
          .sort(([a], [b]) => a - b)
          .map(([, t]) => t)
          .join(''),
      );
      open.delete(key);
    }
  }
  return texts;
}

export interface SmppAddress {
  addr: string;
  ton: number;
  npi: number;
}

/**
 * The sender as SMPP addresses it: alphanumeric (any letter) TON 5 / NPI 0; a short code (up to 8
 * digits) TON 3 / NPI 0; any other number international, TON 1 / NPI 1.
 */
export function senderAddress(from: string): SmppAddress {
  const value = from.trim();
  if (/[^\d+\s-]/.test(value)) return { addr: value.slice(0, 11), ton: 5, npi: 0 };
  const digits = value.replace(/\D/g, '');
  if (digits.length <= 8) return { addr: digits, ton: 3, npi: 0 };
  return { addr: canonicalPhone(value), ton: 1, npi: 1 };
}

/** A destination in international form without '+', as carriers route it: 233244000001. */
export const destinationAddress = (number: string): string => canonicalPhone(number);
