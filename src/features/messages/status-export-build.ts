// The status report from status/{id}'s pages: run in the export's worker (status-export-worker.ts).
import { statusPages } from '../../sync/status-pages';
import { writeStatusReport } from '../../excel/status-report';
import { reportRowOf, type ReportRow } from '../../domain/messages/status-report-rows';
import type { StatusExportRequest } from './status-export';

/** The report's bytes from every page, telling the progress after each page. */
export async function buildStatusExport(
  request: StatusExportRequest,
  progress: (done: number, total: number) => void,
): Promise<Uint8Array> {
  const rows: ReportRow[] = [];
  for await (const page of statusPages(request.token, request.profileId, request.messageId)) {
    for (const r of page.rows) rows.push(reportRowOf(r));
    progress(rows.length, Math.max(page.total, rows.length));
  }
  return writeStatusReport(rows);
}
