// Statements marked `prepared` (db/prepared-statements.ts): PostgreSQL keeps each prepared on its
// connection, once, and answers them as any other; SQLite reads the mark as a comment.
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { prepared } from '../../server/src/db/prepared-statements';

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

describe('prepared statements', () => {
  it('answer with their own values every time, and PostgreSQL prepares each text once a connection', async () => {
    gw = await makeTestApp();
    const postgres = gw.ctx.db.dialectName === 'postgres';
    await gw.ctx.db.connection().execute(async (db) => {
      const twice = (n: number) => prepared(sql<{ n: number }>`select cast(${n} as integer) * 2 as n`).execute(db);
      for (let n = 1; n <= 8; n += 1) expect((await twice(n)).rows).toEqual([{ n: n * 2 }]);
      // The same text with other values, and an unmarked statement, alongside.
      expect((await sql<{ n: number }>`select cast(${5} as integer) * 3 as n`.execute(db)).rows).toEqual([{ n: 15 }]);
      if (!postgres) return;
      const { rows } = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements where statement like '%* 2 as n'`.execute(db);
      expect(rows.map((r) => r.statement)).toEqual(['/* prepared */ select cast($1 as integer) * 2 as n']);
    });
  });

  it('keep a refused statement refused, and the connection usable', async () => {
    gw = await makeTestApp();
    await gw.ctx.db.connection().execute(async (db) => {
      const divide = (n: number) => prepared(sql<{ n: number }>`select 10 / cast(${n} as integer) as n`).execute(db);
      expect((await divide(2)).rows).toEqual([{ n: 5 }]);
      if (gw!.ctx.db.dialectName === 'postgres') await expect(divide(0)).rejects.toThrow(/division by zero/);
      expect((await divide(5)).rows).toEqual([{ n: 2 }]);
    });
  });
});
