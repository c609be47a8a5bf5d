// Long messages on the SMPP 3.4 wire: each part's UDH (GSM 03.40 information element 0x00, 8-bit
// reference, or 0x08, 16-bit) or sar_ TLVs, written for the segments the carrier sends and read from
// what customers and carriers send.
import { Malformed } from './malformed';
import { UDH_INDICATOR } from './protocol';
import { decodeText } from './text-coding';
import type { SubmitBody } from './pdu-in';

/** A part's place in its long message. */
export interface Concat {
  ref: number;
  total: number;
  seq: number;
}

/** The UDH of segment `seq` of `total` of one text (8-bit reference). */
export const concatUdh = (reference: number, total: number, seq: number) =>
  Buffer.from([5, 0, 3, reference & 0xff, total, seq]);

/**
 * short_message as its UDH (when esm_class says one comes first) and its text's octets; throws
 * Malformed when the UDH is longer than the message.
 */
export function splitUdh(message: Buffer, esmClass: number): { udh: Buffer | null; text: Buffer } {
  if (!(esmClass & UDH_INDICATOR) || message.length === 0) return { udh: null, text: message };
  const udhLength = message[0]! + 1;
  if (udhLength > message.length) throw new Malformed('The UDH is longer than the message');
  return { udh: message.subarray(1, udhLength), text: message.subarray(udhLength) };
}

/** A UDH's concatenation: its first whole concatenation element; null when it has none. */
export function udhConcat(udh: Buffer): Concat | null {
  for (let i = 0; i + 1 < udh.length; i += 2 + udh[i + 1]!) {
    const [id, len] = [udh[i]!, udh[i + 1]!];
    if (id === 0x00 && len === 3 && i + 4 < udh.length)
      return { ref: udh[i + 2]!, total: udh[i + 3]!, seq: udh[i + 4]! };
    if (id === 0x08 && len === 4 && i + 5 < udh.length)
      return { ref: udh.readUInt16BE(i + 2), total: udh[i + 4]!, seq: udh[i + 5]! };
  }
  return null;
}

const WHOLE = { ref: null, total: 1, seq: 1 } as const;

/** A submit's concatenation (its UDH, else its sar_ TLVs) and its text's octets; throws Malformed for a UDH too long. */
export function concatOf(body: SubmitBody): { ref: number | null; total: number; seq: number; bytes: Buffer } {
  const { udh, text } = splitUdh(body.message, body.esmClass);
  if (udh) return { ...(udhConcat(udh) ?? WHOLE), bytes: text };
  if (body.sar && body.sar.total > 1) return { ...body.sar, bytes: text };
  return { ...WHOLE, bytes: text };
}

/** One segment's text and, when concatenated, its place (a UDH longer than its message reads as no text). */
export function decodeWire(piece: { dataCoding: number; esmClass: number; shortMessage: Uint8Array }) {
  let parts: { udh: Buffer | null; text: Buffer };
  try {
    parts = splitUdh(Buffer.from(piece.shortMessage), piece.esmClass);
  } catch {
    parts = { udh: null, text: Buffer.alloc(0) };
  }
  const concat = (parts.udh && udhConcat(parts.udh)) ?? WHOLE;
  return {
    text: decodeText(piece.dataCoding, parts.text),
    reference: concat.ref,
    seq: concat.seq,
    total: concat.total,
  };
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
