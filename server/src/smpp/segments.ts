// Message text as SMPP 3.4 carries it: GSM 03.38 (data_coding 0) or UCS-2 (data_coding 8), long texts
// cut into segments concatenated with a UDH (8-bit reference). Segments are what goes on the wire (one
// carrier_parts row each); the parts a send is charged for are counted by src/domain/sms.ts, and
// differ for some UCS-2 lengths (tests/gateway/sms-wire.test.ts).
import { pushSeptets } from './gsm-alphabet';
import { UDH_INDICATOR } from './protocol';
import { ucs2Octets } from './text-coding';
import { concatUdh } from './concatenation';

export interface WireSegment {
  dataCoding: 0 | 8;
  esmClass: number;
  /** UDH (concatenated segments only) followed by the encoded text of this segment. */
  shortMessage: Buffer;
  seq: number;
  total: number;
}

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
  return cut(units, starts, UCS2_SINGLE, UCS2_PART).map(ucs2Octets);
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
    shortMessage: total > 1 ? Buffer.concat([concatUdh(reference, total, k + 1), body]) : body,
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
