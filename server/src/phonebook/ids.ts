import { z } from 'zod';

/** A list of row ids as the PWA sends them (numbers, numeric strings, or `{ id }` objects). */
export const idList = z
  .array(
    z.union([
      z.coerce.number().int().positive(),
      z.object({ id: z.coerce.number().int().positive() }).transform((o) => o.id),
    ]),
  )
  .max(100_000)
  .transform((ids) => [...new Set(ids)]);

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
