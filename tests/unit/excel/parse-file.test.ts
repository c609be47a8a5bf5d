import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { openSpreadsheet, SpreadsheetError } from '../../../src/excel/parse-file';
import type { ParseReply, ParseRequest } from '../../../src/excel/parse-protocol';
import { rowsOf } from '../../../src/excel/sheet-table';
import { readContactsFile } from '../../../src/excel/contacts-file';
import { contactAt } from '../../../src/domain/contacts/contact-sheet';
import { NUMBER_REASONS } from '../../../src/domain/contacts/sheet-number';
import { FILE_TOO_BIG, MAX_FILE_BYTES, PARSE_TOO_SLOW } from '../../../src/excel/limits';

type Scope = { onmessage: ((event: { data: ParseRequest }) => void) | null; postMessage(reply: ParseReply): void };

/** The parse worker's own code (src/excel/parse-worker.ts) behind a stand-in Worker: happy-dom runs no module workers. */
class InProcessWorker {
  static scope: Scope = { onmessage: null, postMessage: (reply) => InProcessWorker.current?.deliver(reply) };
  static current: InProcessWorker | null = null;
  onmessage: ((event: MessageEvent<ParseReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor() {
    InProcessWorker.current = this;
  }
  deliver(reply: ParseReply) {
    if (!this.terminated) this.onmessage?.({ data: reply } as MessageEvent<ParseReply>);
  }
  terminate() {
    this.terminated = true;
  }
  postMessage(request: ParseRequest) {
    InProcessWorker.scope.onmessage?.({ data: request });
  }
}

beforeAll(async () => {
  vi.stubGlobal('self', InProcessWorker.scope);
  await import('../../../src/excel/parse-worker');
});
afterAll(() => vi.unstubAllGlobals());

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
        ['0241234567', 'Ama'],
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
      [{ numbers: '0241234567', name: 'Ama' }],
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

describe('the worker serves the phone-book import with the same reader', () => {
  it.each(['Sheet 1', 'sheet1'])('reads contacts from a sheet named %j, numbers checked', async (sheet) => {
    const file = xlsxFile('contacts.xlsx', {
      [sheet]: [[], ['First name', 'Phone number'], ['Ama', '024 123 4567'], ['Kofi', '2.33241E+11']],
    });
    const reading = readContactsFile(file, { createWorker: () => new InProcessWorker() as unknown as Worker });
    const result = await reading.result;
    if (!result.ok) throw new Error(result.message);
    expect(contactAt(result.sheet.table, 0)).toMatchObject({ firstname: 'Ama', phonenumber: '233241234567' });
    expect(result.sheet.table.rows).toEqual([3]);
    expect(result.sheet.setAside).toEqual([{ row: 4, reason: NUMBER_REASONS.scientific }]);
  });

  it('reads a UTF-16 text file saved as .xls, keeping its zeros', async () => {
    const text = 'numbers\tname\r\n0241234567\tAma\r\n';
    const bytes = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0), 0])]);
    const opened = await openSpreadsheet(new File([bytes], 'unicode.xls'), {
      createWorker: () => new InProcessWorker() as unknown as Worker,
    });
    expect(opened.first?.ok && rowsOf(opened.first.table)).toEqual([{ numbers: '0241234567', name: 'Ama' }]);
  });
});
