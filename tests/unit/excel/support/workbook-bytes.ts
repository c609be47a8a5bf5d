// Spreadsheet files made in the test: SheetJS books, and xlsx files rewritten by hand (as other programs write them).
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { zipEntries } from '../../../../src/excel/zip-bounds';

export function workbook(sheets: Record<string, unknown[][]>, bookType: XLSX.BookType = 'xlsx'): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return bookBytes(book, bookType);
}

export const bookBytes = (book: XLSX.WorkBook, bookType: XLSX.BookType = 'xlsx'): Uint8Array =>
  new Uint8Array(XLSX.write(book, { type: 'array', bookType, compression: true }) as ArrayBuffer);

export const utf8 = (text: string) => new TextEncoder().encode(text);

type ZipFile = { name: string; data: Uint8Array; declaredSize?: number };

/** A zip of the files, deflated; `declaredSize` writes a false unpacked size in the directory (a bomb's trick). */
export function zip(files: readonly ZipFile[]): Uint8Array {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const packed = deflateRawSync(file.data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc32(file.data), 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(file.declaredSize ?? file.data.length, 22);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc32(file.data), 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(file.declaredSize ?? file.data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(header, name, packed);
    directory.push(entry, name);
    offset += header.length + name.length + packed.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, dir, end]));
}

/** The files of a zip, unpacked. */
export function unzip(bytes: Uint8Array): ZipFile[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return zipEntries(bytes).map((e) => {
    const start = e.localOffset + 30 + view.readUInt16LE(e.localOffset + 26) + view.readUInt16LE(e.localOffset + 28);
    const data = view.subarray(start, start + e.compressedSize);
    return { name: e.name, data: new Uint8Array(e.method === 8 ? inflateRawSync(data) : data) };
  });
}

/** An xlsx with some of its xml rewritten, e.g. its sheet's declared range or its sheets' visibility. */
export function rewriteXlsx(bytes: Uint8Array, edit: (name: string, xml: string) => string): Uint8Array {
  const decoder = new TextDecoder();
  return zip(
    unzip(bytes).map((f) =>
      f.name.endsWith('.xml') || f.name.endsWith('.rels')
        ? { name: f.name, data: utf8(edit(f.name, decoder.decode(f.data))) }
        : f,
    ),
  );
}
