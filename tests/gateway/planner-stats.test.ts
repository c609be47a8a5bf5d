import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { analyzeAsItGrows, analyzeAtMostEvery } from '../../server/src/db/planner-stats';

let gw: TestGateway | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

/** PostgreSQL's row count of the table as its planner last learned it (-1: never analyzed). */
async function plannerRows(t: TestGateway, table: string) {
  const row = await sql<{ n: number }>`select reltuples::int as n from pg_class where relname = ${table}`.execute(
    t.ctx.db,
  );
  return row.rows[0]!.n;
}

const submitRow = (i: number) => ({
  profile_id: 1,
  state: 'accepted' as const,
  seq: 1,
  total: 1,
  source: 'DEMO',
  destination: `23324300${String(i).padStart(4, '0')}`,
  created_at: 0,
});

describe('planner statistics of a young table', () => {
  it('are taken when 1,000 rows were written since start, then at 2,000, 4,000 (PostgreSQL; SQLite needs none)', async () => {
    gw = await makeTestApp({ demo: false });
    const { db } = gw.ctx;
    if (db.dialectName !== 'postgres') {
      await analyzeAsItGrows(db, 'smpp_submits', 5_000);
      return;
    }
    expect(await plannerRows(gw, 'smpp_submits')).toBe(-1);
    await analyzeAsItGrows(db, 'smpp_submits', 999);
    expect(await plannerRows(gw, 'smpp_submits')).toBe(-1);
    await analyzeAsItGrows(db, 'smpp_submits', 1);
    expect(await plannerRows(gw, 'smpp_submits')).toBe(0);

    await db.insertInto('smpp_submits').values([1, 2, 3].map(submitRow)).execute();
    await analyzeAsItGrows(db, 'smpp_submits', 999);
    expect(await plannerRows(gw, 'smpp_submits')).toBe(0);
    await analyzeAsItGrows(db, 'smpp_submits', 1);
    expect(await plannerRows(gw, 'smpp_submits')).toBe(3);

    await db.insertInto('smpp_submits').values([4, 5].map(submitRow)).execute();
    await analyzeAsItGrows(db, 'smpp_submits', 1_999);
    expect(await plannerRows(gw, 'smpp_submits')).toBe(3);
    await analyzeAsItGrows(db, 'smpp_submits', 1);
    expect(await plannerRows(gw, 'smpp_submits')).toBe(5);
  });

  it('a look that fails is reported, never thrown: the send goes on without it', async () => {
    gw = await makeTestApp({ demo: false });
    const reported: string[] = [];
    await analyzeAsItGrows(gw.ctx.db, 'no_such_table', 1_000, (what) => reported.push(what));
    expect(reported).toEqual(gw.ctx.db.dialectName === 'postgres' ? ['planner statistics of no_such_table'] : []);
  });

  it('the tables of a long job are analyzed together, then not again within the interval (PostgreSQL)', async () => {
    gw = await makeTestApp({ demo: false });
    const { db } = gw.ctx;
    const tables = ['smpp_submits', 'smpp_receipts'];
    if (db.dialectName !== 'postgres') {
      await analyzeAtMostEvery(db, tables, 0);
      return;
    }
    await analyzeAtMostEvery(db, tables, 60_000);
    expect([await plannerRows(gw, 'smpp_submits'), await plannerRows(gw, 'smpp_receipts')]).toEqual([0, 0]);
    await db.insertInto('smpp_submits').values([1, 2].map(submitRow)).execute();
    await analyzeAtMostEvery(db, tables, 60_000);
    expect(await plannerRows(gw, 'smpp_submits')).toBe(0);
    // Another set of tables keeps its own time.
    await analyzeAtMostEvery(db, ['smpp_submits'], 60_000);
    expect(await plannerRows(gw, 'smpp_submits')).toBe(2);
    await db.insertInto('smpp_submits').values([3].map(submitRow)).execute();
    await analyzeAtMostEvery(db, tables, 0);
    expect(await plannerRows(gw, 'smpp_submits')).toBe(3);
  });
});
