import type { CompiledQuery, Insertable } from 'kysely';
import type { Executor } from '../db/database';
import { sameParameters } from '../db/queries';
import type { LinkClicksTable } from '../db/schema-links';

// Clicks are written together (a group commit): a click that comes while an insert is under way waits
// for it, then goes into the next insert with every click that came meanwhile. Each request still
// answers only once its own click is stored, but 200 clicks at once cost a few inserts, not 200
// (docs/architecture.md#short-links).

/** The most clicks one insert carries (well under each database's limit on a statement's parameters). */
const MOST_IN_ONE_INSERT = 500;

type Waiting = { row: Insertable<LinkClicksTable>; settle: (error?: unknown) => void };

/** A click's values in the order its insert takes them. */
const CLICK_COLUMNS = [
  'code',
  'profile_id',
  'message_id',
  'recipient_id',
  'recipient_index',
  'network',
  'device',
  'at',
] as const satisfies readonly (keyof Insertable<LinkClicksTable>)[];

const writers = new WeakMap<Executor, (row: Insertable<LinkClicksTable>) => Promise<void>>();

/** Stores one click, together with the others that come while an insert is under way. */
export function recordClick(db: Executor, row: Insertable<LinkClicksTable>): Promise<void> {
  let write = writers.get(db);
  if (!write) {
    write = clickWriter(db);
    writers.set(db, write);
  }
  return write(row);
}

function clickWriter(db: Executor) {
  let waiting: Waiting[] = [];
  let writing = false;
  // Each number of clicks an insert carries has one statement text: it is built once and kept, then
  // given each batch's values (building a 200-row insert anew cost a busy redirect about 5% of its time).
  const insertsBySize = new Map<number, CompiledQuery>();

  function insertOf(batch: readonly Waiting[]): CompiledQuery {
    const values: unknown[] = [];
    for (const { row } of batch) for (const column of CLICK_COLUMNS) values.push(row[column]);
    const kept = insertsBySize.get(batch.length);
    if (kept) return { ...kept, parameters: values };
    const built = db
      .insertInto('link_clicks')
      .values(batch.map((w) => w.row))
      .compile();
    if (sameParameters(built.parameters, values)) insertsBySize.set(batch.length, built);
    return built;
  }

  async function writeAll(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MOST_IN_ONE_INSERT);
      waiting = waiting.slice(batch.length);
      try {
        await db.executeQuery(insertOf(batch));
        for (const w of batch) w.settle();
      } catch (error) {
        for (const w of batch) w.settle(error);
      }
    }
    writing = false;
  }

  return (row: Insertable<LinkClicksTable>) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ row, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!writing) void writeAll();
    });
}
