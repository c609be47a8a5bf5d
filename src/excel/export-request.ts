import type { AuditRow, CustomerRow, OptOutRow } from './client-exports';
import type { ReportRow } from './status-report';
import type { StatementExport } from './statement-export';
import type { SetAsideNumber } from '../domain/contacts/excel-sheet';
import type { ContactFields } from '../domain/contacts/contact-fields';
import type { PersonExport } from '../domain/account/person-data';

/** What the export worker is asked to write. */
export type ExportRequest =
  | { kind: 'status'; rows: ReportRow[] }
  | { kind: 'customers'; rows: CustomerRow[] }
  | { kind: 'numbers'; rows: string[] }
  | { kind: 'optouts'; rows: OptOutRow[] }
  | { kind: 'auditlog'; rows: AuditRow[] }
  | { kind: 'set-aside'; rows: SetAsideNumber[] }
  | { kind: 'contacts'; rows: ContactFields[] }
  | { kind: 'person'; data: PersonExport }
  | { kind: 'statement'; data: StatementExport }
  | { kind: 'send-template' };
