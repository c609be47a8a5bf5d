// The Excel exports of client management (docs/product.md#client-management): customer data, and profile 6's numbers.
import * as XLSX from 'xlsx';
import { formatAccra } from '../domain/dates';
import { neutraliseFormula } from './status-report';

/** What the customer data export lists of each client (allusers' fields). */
export type CustomerRow = {
  username: string;
  companyname: string;
  email: string;
  telnumber: string;
  accountType: string;
  creditbalance: number;
  internationalcreditbalance: number;
  creditexpires: number;
  senderidapproved: string;
  pendingsenderid: string;
  setuptime: string;
};

const CUSTOMER_HEADINGS = [
  'Username',
  'Company',
  'Email',
  'Phone',
  'Account type',
  'Credit balance',
  'International balance (USD)',
  'Credit expires',
  'Approved sender IDs',
  'Pending sender IDs',
  'Joined',
] as const;

const cell = (value: unknown) => neutraliseFormula(String(value ?? ''));

function book(sheet: XLSX.WorkSheet, name: string): Uint8Array {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, name);
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

/** Every text cell neutralised (a company named '=HYPERLINK(...)' stays text); balances stay numbers. */
export function writeCustomerData(rows: readonly CustomerRow[]): Uint8Array {
  const table: (string | number)[][] = [[...CUSTOMER_HEADINGS]];
  for (const r of rows) {
    table.push([
      cell(r.username),
      cell(r.companyname),
      cell(r.email),
      cell(r.telnumber),
      cell(r.accountType),
      Number(r.creditbalance) || 0,
      Number(r.internationalcreditbalance) || 0,
      r.creditexpires ? formatAccra(r.creditexpires * 1000, 'yyyy-MM-dd') : '',
      cell(r.senderidapproved),
      cell(r.pendingsenderid),
      r.setuptime ? formatAccra(r.setuptime, 'yyyy-MM-dd') : '',
    ]);
  }
  const sheet = XLSX.utils.aoa_to_sheet(table, { dense: true });
  sheet['!cols'] = CUSTOMER_HEADINGS.map((h) => ({ wch: Math.max(12, h.length + 2) }));
  return book(sheet, 'Customers');
}

/** One opt-out as its export lists it: the number, why and when (Accra time). */
export type OptOutRow = { number: string; reason: string; date: string };

/** The opt-out list: a numbers column first, so the file loads straight back into the Opt-outs import. */
export function writeOptOuts(rows: readonly OptOutRow[]): Uint8Array {
  const table: string[][] = [
    ['numbers', 'reason', 'date'],
    ...rows.map((r) => [cell(r.number), cell(r.reason), cell(r.date)]),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(table, { dense: true });
  sheet['!cols'] = [{ wch: 18 }, { wch: 24 }, { wch: 18 }];
  return book(sheet, 'Opt-outs');
}

/** One column headed numbers (docs/product.md#for-sending), so the file loads straight back into the send form. */
export function writeNumbers(numbers: readonly string[]): Uint8Array {
  const table: string[][] = [['numbers'], ...numbers.map((n) => [cell(n)])];
  const sheet = XLSX.utils.aoa_to_sheet(table, { dense: true });
  sheet['!cols'] = [{ wch: 18 }];
  return book(sheet, 'Numbers');
}

/** A row of the audit log's export, as the /auditlog page shows it. */
export type AuditRow = { when: string; who: string; action: string; details: string; ip: string; device: string };

/** The audit log (server/src/audit): every cell text, neutralised (details hold what people typed). */
export function writeAuditLog(rows: readonly AuditRow[]): Uint8Array {
  const table: string[][] = [
    ['When', 'Who', 'Action', 'Details', 'IP address', 'Device'],
    ...rows.map((r) => [cell(r.when), cell(r.who), cell(r.action), cell(r.details), cell(r.ip), cell(r.device)]),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(table, { dense: true });
  sheet['!cols'] = [{ wch: 18 }, { wch: 16 }, { wch: 26 }, { wch: 60 }, { wch: 16 }, { wch: 22 }];
  return book(sheet, 'Audit log');
}
