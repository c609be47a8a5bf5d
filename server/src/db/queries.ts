import { sql, type Expression, type SqlBool } from 'kysely';
import { MAX_ID } from '../../../src/domain/constants';

/** A value that can be a row id: a whole number from 1 to MAX_ID. */
export const isRowId = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_ID;

/** Lists: 20 items a page, pageNum from 1 (docs/api.md#calls-and-answers). */
export const PAGE_SIZE = 20;

export function pageWindow(pageNum: number, size = PAGE_SIZE) {
  // One extra row tells whether another page follows, without a count.
  return { offset: (pageNum - 1) * size, limit: size + 1 };
}

export function pageOf<T>(rows: T[], size = PAGE_SIZE): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, size), hasMore: rows.length > size };
}

/** `%search%` with LIKE's wildcards escaped, lower-cased (search is case-insensitive everywhere). */
export function likePattern(search: string): string {
  return `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(col) like pattern` over several columns, OR-ed; works alike on SQLite and PostgreSQL. */
export function anyColumnLike(columns: string[], search: string): Expression<SqlBool> {
  const pattern = likePattern(search);
  const tests = columns.map((c) => sql<SqlBool>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}

/** Splits long id lists so no statement passes the databases' bound-parameter limits. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A unique-index violation on either database (a name or reference taken by a concurrent request). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Sets one text column per id in one statement (CASE works on SQLite and PostgreSQL alike). */
export function caseById(pairs: readonly (readonly [number, string])[]) {
  return sql<string>`case id ${sql.join(
    pairs.map(([id, value]) => sql`when ${id} then ${value}`),
    sql` `,
  )} end`;
}

/** The same for a number column (epoch ms): cast, as PostgreSQL types CASE of parameters as text. */
export function caseNumberById(pairs: readonly (readonly [number, number])[]) {
  return sql<number>`cast(case id ${sql.join(
    pairs.map(([id, value]) => sql`when ${id} then ${value}`),
    sql` `,
  )} end as bigint)`;
}
