import type { Executor } from '../db/database';
import { chunks } from '../db/queries';
import { auditDetails, type ShownAuditRow } from './audit-log';

// The team members a row's details name (docs/product.md#who-did-what): stored by id (`member`: whom an action
// was about, `by`: the member who did it), shown by the name the team knows them by when the log is read; an id
// no longer found in the row's account stays a number.

const MEMBER_KEYS = ['member', 'by'] as const;

const memberKey = (profileId: number, id: number) => `${profileId}:${id}`;

/** The member ids the rows' details name, with their account. */
function namedIds(rows: readonly ShownAuditRow[]): { profileId: number; id: number }[] {
  const found = new Map<string, { profileId: number; id: number }>();
  for (const row of rows) {
    const details = auditDetails(row);
    for (const key of MEMBER_KEYS) {
      const id = details[key];
      if (typeof id === 'number') found.set(memberKey(row.profile_id, id), { profileId: row.profile_id, id });
    }
  }
  return [...found.values()];
}

/** The rows with each member id of their details replaced by the member's name. */
export async function withMemberNames(db: Executor, rows: ShownAuditRow[]): Promise<ShownAuditRow[]> {
  const wanted = namedIds(rows);
  if (wanted.length === 0) return rows;
  const names = new Map<string, string>();
  for (const ids of chunks([...new Set(wanted.map((w) => w.id))])) {
    const members = await db
      .selectFrom('members')
      .select(['id', 'profile_id', 'name'])
      .where('id', 'in', ids)
      .execute();
    for (const m of members) names.set(memberKey(m.profile_id, m.id), m.name);
  }
  return rows.map((row) => {
    const details = auditDetails(row);
    let named = false;
    for (const key of MEMBER_KEYS) {
      const name = typeof details[key] === 'number' ? names.get(memberKey(row.profile_id, details[key])) : undefined;
      if (name === undefined) continue;
      details[key] = name;
      named = true;
    }
    return named ? { ...row, details: JSON.stringify(details) } : row;
  });
}
