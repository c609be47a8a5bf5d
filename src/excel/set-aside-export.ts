// The rows a send set aside (docs/product.md#for-sending), as an xlsx the user can correct and load again.
import * as XLSX from 'xlsx';
import type { SetAsideNumber } from '../domain/contacts/excel-sheet';
import { neutraliseFormula } from './status-report';

export const SET_ASIDE_HEADINGS = ['Row', 'numbers', 'Why it was set aside'] as const;

/** The value is text as it was typed (a number stays its digits); a formula-like value cannot run. */
export function writeSetAside(rows: readonly SetAsideNumber[]): Uint8Array {
  const table: (string | number)[][] = [[...SET_ASIDE_HEADINGS]];
  for (const row of rows) table.push([row.row, neutraliseFormula(row.value), row.reason]);
  const sheet = XLSX.utils.aoa_to_sheet(table, { dense: true });
  sheet['!cols'] = [{ wch: 8 }, { wch: 20 }, { wch: 50 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Set aside');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}
