import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../server/src/db/database';
import { TURN_BUDGET_MS } from '../../server/src/db/sqlite-turns';

/** Holds the event loop, as a long transaction on SQLite does. */
const hold = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

/**
 * A fresh SQLite database, from the start of a fresh turn, and what happened in order: a timer set
 * now writes 'timer' when it runs.
 */
async function freshTurn() {
  db = openDatabase({ sqliteFile: ':memory:' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const order: string[] = [];
  setTimeout(() => order.push('timer'), 0);
  return { db, order };
}

describe('SQLite work and the turns of the event loop', () => {
  it('a turn that ran past its budget lets timers run before it starts another transaction', async () => {
    const { db, order } = await freshTurn();
    const unit = (name: string) =>
      db.transaction().execute(async (trx) => {
        order.push(name);
        await sql`select 1`.execute(trx);
        hold(TURN_BUDGET_MS + 5);
      });
    // Queued in one turn: without the budget all three ran before the timer.
    await Promise.all([unit('a'), unit('b'), unit('c')]);
    expect(order.indexOf('timer')).toBeGreaterThan(order.indexOf('a'));
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('b'));
    expect(order.filter((o) => o !== 'timer')).toEqual(['a', 'b', 'c']);
  });

  it('the statements inside a transaction never wait: it stays one unit however long it runs', async () => {
    const { db, order } = await freshTurn();
    await db.transaction().execute(async (trx) => {
      for (const k of [1, 2, 3]) {
        await sql`select ${k}`.execute(trx);
        order.push(`statement ${k}`);
        hold(TURN_BUDGET_MS + 5);
      }
    });
    order.push('committed');
    expect(order).toEqual(['statement 1', 'statement 2', 'statement 3', 'committed']);
  });
});
