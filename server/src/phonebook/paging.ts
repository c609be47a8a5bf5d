import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';

/** API.md lists: 20 items a page, pageNum from 1. */
export const PAGE_SIZE = 20;

export const pageNumField = z.coerce.number().int().min(1).catch(1).default(1);
export const searchField = z.string().max(200).catch('').default('');

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
