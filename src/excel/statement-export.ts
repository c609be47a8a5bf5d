// A month's statement as an Excel file (docs/product.md#statements): its lines, then its rows.
import * as XLSX from 'xlsx';
import { formatAccra } from '../domain/dates';
import {
  STATEMENT_LINE_LABELS,
  causeText,
  monthLabel,
  type StatementCause,
  type StatementLine,
} from '../domain/money/statement';
import { neutraliseFormula } from './status-report';

/** What the export is given: a statement answer's fields it writes. */
export type StatementExport = {
  month: string;
  account: { username: string };
  openingBalance: number;
  closingBalance: number;
  lines: { line: StatementLine; credits: number }[];
  entries: { at: number; line: StatementLine; amount: number; balanceAfter: number; cause: StatementCause }[];
  entryCount: number;
};

export function writeStatement(s: StatementExport): Uint8Array {
  const table: (string | number)[][] = [
    ['Statement', monthLabel(s.month)],
    ['Account', neutraliseFormula(s.account.username)],
    [],
    ['Line', 'Credits'],
    ['Opening balance', s.openingBalance],
    ...s.lines.map((l) => [STATEMENT_LINE_LABELS[l.line], l.credits]),
    ['Closing balance', s.closingBalance],
    [],
    ['Date (Accra)', 'What', 'Credits', 'Balance after', 'Caused by'],
    ...s.entries.map((e) => [
      formatAccra(e.at, 'yyyy-MM-dd HH:mm'),
      STATEMENT_LINE_LABELS[e.line],
      e.amount,
      e.balanceAfter,
      neutraliseFormula(causeText(e.cause)),
    ]),
  ];
  if (s.entryCount > s.entries.length)
    table.push([], [`The last ${s.entries.length} of ${s.entryCount} changes are listed; the lines count them all.`]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(table), 'Statement');
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}
