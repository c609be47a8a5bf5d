import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../db/database';
import type { AuditLogRow, AuditTables } from '../db/schema-audit';
import { anyColumnLike, pageOf, pageWindow } from '../db/queries';
import { refuse } from '../core/errors';
import {
  AUDIT_RANGE_BACKWARDS,
  AUDIT_RANGE_TOO_LONG,
  AUDIT_RETENTION_DAYS,
  MAX_AUDIT_RANGE_DAYS,
  isAuditAction,
  type AuditAction,
} from '../../../src/domain/account/audit';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import { actingMemberId } from '../core/acting-member';

const DAY_MS = 24 * 3600 * 1000;
/** Rows older than this are pruned by the hourly sweep (docs/compliance.md#audit-log). */
export const AUDIT_RETENTION_MS = AUDIT_RETENTION_DAYS * DAY_MS;

/** Who acted: the signed-in account (or the one whose sign-in failed). */
export interface AuditActor {
  profile_id: number;
  supid: number;
  username: string;
}

/** Where the request came from: the socket address and the User-Agent header. */
export interface AuditSource {
  ip: string;
  userAgent: string;
}

export interface AuditRecord {
  at: number;
  actor: AuditActor;
  action: AuditAction;
  source: AuditSource;
  /** The account it was done to, when not the actor's own. */
  targetId?: number;
  /** What changed: before and after, field names; never a secret. */
  details?: Record<string, unknown>;
  /**
   * The team member who acted (docs/product.md#who-did-what): left out, the member the request acts for
   * (core/acting-member.ts); null for none, an id for a member who acted in an earlier request (a purchase
   * confirmed later).
   */
  member?: number | null;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * Appends one row, inside the transaction of the action it records (so an action that rolls back
 * leaves no row, and none is done unrecorded). Nothing updates or deletes a row but the prune.
 */
export async function recordAudit(trx: Executor, record: AuditRecord): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      at: record.at,
      profile_id: record.actor.profile_id,
      tenant_id: record.actor.supid,
      actor_name: record.actor.username,
      target_id: record.targetId ?? 0,
      action: record.action,
      ip: clip(record.source.ip, 64),
      user_agent: clip(record.source.userAgent, 300),
      details: record.details ? clip(JSON.stringify(record.details), 4000) : '',
      member_id: record.member !== undefined ? record.member : actingMemberId(record.actor.profile_id),
    })
    .execute();
}

/** A row as read for the log: with the name of the member who acted, null for none. */
export type ShownAuditRow = AuditLogRow & { member_name: string | null };

/** Who reads the log: an account its own rows (and those done to it), an admin its clients' too, profile 6 all. */
export interface AuditViewer {
  profile_id: number;
  isAdmin: number;
  /** The viewer's provider: the reseller, or profile 6, whose account it is. */
  supid: number;
}

/**
 * Whether the viewer may read where a row's action came from (its IP address and browser): from its
 * own actions, an admin from its clients', profile 6 from all. An action its provider or the operator
 * took on the viewer's account shows who acted, not where from (docs/compliance.md#audit-log).
 */
export const seesSourceOf = (viewer: AuditViewer, row: Pick<AuditLogRow, 'profile_id' | 'tenant_id'>) =>
  viewer.profile_id === TOP_SUPERVISOR_ID ||
  row.profile_id === viewer.profile_id ||
  (viewer.isAdmin === 1 && row.tenant_id === viewer.profile_id);

/**
 * The search's condition, in seesSourceOf's terms: the address and browser are searched only in the
 * rows the viewer may read them in, an actor's name only where it is shown (the viewer's own
 * actions, its clients' and its provider's; the operator is shown by its role).
 */
function searchCondition(eb: ExpressionBuilder<AuditTables, 'audit_log'>, viewer: AuditViewer, search: string) {
  const actor = eb.or([anyColumnLike(['actor_name', 'ip', 'user_agent'], search), memberNamed(search)]);
  if (viewer.profile_id === TOP_SUPERVISOR_ID) return eb.or([anyColumnLike(['action', 'details'], search), actor]);
  const me = viewer.profile_id;
  const sourceShown = eb.or([eb('profile_id', '=', me), ...(viewer.isAdmin === 1 ? [eb('tenant_id', '=', me)] : [])]);
  return eb.or([
    anyColumnLike(['action', 'details'], search),
    eb.and([sourceShown, actor]),
    eb.and([eb('profile_id', '=', viewer.supid), anyColumnLike(['actor_name'], search)]),
  ]);
}

/** Rows a team member acted in whose name (as the team knows them now) matches: the name the log shows. */
const memberNamed = (search: string) =>
  sql<SqlBool>`exists (select 1 from members where members.id = audit_log.member_id
    and members.profile_id = audit_log.profile_id and ${anyColumnLike(['members.name'], search)})`;

export interface AuditQuery {
  search: string;
  /** An action, or '' for all. */
  action: string;
  /** YYYY-MM-DD (UTC, Ghana's time), inclusive; '' for the widest range allowed. */
  from: string;
  to: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(value: string, field: string): number {
  const ms = DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms)) throw refuse(`Please enter the ${field} date as YYYY-MM-DD`);
  return ms;
}

/** The query's time window [start, end): refused when backwards or wider than MAX_AUDIT_RANGE_DAYS. */
export function auditWindow(query: Pick<AuditQuery, 'from' | 'to'>, now: number): { start: number; end: number } {
  const end = query.to ? dayStart(query.to, 'end') + DAY_MS : now - (now % DAY_MS) + DAY_MS;
  const start = query.from ? dayStart(query.from, 'start') : end - MAX_AUDIT_RANGE_DAYS * DAY_MS;
  if (start >= end) throw refuse(AUDIT_RANGE_BACKWARDS);
  if (end - start > MAX_AUDIT_RANGE_DAYS * DAY_MS) throw refuse(AUDIT_RANGE_TOO_LONG);
  return { start, end };
}

function selectRows(db: Executor, viewer: AuditViewer, query: AuditQuery, now: number) {
  if (query.action && !isAuditAction(query.action)) throw refuse('Please choose an action from the list');
  const { start, end } = auditWindow(query, now);
  let q = db
    .selectFrom('audit_log')
    .selectAll()
    // The member who acted, by the name the team knows them by (docs/product.md#who-did-what).
    .select((eb) =>
      eb
        .selectFrom('members')
        .select('members.name')
        .whereRef('members.id', '=', 'audit_log.member_id')
        .whereRef('members.profile_id', '=', 'audit_log.profile_id')
        .as('member_name'),
    )
    .where('at', '>=', start)
    .where('at', '<', end);
  if (viewer.profile_id !== TOP_SUPERVISOR_ID) {
    const me = viewer.profile_id;
    q = q.where((eb) =>
      eb.or([
        eb('profile_id', '=', me),
        eb('target_id', '=', me),
        ...(viewer.isAdmin === 1 ? [eb('tenant_id', '=', me)] : []),
      ]),
    );
  }
  if (query.action) q = q.where('action', '=', query.action as AuditAction);
  if (query.search.trim()) q = q.where((eb) => searchCondition(eb, viewer, query.search));
  return q.orderBy('at', 'desc').orderBy('id', 'desc');
}

/** One page of the rows the viewer may read, newest first. */
export async function auditPage(
  db: Executor,
  viewer: AuditViewer,
  query: AuditQuery,
  pageNum: number,
  now: number,
): Promise<{ items: ShownAuditRow[]; hasMore: boolean }> {
  const { offset, limit } = pageWindow(pageNum);
  return pageOf(await selectRows(db, viewer, query, now).offset(offset).limit(limit).execute());
}

/** Up to `max` rows of the same query, for an export; `truncated` when more matched. */
export async function auditRows(
  db: Executor,
  viewer: AuditViewer,
  query: AuditQuery,
  max: number,
  now: number,
): Promise<{ items: ShownAuditRow[]; truncated: boolean }> {
  const rows = await selectRows(db, viewer, query, now)
    .limit(max + 1)
    .execute();
  return { items: rows.slice(0, max), truncated: rows.length > max };
}

/** Removes rows past the retention period; the only delete of the table. */
export async function pruneAudit(db: Executor, now: number): Promise<number> {
  const result = await db
    .deleteFrom('audit_log')
    .where('at', '<', now - AUDIT_RETENTION_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The details as stored, read back (an empty object when none). */
export function auditDetails(row: Pick<AuditLogRow, 'details'>): Record<string, unknown> {
  if (!row.details) return {};
  try {
    return JSON.parse(row.details) as Record<string, unknown>;
  } catch {
    return {};
  }
}
