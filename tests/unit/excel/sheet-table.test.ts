import { describe, expect, it } from 'vitest';
import { numbersOf, rowAt, rowsOf, toSheetTable } from '../../../src/excel/sheet-table';

describe('sheet tables', () => {
  const rows = [
    { numbers: '024', name: 'Ama' },
    { numbers: '025', name: 'Kofi' },
  ];

  it('carries rows as columns and gives them back as rows', () => {
    const table = toSheetTable(rows, ['Numbers', 'name']);
    expect(table).toEqual({
      keys: ['numbers', 'name'],
      columns: [
        ['024', '025'],
        ['Ama', 'Kofi'],
      ],
      length: 2,
    });
    expect(rowAt(table, 1)).toEqual({ numbers: '025', name: 'Kofi' });
    expect(rowsOf(table)).toEqual(rows);
    expect(numbersOf(table)).toEqual(['024', '025']);
  });

  it('keeps the headings of an empty sheet', () => {
    expect(toSheetTable([], ['numbers', '', 'name'])).toEqual({
      keys: ['numbers', 'name'],
      columns: [[], []],
      length: 0,
    });
    expect(numbersOf({ keys: ['x'], columns: [['1']], length: 1 })).toEqual([]);
  });
});
