import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import {
  auditDetails,
  auditPage,
  auditRows,
  recordAudit,
  seesSourceOf,
  type AuditQuery,
  type ShownAuditRow,
  type AuditSource,
  type AuditViewer,
} from './audit-log';
import { withMemberNames } from './audit-members';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import type { ExportKind } from '../../../src/domain/account/audit';
import type { AuditEntry } from '../../../src/domain/contract/security';
import { describeUserAgent } from '../../../src/domain/account/user-agent';

/**
 * Who acted, as the viewer reads it: its own name, its clients', its provider's marked so, and the
 * operator by its role when it is not the viewer's provider.
 */
function actorShown(viewer: AuditViewer, row: ShownAuditRow): string {
  if (seesSourceOf(viewer, row)) return memberShown(viewer, row) ?? row.actor_name;
  if (row.profile_id === viewer.supid) return `${row.actor_name} (your provider)`;
  if (row.profile_id === TOP_SUPERVISOR_ID) return 'The service operator';
  return row.actor_name;
}

/**
 * A team member's action as the account's own log names it, "Ama Mensah (member)", and an admin's log of
 * its clients' "Ama Mensah (member of acme)"; null when the account's owner acted (docs/product.md#who-did-what).
 */
function memberShown(viewer: AuditViewer, row: ShownAuditRow): string | null {
  if (row.member_id === null || !row.member_name) return null;
  return row.profile_id === viewer.profile_id
    ? `${row.member_name} (member)`
    : `${row.member_name} (member of ${row.actor_name})`;
}

/**
 * Rows as the /auditlog page shows them to `viewer`: the device in words, never the stored header
 * alone; where an action came from only where the viewer may read it (seesSourceOf).
 */
export function auditEntries(rows: ShownAuditRow[], viewer: AuditViewer): AuditEntry[] {
  return rows.map((row) => {
    const source = seesSourceOf(viewer, row);
    return {
      id: row.id,
      at: new Date(row.at).toISOString(),
      action: row.action,
      profile_id: row.profile_id,
      actor: actorShown(viewer, row),
      target_id: row.target_id,
      ip: source ? row.ip : '',
      device: source && row.user_agent ? describeUserAgent(row.user_agent) : '',
      details: auditDetails(row),
    };
  });
}

/** One page of the log, the members its details name shown by name. */
export async function auditLogPage(ctx: GatewayContext, user: UserRow, query: AuditQuery, pageNum: number) {
  const page = await auditPage(ctx.db, user, query, pageNum, ctx.now());
  return { ...page, items: await withMemberNames(ctx.db, page.items) };
}

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
    return { ...rows, items: await withMemberNames(trx, rows.items) };
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
