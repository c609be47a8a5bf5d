import { RawNode, sql, ValueNode, type Expression, type OperationNode, type SqlBool } from 'kysely';
import { MAX_ID } from '../../../src/domain/constants';
import type { DialectName } from './database';

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
/**
 * Whether a compiled statement's parameters are these values, in this order: its text may then be kept
 * and given the values of another batch of the same size.
 */
export const sameParameters = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The SQL type a column of a typedValues list (and so of rowsById) holds. */
type ColumnType = 'text' | 'bigint';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A lone surrogate becomes one U+FFFD on both databases (JSON would escape it and PostgreSQL refuse
 * it; SQLite's driver made three of it).
 */
const wellFormed = (value: string | number | null) =>
  typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value;

/** An expression of a query node built here: Kysely's builders make and freeze several nodes a value. */
class NodeExpression<T> implements Expression<T> {
  constructor(private readonly node: OperationNode) {}
  get expressionType(): T | undefined {
    return undefined;
  }
  toOperationNode(): OperationNode {
    return this.node;
  }
}

/**
 * `values (...), (...)`: each row's values in the order of `columns`, each cast to its type when
 * `casts` are given. One node for the list and one a value: 500 rows of 11 columns take 1.2 ms to
 * build and compile, where a `sql` template a value and a row took 5 ms.
 */
function valuesList<C extends string>(
  rows: readonly Readonly<Record<C, string | number | null>>[],
  columns: readonly C[],
  casts?: Readonly<Record<C, ColumnType>>,
): Expression<never> {
  const before = columns.map((_, i) => (i === 0 ? '' : ', ') + (casts ? 'cast(' : ''));
  const after = columns.map((c) => (casts ? ` as ${casts[c]})` : ''));
  const fragments: string[] = [];
  const parameters: OperationNode[] = [];
  let pending = 'values ';
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r]!;
    pending += r === 0 ? '(' : '), (';
    for (let i = 0; i < columns.length; i += 1) {
      fragments.push(pending + before[i]);
      parameters.push(ValueNode.create(wellFormed(row[columns[i]!] ?? null)));
      pending = after[i]!;
    }
  }
  fragments.push(`${pending})`);
  return new NodeExpression(RawNode.create(fragments, parameters));
}

/**
 * The lengths lists are padded to (SQLite, and IN lists on both). SQLite keeps a prepared statement
 * for each text (sqlite-statements.ts), and a list of a parameter a value makes a text for each
 * length: a statement of the carrier's batches had up to 500 texts, each prepared at about 1 ms, and
 * more texts than the statements kept. Padded, it has at most ten.
 */
const PADDED_LENGTHS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];

/** How long a list of `n` items is once padded: the next of PADDED_LENGTHS (or `n` past them). */
export const paddedLength = (n: number) => PADDED_LENGTHS.find((length) => length >= n) ?? n;

/**
 * A list for `in (...)`, the last item repeated up to paddedLength: the same set, and one of a handful
 * of statement texts on SQLite for any number of items.
 */
export const padded = <T>(items: readonly T[]): readonly T[] =>
  items.length === 0
    ? items
    : [...items, ...Array<T>(paddedLength(items.length) - items.length).fill(items[items.length - 1]!)];

/**
 * Rows as a relation whose columns are column1, column2, ... in the order of `types`' keys, each
 * value cast to its column's SQL type. On PostgreSQL the rows travel as ONE JSON parameter
 * (jsonb_array_elements): as a VALUES list of a parameter a value, each value cost the gateway query
 * nodes to build and compile, and PostgreSQL a plan over every parameter. jsonb, not json: json's ->>
 * reads its element's text again for each column (11 columns: 10 µs a row, against 3). SQLite keeps
 * the VALUES list: joined to json_each, its planner read the whole list again for every row updated.
 * With `padded`, SQLite's list is padded to paddedLength with rows of nulls, which the statement
 * must leave out (a join on column1, or `where column1 is not null`).
 */
export function typedValues<C extends string>(
  dialect: DialectName,
  rows: readonly Readonly<Record<C, string | number | null>>[],
  types: Readonly<Record<C, ColumnType>>,
  { padded = false } = {},
) {
  const columns = Object.keys(types) as C[];
  if (dialect === 'sqlite') {
    const nulls = padded ? paddedLength(rows.length) - rows.length : 0;
    const empty = Object.fromEntries(columns.map((c) => [c, null])) as Record<C, null>;
    const all = nulls > 0 ? [...rows, ...Array<Record<C, null>>(nulls).fill(empty)] : rows;
    return sql`(${valuesList(all, columns, types)})`;
  }
  const json = JSON.stringify(rows.map((row) => columns.map((c) => wellFormed(row[c] ?? null))));
  const picked = columns.map((c, i) => `cast(r.value->>${i} as ${types[c]}) as column${i + 1}`);
  return sql`(select ${sql.raw(picked.join(', '))} from jsonb_array_elements(${json}::jsonb) as r)`;
}

/**
 * Rows to insert, for `insertInto(table).columns(columns).expression(source)`: on PostgreSQL a SELECT
 * of typedValues (one JSON parameter), on SQLite the plain VALUES list of an INSERT (a SELECT of a
 * VALUES list cost it more than the list itself).
 */
export function rowsToInsert<C extends string>(
  dialect: DialectName,
  rows: readonly Readonly<Record<C, string | number | null>>[],
  types: Readonly<Record<C, ColumnType>>,
) {
  const columns = Object.keys(types) as C[];
  if (dialect === 'sqlite') return { columns, source: valuesList(rows, columns) };
  const names = columns.map((c, i) => sql`${sql.raw(`column${i + 1}`)} as ${sql.ref(c)}`);
  return { columns, source: sql<never>`select ${sql.join(names)} from ${typedValues(dialect, rows, types)} as v` };
}

/**
 * Rows of values by id, as the relation `by_id` for an UPDATE ... FROM that gives each row its own
 * values in one statement: `by_id.id_key` is the id, `by_id.v_<column>` each value (`byId`). Joined
 * by id, its cost grows with the rows, where a CASE over the ids grows with their square.
 */
export function rowsById<C extends string>(
  dialect: DialectName,
  rows: readonly (readonly [number, Readonly<Record<C, string | number>>])[],
  types: Readonly<Record<C, ColumnType>>,
) {
  const columns = Object.keys(types) as C[];
  const values = typedValues(
    dialect,
    rows.map(([id, row]) => ({ ...row, id_key: id })),
    { id_key: 'bigint', ...types } as Record<C | 'id_key', ColumnType>,
    // A row of nulls joins no row (joinById).
    { padded: true },
  );
  const names = [
    sql`column1 as id_key`,
    ...columns.map((c, i) => sql`${sql.raw(`column${i + 2}`)} as ${sql.ref(`v_${c}`)}`),
  ];
  return sql`(select ${sql.join(names)} from ${values} as pairs)`.as('by_id');
}

/** A value of rowsById's row for the row being updated. */
export const byId = <T>(column: string) => sql<T>`${sql.ref(`by_id.v_${column}`)}`;

/**
 * The join of rowsById to the table updated, and its ids listed again (padded: paddedLength): the
 * planner then reads the table by its key whatever it guesses of the rows (on PostgreSQL a JSON
 * parameter's are a guess).
 */
export const joinById = (table: string, ids: readonly number[]) => {
  const id = sql.ref(`${table}.id`);
  return sql<SqlBool>`${id} = by_id.id_key and ${id} in (${sql.join(padded(ids))})`;
};
