// A sheet's rows as columns: 100,000 rows cross from the worker in a few milliseconds as five string
// arrays, where as 100,000 objects they hold the page's main thread for about a tenth of a second.
import { NUMBERS_HEADING } from '../domain/contacts/excel-sheet';

export type SheetTable = {
  /** Row field names (readSendSheet's: the headings, the numbers column as 'numbers'). */
  keys: string[];
  /** One array per key, every one `length` long. */
  columns: string[][];
  length: number;
};

export function toSheetTable(rows: readonly Record<string, string>[], headings: readonly string[]): SheetTable {
  const keys = rows[0] ? Object.keys(rows[0]) : headings.filter((h) => h !== '');
  const columns = keys.map((key) => rows.map((row) => row[key] ?? ''));
  return { keys, columns, length: rows.length };
}

/** One row as readSendSheet gave it (a record), built only when a row's fields are needed. */
export function rowAt(table: SheetTable, index: number): Record<string, string> {
  const row: Record<string, string> = {};
  table.keys.forEach((key, k) => {
    row[key] = table.columns[k]?.[index] ?? '';
  });
  return row;
}

export const rowsOf = (table: SheetTable): Record<string, string>[] =>
  Array.from({ length: table.length }, (_, i) => rowAt(table, i));

/** The numbers column, the only one a regular send needs. */
export function numbersOf(table: SheetTable): string[] {
  const at = table.keys.indexOf(NUMBERS_HEADING);
  return at < 0 ? [] : (table.columns[at] ?? []);
}
