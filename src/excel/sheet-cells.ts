// A worksheet's cells as rows, from the cells that exist: the range a file declares is often wrong
// (too small, or the whole sheet), and styled empty cells far away are formatting, not data.
import * as XLSX from 'xlsx';
import { UNSAVED_FORMULA, cellError } from '../domain/contacts/sheet-number';
import { MAX_CELLS, MAX_ROWS, TOO_MANY_CELLS, TOO_MANY_ROWS, rowsOutsideRange } from './limits';
import { SpreadsheetError } from './spreadsheet-error';

export type SheetCells = {
  /** `rows[i]` is sheet row i + 1, `rows[i][j]` column j (A is 0); empty cells are null. */
  rows: unknown[][];
  notes: string[];
};

type Cell = XLSX.CellObject & { z?: string | number };

const isUnsavedFormula = (cell: Cell) => cell.f !== undefined && (cell.t === 'z' || cell.v === undefined);

// Empty stubs are formatting; error cells (#N/A, #REF!) are kept as such, so a sheet of them is named for what it is.
const hasValue = (cell: Cell | undefined) =>
  !!cell && ((cell.t !== 'z' && cell.v !== undefined) || isUnsavedFormula(cell));

/** A whole number shown with leading zeros by its format ('0000000000' shows 241234567 as 0241234567). */
function paddedText(cell: Cell): string | null {
  const format = cell.z;
  if (typeof format !== 'string' || format === 'General' || !format.includes('0')) return null;
  const value = cell.v as number;
  if (!Number.isInteger(value) || value < 0) return null;
  let shown: string;
  try {
    shown = XLSX.SSF.format(format, value);
  } catch {
    return null;
  }
  const digits = shown.replace(/\D/g, '');
  const plain = value.toFixed(0);
  return digits.length > plain.length && digits.endsWith(plain) && /^0+$/.test(digits.slice(0, -plain.length))
    ? shown.trim()
    : null;
}

function valueOf(cell: Cell | undefined): unknown {
  if (!cell || !hasValue(cell)) return null;
  if (isUnsavedFormula(cell)) return UNSAVED_FORMULA;
  if (cell.t === 'e') return cellError(XLSX.utils.format_cell(cell) || '#ERROR');
  if (cell.t === 'n') return paddedText(cell) ?? cell.v;
  return cell.v;
}

/** Rows and columns up to the last cell with a value, the row and cell limits applied to those. */
export function sheetCells(ws: XLSX.WorkSheet, onProgress: (fraction: number) => void = () => {}): SheetCells {
  const data = (ws['!data'] ?? []) as (Cell[] | undefined)[];
  let lastRow = -1;
  let width = 0;
  for (let r = 0; r < data.length; r += 1) {
    const cells = data[r];
    if (!cells) continue;
    for (let c = cells.length - 1; c >= 0; c -= 1)
      if (hasValue(cells[c])) {
        lastRow = r;
        if (c + 1 > width) width = c + 1;
        break;
      }
  }
  const rowCount = lastRow + 1;
  if (rowCount > MAX_ROWS + 1 + firstFilledRow(data, rowCount)) throw new SpreadsheetError(TOO_MANY_ROWS);
  if (rowCount * width > MAX_CELLS) throw new SpreadsheetError(TOO_MANY_CELLS);
  const rows: unknown[][] = new Array(rowCount);
  for (let r = 0; r < rowCount; r += 1) {
    const cells = data[r] ?? [];
    const row: unknown[] = new Array(width);
    for (let c = 0; c < width; c += 1) row[c] = valueOf(cells[c]);
    rows[r] = row;
    if (r % 10_000 === 0) onProgress(r / rowCount);
  }
  const declared = ws['!ref'] ? XLSX.utils.decode_range(ws['!ref']).e.r + 1 : 0;
  const notes = declared > 0 && rowCount > declared ? [rowsOutsideRange(declared, rowCount)] : [];
  return { rows, notes };
}

function firstFilledRow(data: (Cell[] | undefined)[], rowCount: number): number {
  for (let r = 0; r < rowCount; r += 1) if (data[r]?.some(hasValue)) return r;
  return 0;
}
