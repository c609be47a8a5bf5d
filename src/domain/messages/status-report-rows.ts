// The status report export's rows (docs/product.md#delivery-status): what the status page shows of
// each recipient, in words, one row each; src/excel/status-report.ts writes them.
import { formatAccra } from '../dates';
import { NETWORK_LABELS, networkOf, type Network } from '../numbers/networks';
import { canonicalPhone } from '../numbers/phone-number';
import { statusLabel } from './message-status';

/** A recipient's row of status/{id}, as far as the report reads it. */
export type ReportRow = {
  mobilenumber: string;
  status: string;
  statusTime?: string | undefined;
  network?: string | undefined;
  reason?: string | undefined;
  /** A personalized send's recipient: its own text. */
  text?: string | undefined;
  parts?: number | undefined;
  /** Clicks on its short links: only a send that shortened them (docs/product.md#short-links). */
  clicks?: number | undefined;
};

/** The fields of a status row the report reads, as a plain object a worker can be sent. */
export const reportRowOf = (r: ReportRow): ReportRow => ({
  mobilenumber: r.mobilenumber,
  status: r.status,
  statusTime: r.statusTime,
  network: r.network,
  reason: r.reason,
  text: r.text,
  parts: r.parts,
  clicks: r.clicks,
});

export type ReportCell = string | number;

const BASE_HEADINGS = ['Mobile number', 'Status', 'Status time (Accra)', 'Network', 'Failure reason'] as const;
const TEXT_HEADING = 'Message';
const COST_HEADINGS = ['Parts', 'Cost (credits)'] as const;
const CLICKS_HEADING = 'Link clicks';

const networkLabel = (row: ReportRow) =>
  NETWORK_LABELS[(row.network as Network | undefined) ?? networkOf(canonicalPhone(row.mobilenumber))] ??
  NETWORK_LABELS.other;

/** What a recipient cost: the parts its text was billed as; an opted-out one was never sent nor charged. */
const costOf = (row: ReportRow): ReportCell =>
  row.parts === undefined ? '' : row.status === 'OPTED_OUT' ? 0 : row.parts;

/**
 * The report as a table, headings first: number, status in words (SENT reads Delivered), its time in
 * Accra, network, failure reason in words, (a personalized send) each recipient's own text, parts and cost,
 * and (a send with short links) each recipient's clicks.
 */
export function statusReportTable(rows: readonly ReportRow[]): ReportCell[][] {
  const texts = rows.some((row) => row.text !== undefined);
  const clicks = rows.some((row) => row.clicks !== undefined);
  const headings: ReportCell[] = [
    ...BASE_HEADINGS,
    ...(texts ? [TEXT_HEADING] : []),
    ...COST_HEADINGS,
    ...(clicks ? [CLICKS_HEADING] : []),
  ];
  const body = rows.map((row): ReportCell[] => [
    String(row.mobilenumber ?? ''),
    statusLabel(row.status || 'PENDING'),
    row.statusTime ? formatAccra(row.statusTime) : '',
    networkLabel(row),
    row.reason ?? '',
    ...(texts ? [row.text ?? ''] : []),
    row.parts ?? '',
    costOf(row),
    ...(clicks ? [row.clicks ?? 0] : []),
  ]);
  return [headings, ...body];
}

/** How wide each column is, in characters, for the headings `statusReportTable` gave. */
export const reportColumnWidths = (headings: readonly ReportCell[]): number[] =>
  headings.map((h) => (h === TEXT_HEADING ? 60 : h === 'Failure reason' ? 40 : h === 'Mobile number' ? 18 : 16));
