import type { CustomerRow } from './client-exports';
import type { ReportRow } from './status-report';

/** What the export worker is asked to write. */
export type ExportRequest =
  | { kind: 'status'; rows: ReportRow[] }
  | { kind: 'customers'; rows: CustomerRow[] }
  | { kind: 'numbers'; rows: string[] };
