// A text file's bytes as text: UTF-8, UTF-16 and UTF-32 by their byte-order mark, UTF-16 without one
// (Excel's "Unicode text"), and Windows-1252 (Excel's "CSV" on Windows) when the bytes are not UTF-8.

const startsWith = (bytes: Uint8Array, head: readonly number[]) => head.every((b, i) => bytes[i] === b);

function utf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  let points: number[] = [];
  for (let at = 0; at + 4 <= bytes.byteLength; at += 4) {
    const point = view.getUint32(at, littleEndian);
    points.push(point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) ? point : 0xfffd);
    if (points.length === 8192) {
      parts.push(String.fromCodePoint(...points));
      points = [];
    }
  }
  parts.push(String.fromCodePoint(...points));
  return parts.join('');
}

/** UTF-16 without a mark: text of Latin letters and digits has a zero in every other byte. */
function utf16Without(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = Math.min(bytes.byteLength - (bytes.byteLength % 2), 4096);
  if (sample < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe, 0, 0])) return utf32(bytes.subarray(4), true);
  if (startsWith(bytes, [0, 0, 0xfe, 0xff])) return utf32(bytes.subarray(4), false);
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const wide = utf16Without(bytes);
  if (wide) return new TextDecoder(wide).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
