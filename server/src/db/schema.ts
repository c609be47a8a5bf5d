import type { ApprovalTables } from './schema-approvals';
import type { AuditTables } from './schema-audit';
import type { CarrierTables } from './schema-carrier';
import type { CoreTables } from './schema-core';
import type { IntegrationTables } from './schema-integrations';
import type { LinkTables } from './schema-links';
import type { MailTables } from './schema-mail';
import type { MessagingTables } from './schema-messaging';
import type { MoneyTables } from './schema-money';
import type { OptOutTables } from './schema-optouts';
import type { PhonebookPaymentTables } from './schema-phonebook-payments';
import type { SmppTables } from './schema-smpp';
import type { TemplateTables } from './schema-templates';
import type { TeamTables } from './schema-team';

/** Every table of the gateway; each area declares its own in its schema-*.ts file. */
export interface Database
  extends
    CoreTables,
    MessagingTables,
    PhonebookPaymentTables,
    CarrierTables,
    IntegrationTables,
    OptOutTables,
    SmppTables,
    AuditTables,
    MailTables,
    MoneyTables,
    TemplateTables,
    TeamTables,
    LinkTables,
    ApprovalTables {}
