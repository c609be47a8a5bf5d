import { describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { openSpreadsheet, SpreadsheetError } from '../../../src/excel/parse-file';
import {
  openAndReadSingle,
  openBook,
  SpreadsheetError as CoreError,
  type OpenedBook,
} from '../../../src/excel/parse-core';
import type { ParseReply, ParseRequest } from '../../../src/excel/parse-protocol';
import { rowsOf } from '../../../src/excel/sheet-table';
import { FILE_TOO_BIG, MAX_FILE_BYTES, PARSE_TOO_SLOW } from '../../../src/excel/limits';

/** A stand-in Worker that runs the worker's code in-process (the real one needs a browser). */
class InProcessWorker {
  onmessage: ((event: MessageEvent<ParseReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  private book: OpenedBook | null = null;
  terminate() {
    this.terminated = true;
  }
  postMessage(request: ParseRequest) {
    void (async () => {
      const reply = (message: ParseReply) =>
        !this.terminated && this.onmessage?.({ data: message } as MessageEvent<ParseReply>);
      const progress = (fraction: number, stage: string) =>
        reply({ type: 'progress', id: request.id, fraction, stage });
      try {
        if (request.type === 'open') {
          this.book = openBook(new Uint8Array(await request.file.arrayBuffer()), request.fileName, progress);
          reply({ type: 'opened', id: request.id, ...openAndReadSingle(this.book, progress) });
        } else if (request.type === 'sheet') {
          reply({ type: 'sheet', id: request.id, result: this.book!.readSheet(request.sheet, progress) });
        }
      } catch (error) {
        reply({ type: 'error', id: request.id, message: error instanceof CoreError ? error.message : 'x' });
      }
    })();
  }
}

function xlsxFile(name: string, sheets: Record<string, unknown[][]>): File {
  const book = XLSX.utils.book_new();
  for (const [sheet, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheet);
  return new File([XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], name);
}

describe('openSpreadsheet', () => {
  it('opens a two-sheet file, reports progress, and reads the chosen sheet from the same worker', async () => {
    const worker = new InProcessWorker();
    const progress = vi.fn();
    const file = xlsxFile('two.xlsx', {
      Notes: [['x']],
      People: [
        ['numbers', 'name'],
        ['024', 'Ama'],
      ],
    });
    const opened = await openSpreadsheet(file, {
      createWorker: () => worker as unknown as Worker,
      onProgress: progress,
    });
    expect([opened.sheetNames, opened.first]).toEqual([['Notes', 'People'], null]);
    expect(progress).toHaveBeenCalled();
    const people = await opened.readSheet('People');
    expect(people.ok && [people.headings, rowsOf(people.table)]).toEqual([
      ['numbers', 'name'],
      [{ numbers: '024', name: 'Ama' }],
    ]);
    opened.close();
    expect(worker.terminated).toBe(true);
    await expect(opened.readSheet('People')).rejects.toBeInstanceOf(SpreadsheetError);
  });

  it('refuses a too-big file without starting a worker', async () => {
    const createWorker = vi.fn();
    const file = new File([new Uint8Array(8)], 'big.csv');
    Object.defineProperty(file, 'size', { value: MAX_FILE_BYTES + 1 });
    await expect(openSpreadsheet(file, { createWorker })).rejects.toThrow(FILE_TOO_BIG);
    await expect(openSpreadsheet(new File(['x'], 'a.pdf'), { createWorker })).rejects.toThrow(
      'Kindly select an excel file',
    );
    expect(createWorker).not.toHaveBeenCalled();
  });

  it('ends a worker that runs too long, with a clear message', async () => {
    const hung = { terminate: vi.fn(), postMessage: vi.fn(), onmessage: null, onerror: null };
    const opening = openSpreadsheet(new File(['numbers\n1'], 'slow.csv'), {
      createWorker: () => hung as unknown as Worker,
      timeoutMs: 30,
    });
    await expect(opening).rejects.toThrow(PARSE_TOO_SLOW);
    expect(hung.terminate).toHaveBeenCalledTimes(1);
  });

  it("passes the worker's refusal on", async () => {
    const file = new File(['phone\n1'], 'x.csv');
    const opened = await openSpreadsheet(file, { createWorker: () => new InProcessWorker() as unknown as Worker });
    expect(opened.first).toMatchObject({ ok: false });
  });
});
