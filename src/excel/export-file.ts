// The page's side of the Excel exports: the worker writes, the page downloads.
import type { AuditRow, CustomerRow, OptOutRow } from './client-exports';
import type { ExportRequest } from './export-request';
import { reportRowOf, type ReportRow } from '../domain/messages/status-report-rows';
import type { SetAsideNumber } from '../domain/contacts/excel-sheet';
import { CONTACT_FIELDS, type ContactFields } from '../domain/contacts/contact-fields';
import type { PersonExport } from '../domain/account/person-data';
import type { StatementExport } from './statement-export';

const EXPORT_TIMEOUT_MS = 60_000;

type Reply = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

function inWorker(request: ExportRequest): Promise<Uint8Array> {
  // Without workers (unit tests) the writers load here; loaded on need, SheetJS stays off the screens' own code.
  if (typeof Worker === 'undefined') return import('./export-writers').then((m) => m.writeExport(request));
  const worker = new Worker(new URL('./export-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(() => finish({ ok: false, message: 'Writing the file took too long' }), EXPORT_TIMEOUT_MS);
    const finish = (reply: Reply) => {
      clearTimeout(timer);
      worker.terminate();
      if (reply.ok) resolve(reply.bytes);
      else reject(new Error(reply.message));
    };
    worker.onmessage = (event: MessageEvent<Reply>) => finish(event.data);
    worker.onerror = () => finish({ ok: false, message: 'The file could not be written' });
    worker.postMessage(request);
  });
}

/** The status report's bytes, made in a worker where there is one. */
export function buildStatusReport(rows: readonly ReportRow[]): Promise<Uint8Array> {
  // Plain objects only: the rows may carry fields a worker cannot clone.
  return inWorker({ kind: 'status', rows: rows.map(reportRowOf) });
}

/** The customer data export (client management). */
export function buildCustomerData(rows: readonly CustomerRow[]): Promise<Uint8Array> {
  const plain = rows.map((r) => Object.fromEntries(CUSTOMER_FIELDS.map((k) => [k, r[k]])) as CustomerRow);
  return inWorker({ kind: 'customers', rows: plain });
}

/** Profile 6's numbers export. */
export const buildNumbersExport = (numbers: readonly string[]): Promise<Uint8Array> =>
  inWorker({ kind: 'numbers', rows: [...numbers] });

/** The account's opt-out list. */
export const buildOptOutsExport = (rows: readonly OptOutRow[]): Promise<Uint8Array> =>
  inWorker({ kind: 'optouts', rows: rows.map((r) => ({ number: r.number, reason: r.reason, date: r.date })) });

/** The audit log's rows the filter matched. */
export const buildAuditLogExport = (rows: readonly AuditRow[]): Promise<Uint8Array> =>
  inWorker({ kind: 'auditlog', rows: rows.map((r) => ({ ...r })) });

/** A phone book's contacts, every field (consent included), under the template's headings. */
export const buildContactsExport = (contacts: readonly ContactFields[]): Promise<Uint8Array> =>
  inWorker({
    kind: 'contacts',
    rows: contacts.map((c) => Object.fromEntries(CONTACT_FIELDS.map((f) => [f, c[f] ?? ''])) as ContactFields),
  });

/** Everything held about one number (persondataexport's answer), one sheet a kind. */
export const buildPersonDataExport = (data: PersonExport): Promise<Uint8Array> =>
  inWorker({ kind: 'person', data: structuredClone(data) });

/** The set-aside file's name, from the sheet's: kept here, off SheetJS, as the send screen names it. */
export const setAsideFileName = (fileName: string): string => {
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `set-aside-${base || 'rows'}.xlsx`;
};

/** The rows a sheet set aside: row, value as typed, why. */
export const buildSetAsideExport = (rows: readonly SetAsideNumber[]): Promise<Uint8Array> =>
  inWorker({ kind: 'set-aside', rows: rows.map((r) => ({ row: r.row, value: r.value, reason: r.reason })) });

const CUSTOMER_FIELDS = [
  'username',
  'companyname',
  'email',
  'telnumber',
  'accountType',
  'creditbalance',
  'internationalcreditbalance',
  'creditexpires',
  'senderidapproved',
  'pendingsenderid',
  'setuptime',
] as const satisfies readonly (keyof CustomerRow)[];

export const SEND_TEMPLATE_FILE_NAME = 'send-sms-template.xlsx';

/** The send form's template: Sheet1 with the "numbers" heading (send-template.ts). */
export const buildSendTemplate = (): Promise<Uint8Array> => inWorker({ kind: 'send-template' });

/** A month's statement: its lines and rows (plain objects, for the worker). */
export const buildStatementExport = (s: StatementExport): Promise<Uint8Array> =>
  inWorker({
    kind: 'statement',
    data: {
      month: s.month,
      account: { username: s.account.username },
      openingBalance: s.openingBalance,
      closingBalance: s.closingBalance,
      lines: s.lines.map((l) => ({ ...l })),
      entries: s.entries.map((e) => ({
        at: e.at,
        line: e.line,
        amount: e.amount,
        balanceAfter: e.balanceAfter,
        cause: e.cause && { ...e.cause },
      })),
      entryCount: s.entryCount,
    },
  });
