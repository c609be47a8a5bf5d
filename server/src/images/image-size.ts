// Width, height and type of an uploaded image read from its first bytes: a PNG's IHDR, a JPEG's frame header.
import { closeSync, openSync, readSync } from 'node:fs';

export type ImageSize = { w: number; h: number; type: 'image/png' | 'image/jpeg' };

/** Bytes read from the start of a file: enough for a JPEG's frame header after its EXIF and ICC segments. */
const HEAD_BYTES = 256 * 1024;

function head(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    return buf.subarray(0, readSync(fd, buf, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/** A JPEG's size from its first start-of-frame segment (SOF0 to SOF15 but DHT, JPG and DAC). */
function jpegSize(buf: Buffer): { w: number; h: number } | null {
  let at = 2;
  while (at + 9 <= buf.length) {
    if (buf[at] !== 0xff) return null;
    const marker = buf[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = buf.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { h: buf.readUInt16BE(at + 5), w: buf.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** The size of a PNG or JPEG file; null for any other kind, or one cut short. */
export function imageSize(path: string): ImageSize | null {
  const buf = head(path);
  if (buf.length >= 24 && buf.subarray(1, 4).toString('ascii') === 'PNG') {
    return { w: buf.readUInt32BE(16), h: buf.readUInt32BE(20), type: 'image/png' };
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    const size = jpegSize(buf);
    return size ? { ...size, type: 'image/jpeg' } : null;
  }
  return null;
}
