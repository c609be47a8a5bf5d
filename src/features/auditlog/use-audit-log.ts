import { useCallback, useEffect, useState } from 'react';
import { MAX_AUDIT_EXPORT_ROWS } from '../../domain/account/audit';
import { formatAccra } from '../../domain/dates';
import { buildAuditLogExport } from '../../excel/export-file';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { auditLogExport, auditLogPage, type AuditEntry, type AuditFilter } from '../../sync/security';
import { downloadBytes } from '../../ui/download';
import { shownEntry } from './audit-entries';
import { formatNumber } from '../../domain/numbers/number-format';

export const EMPTY_FILTER: AuditFilter = { search: '', action: '', from: '', to: '' };

/** The log's pages for the filter shown, asked of the gateway as they are wanted (online only), and its export. */
export function useAuditLog(online: boolean) {
  const [filter, setFilter] = useState<AuditFilter>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ entries: AuditEntry[]; hasMore: boolean } | null>(null);
  const loading = useAction('The audit log could not be loaded. Please try again');
  const exporting = useAction('The audit log could not be written. Please try again');
  const { run } = loading;

  const load = useCallback(
    (wanted: AuditFilter, pageNum: number) =>
      run(async () => {
        const answer = await auditLogPage(wanted, pageNum);
        setResult({ entries: answer.entries, hasMore: answer.hasMore === true || answer.hasMore === 'true' });
      }),
    [run],
  );
  useEffect(() => {
    if (online) void load(filter, page);
  }, [online, load, filter, page]);

  const apply = (wanted: AuditFilter) => {
    setPage(1);
    setFilter({ ...wanted, search: wanted.search.trim() });
  };
  const exportLog = () =>
    exporting.run(async () => {
      const answer = await auditLogExport(filter);
      downloadBytes(
        await buildAuditLogExport(answer.entries.map(shownEntry)),
        `audit-log-${formatAccra(Date.now(), 'yyyy-MM-dd')}.xlsx`,
      );
      if (answer.truncated)
        emitAlert({
          message: `The file holds the newest ${formatNumber(MAX_AUDIT_EXPORT_ROWS)} entries: narrow the dates for the rest`,
          severity: 'warning',
        });
    });

  return { page, setPage, result, apply, loading: loading.busy, exporting: exporting.busy, exportLog };
}
