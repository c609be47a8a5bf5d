import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type pg from 'pg';

/** The comment a statement starts with when PostgreSQL is to keep it prepared. */
const MARK = '/* prepared */ ';
/** Statement texts given a name; any beyond are sent unprepared (a text that varied would grow this). */
const NAMES_KEPT = 100;

/**
 * A statement PostgreSQL keeps prepared on each connection: parsed and planned once, then only bound
 * and run. Only for a statement whose text never changes (its lists travel as one JSON parameter)
 * and whose plan depends neither on its values nor on the size of the tables it reads: after a few
 * runs PostgreSQL keeps one generic plan until the tables are analyzed again, so a lookup prepared
 * while its table was small keeps reading the whole table as it grows. (Keeping the carrier's and
 * the receipts' lookups prepared did exactly that in a send from an empty database: the lookups of
 * parts by id and by recipient read carrier_parts whole until its next ANALYZE.) SQLite reads the
 * mark as a comment (its statements are kept by text anyway: sqlite-statements.ts).
 */
export const prepared = <T>(statement: RawBuilder<T>) => sql<T>`${sql.raw(MARK)}${statement}`;

const names = new Map<string, string>();

function nameOf(text: string): string | null {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= NAMES_KEPT) return null;
  const name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  names.set(text, name);
  return name;
}

type Query = (...args: unknown[]) => unknown;

/** Each connection of the pool sends the statements marked by `prepared` as named ones. */
export function prepareMarked(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const marked: Query = (...args) => {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && text.startsWith(MARK) && Array.isArray(values)) {
        const name = nameOf(text);
        if (name !== null) return query({ name, text, values });
      }
      return query(...args);
    };
    client.query = marked as typeof client.query;
  });
}
