import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { buildSetAsideExport, setAsideFileName } from '../../../src/excel/export-file';
import { NUMBER_REASONS } from '../../../src/domain/contacts/sheet-number';

describe('the rows set aside, downloadable', () => {
  it('lists each row, its value as typed and why, with formula-like values neutralised', async () => {
    const bytes = await buildSetAsideExport([
      { row: 3, value: 'TRUE', reason: NUMBER_REASONS.boolean },
      { row: 7, value: '-241234567', reason: NUMBER_REASONS.negative },
      { row: 9, value: '2.33241E+11', reason: NUMBER_REASONS.scientific },
    ]);
    const book = XLSX.read(bytes, { type: 'array' });
    expect(book.SheetNames).toEqual(['Set aside']);
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Set aside']!, { header: 1 })).toEqual([
      ['Row', 'numbers', 'Why it was set aside'],
      [3, 'TRUE', NUMBER_REASONS.boolean],
      [7, "'-241234567", NUMBER_REASONS.negative],
      [9, '2.33241E+11', NUMBER_REASONS.scientific],
    ]);
  });

  it('names the file after the loaded one', () => {
    expect(setAsideFileName('Customers May 2026.xlsx')).toBe('set-aside-Customers-May-2026.xlsx');
    expect(setAsideFileName('.csv')).toBe('set-aside-rows.xlsx');
  });
});
