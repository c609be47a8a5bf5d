import type { Generated, Selectable } from 'kysely';
import type { AuditAction } from '../../../src/domain/account/audit';

/** One recorded action (server/src/audit): who, when, from where, what changed. Append-only. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** The account that acted (or whose sign-in failed). */
  profile_id: number;
  /** That account's supervisor: its admin reads the row too. */
  tenant_id: Generated<number>;
  actor_name: Generated<string>;
  /** The account it was done to, when another (a client given credit, an account approved): 0 when none. */
  target_id: Generated<number>;
  action: AuditAction;
  ip: Generated<string>;
  user_agent: Generated<string>;
  /** JSON: what changed (before and after, field names), never a secret. */
  details: Generated<string>;
  /** The team member who acted (docs/product.md#who-did-what): the log shows "<name> (member)"; null for the owner. */
  member_id: Generated<number | null>;
}
export type AuditLogRow = Selectable<AuditLogTable>;

export interface AuditTables {
  audit_log: AuditLogTable;
}
