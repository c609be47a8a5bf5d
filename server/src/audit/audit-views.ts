import type { GatewayContext } from '../core/context';
import type { AuditLogRow } from '../db/schema-audit';
import type { UserRow } from '../db/schema-core';
import { auditDetails, auditPage, auditRows, recordAudit, type AuditQuery, type AuditSource } from './audit-log';
import type { ExportKind } from '../../../src/domain/audit';
import type { AuditEntry } from '../../../src/domain/contract/security';
import { describeUserAgent } from '../../../src/domain/user-agent';

/** Rows as the /auditlog page shows them: the device in words, never the stored header alone. */
export function auditEntries(rows: AuditLogRow[]): AuditEntry[] {
  return rows.map((row) => ({
    id: row.id,
    at: new Date(row.at).toISOString(),
    action: row.action,
    profile_id: row.profile_id,
    actor: row.actor_name,
    target_id: row.target_id,
    ip: row.ip,
    device: row.user_agent ? describeUserAgent(row.user_agent) : '',
    details: auditDetails(row),
  }));
}

export const auditLogPage = (ctx: GatewayContext, user: UserRow, query: AuditQuery, pageNum: number) =>
  auditPage(ctx.db, user, query, pageNum, ctx.now());

/** The rows of an export; the export itself is recorded in the same transaction that reads them. */
export async function auditExport(
  ctx: GatewayContext,
  user: UserRow,
  query: AuditQuery,
  max: number,
  source: AuditSource,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await auditRows(trx, user, query, max, ctx.now());
    await recordAudit(trx, {
      at: ctx.now(),
      actor: user,
      action: 'data_exported',
      source,
      details: { kind: 'auditlog', count: rows.items.length, action: query.action, from: query.from, to: query.to },
    });
    return rows;
  });
}

/** The app exported customer or number data (a contact list, clients, a status report): recorded. */
export async function recordExport(
  ctx: GatewayContext,
  user: UserRow,
  kind: ExportKind,
  count: number,
  source: AuditSource,
): Promise<void> {
  await recordAudit(ctx.db, { at: ctx.now(), actor: user, action: 'data_exported', source, details: { kind, count } });
}
