// Lists of rows sent to the database in one statement (db/queries.ts typedValues, rowsById and
// rowsToInsert): every value reads back as it was given, each row updated gets its own values, a
// list of any length is one parameter on PostgreSQL, and rows inserted keep every other column's
// default. On SQLite and PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { byId, joinById, rowsById, rowsToInsert, typedValues } from '../../server/src/db/queries';
import { PART } from '../../server/src/db/schema-carrier';
import { MAX_ID } from '../../src/domain/constants';

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

const TEXTS = [
  '',
  "it's",
  'a "quoted" \\ backslash',
  'Akwaaba 👋🏾 ɛ ɔ',
  'tab\tnew\nline',
  '[1,2]',
  '{"a":1}',
  'null',
  ' leading and trailing ',
];

describe('typedValues', () => {
  it('reads back every text and number as given, in order, a null as null', async () => {
    gw = await makeTestApp();
    const rows = [
      ...TEXTS.map((text, i) => ({ n: i, text })),
      { n: MAX_ID, text: 'the largest id' },
      { n: 0, text: null },
      { n: null, text: 'no number' },
    ];
    const list = typedValues(gw.ctx.db.dialectName, rows, { n: 'bigint', text: 'text' });
    const { rows: back } = await sql<{
      column1: unknown;
      column2: unknown;
    }>`select column1, column2 from ${list} as v`.execute(gw.ctx.db);
    expect(back.map((r) => ({ n: r.column1 === null ? null : Number(r.column1), text: r.column2 }))).toEqual(rows);
  });

  it('takes a lone surrogate as U+FFFD, as any other text parameter', async () => {
    gw = await makeTestApp();
    const list = typedValues(gw.ctx.db.dialectName, [{ text: 'a\uD800b' }, { text: '\uDC00' }], { text: 'text' });
    const { rows } = await sql<{ column1: string }>`select column1 from ${list} as v`.execute(gw.ctx.db);
    expect(rows.map((r) => r.column1)).toEqual(['a\uFFFDb', '\uFFFD']);
  });

  it('is one parameter however many rows it holds on PostgreSQL, a VALUES list on SQLite', async () => {
    gw = await makeTestApp();
    const rows = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, state: 'DELIVRD', error: '000' }));
    const list = typedValues(gw.ctx.db.dialectName, rows, { id: 'bigint', state: 'text', error: 'text' });
    const compiled = sql`select count(*) as n from ${list} as v`.compile(gw.ctx.db);
    expect(compiled.parameters).toHaveLength(gw.ctx.db.dialectName === 'postgres' ? 1 : 1500);
    const { rows: count } = await sql<{ n: unknown }>`select count(*) as n from ${list} as v`.execute(gw.ctx.db);
    expect(Number(count[0]!.n)).toBe(500);
  });
});

/** `n` parts accepted by the carrier, waiting for their receipts. */
const acceptedParts = (db: TestGateway['ctx']['db'], n: number) =>
  db
    .insertInto('carrier_parts')
    .values(
      Array.from({ length: n }, (_, i) => ({
        recipient_id: i + 1,
        seq: 1,
        total: 1,
        connector: 'sim',
        state: PART.accepted,
        to_number: '233241000000',
        updated_at: 1,
      })),
    )
    .returning('id')
    .execute();

describe('rowsById', () => {
  it('gives each row updated its own values, and only the rows listed', async () => {
    gw = await makeTestApp();
    const db = gw.ctx.db;
    const parts = await acceptedParts(db, 600);
    const chosen = parts.filter((_, i) => i % 3 !== 0);
    const values = chosen.map((p, i) => [p.id, { error: TEXTS[i % TEXTS.length]!, done_at: 1_000 + i }] as const);
    await db
      .updateTable('carrier_parts')
      .from(rowsById(db.dialectName, values, { error: 'text', done_at: 'bigint' }))
      .set({ error: byId<string>('error'), done_at: byId<number>('done_at') })
      .where(
        joinById(
          'carrier_parts',
          chosen.map((p) => p.id),
        ),
      )
      .execute();
    const after = new Map(
      (await db.selectFrom('carrier_parts').select(['id', 'error', 'done_at']).execute()).map((p) => [p.id, p]),
    );
    values.forEach(([id, v]) => expect(after.get(id)).toEqual({ id, error: v.error, done_at: v.done_at }));
    parts
      .filter((_, i) => i % 3 === 0)
      .forEach(({ id }) => expect(after.get(id)).toEqual({ id, error: '', done_at: null }));
  });
});

describe('lists padded for SQLite', () => {
  it('gives an update by id a handful of texts for any number of rows, and still only the rows listed', async () => {
    gw = await makeTestApp();
    const db = gw.ctx.db;
    const parts = await acceptedParts(db, 40);
    const texts = new Set<string>();
    for (let n = 1; n <= 40; n += 1) {
      const chosen = parts.slice(0, n);
      const update = db
        .updateTable('carrier_parts')
        .from(
          rowsById(
            db.dialectName,
            chosen.map((p) => [p.id, { done_at: n }] as const),
            { done_at: 'bigint' },
          ),
        )
        .set({ done_at: byId<number>('done_at') })
        .where(
          joinById(
            'carrier_parts',
            chosen.map((p) => p.id),
          ),
        );
      texts.add(update.compile().sql);
      await update.execute();
      const done = await db
        .selectFrom('carrier_parts')
        .select(['id', 'done_at'])
        .where(
          'id',
          'in',
          parts.map((p) => p.id),
        )
        .orderBy('id')
        .execute();
      // Each row listed has its value; the rows past them were never listed, so never changed.
      expect(done.map((p) => p.done_at)).toEqual(parts.map((_, i) => (i < n ? n : null)));
    }
    // 1, 2, 4, 8, 16, 32 and 64 rows: seven texts for forty lengths (SQLite prepares each text once).
    if (db.dialectName === 'sqlite') expect(texts.size).toBe(7);
  });
});

describe('rowsToInsert', () => {
  it('inserts every row with its values, the columns left out at their defaults, a conflict skipped', async () => {
    gw = await makeTestApp();
    const db = gw.ctx.db;
    const rows = TEXTS.map((text, i) => ({
      part_id: i + 1,
      carrier_id: `c-${i}`,
      to_number: text,
      number: `n${i}`,
      due_at: i,
    }));
    const insert = (list: typeof rows) => {
      const { columns, source } = rowsToInsert(db.dialectName, list, {
        part_id: 'bigint',
        carrier_id: 'text',
        to_number: 'text',
        number: 'text',
        due_at: 'bigint',
      });
      return db
        .insertInto('carrier_sim_reports')
        .columns(columns)
        .expression(source)
        .onConflict((oc) => oc.column('part_id').doNothing())
        .returning('part_id')
        .execute();
    };
    expect(await insert(rows)).toHaveLength(TEXTS.length);
    // The same parts again, and one new: only the new one is stored.
    const again = await insert([...rows, { ...rows[0]!, part_id: 100 }]);
    expect(again.map((r) => r.part_id)).toEqual([100]);
    const stored = await db.selectFrom('carrier_sim_reports').selectAll().orderBy('part_id').execute();
    expect(
      stored.slice(0, TEXTS.length).map((r) => [r.part_id, r.carrier_id, r.to_number, r.number, Number(r.due_at)]),
    ).toEqual(rows.map((r) => [r.part_id, r.carrier_id, r.to_number, r.number, r.due_at]));

    const { columns, source } = rowsToInsert(
      db.dialectName,
      [
        {
          recipient_id: 999_999,
          seq: 1,
          total: 1,
          connector: 'sim',
          to_number: '233241000000',
          carrier_id: null,
          updated_at: 5,
        },
      ],
      {
        recipient_id: 'bigint',
        seq: 'bigint',
        total: 'bigint',
        connector: 'text',
        to_number: 'text',
        carrier_id: 'text',
        updated_at: 'bigint',
      },
    );
    await db.insertInto('carrier_parts').columns(columns).expression(source).execute();
    const part = await db
      .selectFrom('carrier_parts')
      .selectAll()
      .where('recipient_id', '=', 999_999)
      .executeTakeFirstOrThrow();
    expect(part).toMatchObject({
      recipient_id: 999_999,
      state: PART.claimed,
      owner: null,
      number: '',
      sender: '',
      text: null,
      error: '',
    });
  });
});
