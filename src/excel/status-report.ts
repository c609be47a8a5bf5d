// The status report export (docs/product.md#delivery-status): an xlsx of each recipient and its status.
import * as XLSX from 'xlsx';

export type ReportRow = { mobilenumber: string; status: string };
export type ReportMeta = { sheetName?: string };

const REPORT_HEADINGS = ['Mobile number', 'Status'] as const;

// Spreadsheet programs run a cell that starts with these as a formula (CSV/DDE injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text that cannot start a formula: a leading single quote keeps it plain text everywhere. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function statusReportSheet(rows: readonly ReportRow[]): XLSX.WorkSheet {
  const table: string[][] = [[...REPORT_HEADINGS]];
  for (const row of rows)
    table.push([neutraliseFormula(String(row.mobilenumber ?? '')), neutraliseFormula(String(row.status ?? ''))]);
  const sheet = XLSX.utils.aoa_to_sheet(table, { dense: true });
  sheet['!cols'] = [{ wch: 18 }, { wch: 12 }];
  return sheet;
}

/** The report as xlsx bytes, compressed. */
export function writeStatusReport(rows: readonly ReportRow[], meta: ReportMeta = {}): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, statusReportSheet(rows), meta.sheetName ?? 'Status report');
  const out = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Uint8Array(out);
}
