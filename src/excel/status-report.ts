// The status report export (docs/product.md#delivery-status): an xlsx of each recipient and what the
// status page shows of it (src/domain/messages/status-report-rows.ts builds the rows).
import * as XLSX from 'xlsx';
import { reportColumnWidths, statusReportTable, type ReportRow } from '../domain/messages/status-report-rows';

export type { ReportRow };
export type ReportMeta = { sheetName?: string };

// Spreadsheet programs run a cell that starts with these as a formula (CSV/DDE injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text that cannot start a formula: a leading single quote keeps it plain text everywhere. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function statusReportSheet(rows: readonly ReportRow[]): XLSX.WorkSheet {
  // An empty cell is left out of the file, not written as an empty text (100,000 rows stay light).
  const table = statusReportTable(rows).map((cells) =>
    cells.map((cell) => (typeof cell === 'number' ? cell : cell === '' ? null : neutraliseFormula(cell))),
  );
  const sheet = XLSX.utils.aoa_to_sheet(table, { dense: true });
  sheet['!cols'] = reportColumnWidths(statusReportTable([])[0] ?? []).map((wch) => ({ wch }));
  return sheet;
}

/** The report as xlsx bytes, compressed. */
export function writeStatusReport(rows: readonly ReportRow[], meta: ReportMeta = {}): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, statusReportSheet(rows), meta.sheetName ?? 'Status report');
  const out = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Uint8Array(out);
}
