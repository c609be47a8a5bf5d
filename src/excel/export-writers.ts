// Which writer makes each export: one place for the worker and the no-worker path (unit tests).
import { writeAuditLog, writeCustomerData, writeNumbers, writeOptOuts } from './client-exports';
import type { ExportRequest } from './export-request';
import { writeContacts, writePersonData } from './person-exports';
import { writeSendTemplate } from './send-template';
import { writeSetAside } from './set-aside-export';
import { writeStatusReport } from './status-report';
import { writeStatement } from './statement-export';

export function writeExport(request: ExportRequest): Uint8Array {
  switch (request.kind) {
    case 'customers':
      return writeCustomerData(request.rows);
    case 'numbers':
      return writeNumbers(request.rows);
    case 'optouts':
      return writeOptOuts(request.rows);
    case 'auditlog':
      return writeAuditLog(request.rows);
    case 'set-aside':
      return writeSetAside(request.rows);
    case 'status':
      return writeStatusReport(request.rows);
    case 'contacts':
      return writeContacts(request.rows);
    case 'person':
      return writePersonData(request.data);
    case 'statement':
      return writeStatement(request.data);
    case 'send-template':
      return writeSendTemplate();
  }
}
