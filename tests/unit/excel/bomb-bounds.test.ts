// A hostile xlsx is refused from its directory and a streaming count, before SheetJS builds it.
import { describe, expect, it } from 'vitest';
import { refusal } from './support/refusal';
import { openBook } from '../../../src/excel/parse-core';
import { cellCounter, checkZipBounds } from '../../../src/excel/zip-bounds';
import { MAX_BOOK_CELLS, MAX_UNPACKED_BYTES, TOO_BIG_UNPACKED, TOO_MANY_CELLS } from '../../../src/excel/limits';
import { rewriteXlsx, unzip, utf8, workbook, zip } from './support/workbook-bytes';

const book = () => workbook({ S: [['numbers'], ['0241234567']] });
const withSheet = (xml: (cells: string) => string) =>
  rewriteXlsx(book(), (name, text) =>
    name.startsWith('xl/worksheets/') ? text.replace(/<sheetData>.*<\/sheetData>/s, xml('')) : text,
  );

describe('zip bombs', () => {
  it('refuses a file whose directory declares more than the unpacked cap, without unpacking it', async () => {
    const files = unzip(book()).map((f) =>
      f.name.startsWith('xl/worksheets/') ? { ...f, declaredSize: MAX_UNPACKED_BYTES + 1 } : f,
    );
    expect(await refusal(() => openBook(zip(files), 'bomb.xlsx'))).toBe(TOO_BIG_UNPACKED);
  });

  it('refuses a file that unpacks past the cap while its directory lies', async () => {
    const files = unzip(book()).map((f) =>
      f.name.startsWith('xl/worksheets/')
        ? { name: f.name, data: new Uint8Array(4 * 1024 * 1024).fill(0x20), declaredSize: 100 }
        : f,
    );
    const bounds = { bytes: 1024 * 1024, cells: MAX_BOOK_CELLS };
    expect(await refusal(() => checkZipBounds(zip(files), () => {}, bounds))).toBe(TOO_BIG_UNPACKED);
  });

  it('refuses more cells than the workbook cap before building the workbook', async () => {
    const bytes = withSheet(() => `<sheetData><row r="1">${'<c/>'.repeat(MAX_BOOK_CELLS + 1)}</row></sheetData>`);
    expect(await refusal(() => openBook(bytes, 'cells.xlsx'))).toBe(TOO_MANY_CELLS);
  });

  it('counts cells across chunks and with a namespace prefix, not other tags', () => {
    const counter = cellCounter();
    const xml = utf8('<x:row><x:c r="A1"><x:v>1</x:v></x:c><c r="B1"/><c>2</c><col/><cols></cols></x:row>');
    for (let i = 0; i < xml.length; i += 3) counter.add(xml.subarray(i, i + 3));
    expect(counter.count).toBe(3);
  });
});
