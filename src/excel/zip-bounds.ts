// Bounds an xlsx (a zip) before SheetJS builds it: the unpacked sizes its directory declares, then the
// bytes and cells really unpacked, counted as a stream (a zip bomb's directory may lie).
import {
  MAX_BOOK_CELLS,
  MAX_UNPACKED_BYTES,
  PROTECTED_FILE,
  TOO_BIG_UNPACKED,
  TOO_MANY_CELLS,
  UNREADABLE_FILE,
} from './limits';
import { SpreadsheetError } from './spreadsheet-error';

type Entry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64 = 0xffffffff;
const SLICE = 64 * 1024;

export const isZip = (bytes: Uint8Array): boolean =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;

/** The zip's central directory: every entry's name, method, sizes and where its data starts. */
export function zipEntries(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 0xffff); at -= 1)
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  if (end < 0) throw new SpreadsheetError(UNREADABLE_FILE);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries: Entry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== DIRECTORY_ENTRY)
      throw new SpreadsheetError(UNREADABLE_FILE);
    // Bit 0 of the flags: the entry is encrypted (a zip password).
    if (view.getUint16(at + 8, true) & 1) throw new SpreadsheetError(PROTECTED_FILE);
    const nameLength = view.getUint16(at + 28, true);
    const entry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      localOffset: view.getUint32(at + 42, true),
    };
    // Zip64 sizes mean 4 GB or more: no list of contacts.
    if (entry.size === ZIP64 || entry.compressedSize === ZIP64) throw new SpreadsheetError(TOO_BIG_UNPACKED);
    entries.push(entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

function entryData(bytes: Uint8Array, entry: Entry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL_HEADER)
    throw new SpreadsheetError(UNREADABLE_FILE);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  return bytes.subarray(start, Math.min(bytes.byteLength, start + entry.compressedSize));
}

/** Feeds the compressed bytes a slice at a time, so at most one slice's worth is unpacked ahead of the count. */
function inflated(data: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  const source = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= data.byteLength) return controller.close();
      controller.enqueue(data.slice(at, at + SLICE));
      at += SLICE;
    },
  });
  return source.pipeThrough(
    new DecompressionStream('deflate-raw') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>,
  );
}

const TAIL = 16;
const isNameEnd = (b: number | undefined) =>
  b === 0x20 || b === 0x3e || b === 0x2f || b === 0x09 || b === 0x0a || b === 0x0d;

/** Counts opening cell elements (`<c `, `<x:c `, `<c>`, `<c/>`) across chunks; closing tags are not cells. */
export function cellCounter() {
  let tail = new Uint8Array(0);
  let cells = 0;
  /** An opening tag's name ends at `at` ('c'), after '<' or after '<prefix:'. */
  const opensCell = (buf: Uint8Array, at: number) => {
    const before = buf[at - 1];
    if (before === 0x3c) return true;
    if (before !== 0x3a) return false;
    for (let k = at - 2; k >= 0 && k >= at - TAIL; k -= 1) if (buf[k] === 0x3c) return buf[k + 1] !== 0x2f;
    return false;
  };
  return {
    add(chunk: Uint8Array) {
      // The last bytes of the previous chunk go first, so a tag cut in two is still seen whole.
      const buf = new Uint8Array(tail.length + chunk.length);
      buf.set(tail);
      buf.set(chunk, tail.length);
      // A 'c' ending the previous chunk was not judged yet (its next byte was not there).
      let at = buf.indexOf(0x63, Math.max(1, tail.length - 1));
      while (at >= 0 && at < buf.length - 1) {
        if (isNameEnd(buf[at + 1]) && opensCell(buf, at)) cells += 1;
        at = buf.indexOf(0x63, at + 1);
      }
      tail = buf.slice(Math.max(0, buf.length - TAIL));
    },
    get count() {
      return cells;
    },
  };
}

const isSheetXml = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);

/** Refuses a zip whose entries unpack past MAX_UNPACKED_BYTES or whose sheets hold more than MAX_BOOK_CELLS cells. */
export async function checkZipBounds(
  bytes: Uint8Array,
  onProgress: (fraction: number) => void = () => {},
  limits: { bytes: number; cells: number } = { bytes: MAX_UNPACKED_BYTES, cells: MAX_BOOK_CELLS },
): Promise<void> {
  const entries = zipEntries(bytes);
  if (entries.reduce((sum, e) => sum + e.size, 0) > limits.bytes) throw new SpreadsheetError(TOO_BIG_UNPACKED);
  let unpacked = 0;
  const counter = cellCounter();
  for (const [k, entry] of entries.entries()) {
    const data = entryData(bytes, entry);
    const sheet = isSheetXml(entry.name);
    if (entry.method === 0) {
      unpacked += data.byteLength;
      if (sheet) counter.add(data);
    } else if (entry.method === 8) {
      const reader = inflated(data).getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          unpacked += value.byteLength;
          if (unpacked > limits.bytes) throw new SpreadsheetError(TOO_BIG_UNPACKED);
          if (sheet) counter.add(value);
          if (counter.count > limits.cells) throw new SpreadsheetError(TOO_MANY_CELLS);
        }
      } catch (error) {
        await reader.cancel().catch(() => {});
        throw error instanceof SpreadsheetError ? error : new SpreadsheetError(UNREADABLE_FILE);
      }
    }
    if (unpacked > limits.bytes) throw new SpreadsheetError(TOO_BIG_UNPACKED);
    if (counter.count > limits.cells) throw new SpreadsheetError(TOO_MANY_CELLS);
    onProgress((k + 1) / entries.length);
  }
}
