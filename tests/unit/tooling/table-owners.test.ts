import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root, ruleIds } from './lint-text';
import { READERS, TABLE_OWNERS, WRITERS } from '../../../eslint/table-owners.js';

const RULE = 'tables/table-owner';
const query = (body: string) => `import { sql } from 'kysely';\nexport const y = (db: any) => ${body};\n`;

describe('each table is written by its owning area only (server/src/README.md "Tables")', () => {
  it.each([
    ['server/src/carrier/x.ts', 'the carrier writes a message', query("db.updateTable('messages').set({ sent: 1 })")],
    [
      'server/src/carrier/x.ts',
      'the carrier reads recipients',
      query("db.selectFrom('message_recipients as r').selectAll()"),
    ],
    [
      'server/src/scheduler/x.ts',
      'the scheduler inserts recipients',
      query("db.insertInto('message_recipients').values({})"),
    ],
    [
      'server/src/sending/x.ts',
      'sending joins recipients',
      query("db.selectFrom('users').innerJoin('messages', 'a', 'b')"),
    ],
    ['server/src/scheduler/x.ts', 'raw SQL updates a message', query('sql`update messages set state = ${"done"}`')],
    ['server/src/sending/x.ts', 'raw SQL deletes events', query("sql.raw('delete from recipient_events')")],
    ['server/src/seed/x.ts', 'the seed writes a message', query("db.insertInto('messages').values({})")],
    ['server/src/tenancy/x.ts', 'a listed reader still may not write', query("db.updateTable('users').set({})")],
    ['server/src/money/x.ts', 'a listed writer is one file', query("db.updateTable('users').set({})")],
    [
      'server/src/accounts/x.ts',
      "the owner of users sets a balance: only money's do, with a ledger row",
      query("db.updateTable('users').set({ creditbalance: 5 })"),
    ],
    [
      'server/src/accounts/x.ts',
      'a new account born with a balance',
      query("db.insertInto('users').values({ username: 'a', creditbalance: 10 })"),
    ],
    ['server/src/seed/x.ts', 'the seed gives a balance', query("db.updateTable('users').set({ creditbalance: 5 })")],
    [
      'server/src/payments/x.ts',
      'raw SQL changes a balance',
      query('sql`update users set creditexpires = 0, creditbalance = creditbalance + 1`'),
    ],
    [
      'server/src/payments/x.ts',
      'another area appends to the ledger',
      query("db.insertInto('credit_ledger').values({})"),
    ],
  ])('%s: refused, %s', async (path, _why, code) => {
    expect(await ruleIds(path, code)).toContain(RULE);
  });

  it.each([
    ['server/src/messaging/x.ts', query("db.updateTable('messages').set({ sent: 1 })")],
    ['server/src/messaging/x.ts', query('sql`insert into recipient_events select * from message_recipients`')],
    ['server/src/tenancy/x.ts', query("db.selectFrom('users').selectAll()")],
    ['server/src/money/balance.ts', query("db.updateTable('users').set({ creditbalance: 5 })")],
    ['server/src/money/balance.ts', query('sql`update users set creditbalance = creditbalance - ${1}`')],
    ['server/src/money/ledger.ts', query("db.insertInto('credit_ledger').values({})")],
    ['server/src/accounts/x.ts', query("db.updateTable('users').set({ creditexpires: 5 })")],
    ['server/src/money/ledger.ts', query("db.selectFrom('credit_ledger').selectAll()")],
    ['server/src/carrier/dispatcher.ts', query('sql`analyze carrier_parts, message_recipients`')],
    ['server/src/db/migrations/x.ts', query("db.updateTable('messages').set({})")],
  ])('%s: allowed', async (path, code) => {
    expect(await ruleIds(path, code)).not.toContain(RULE);
  });

  it('gives every table of the schema one owner, an area of the gateway', () => {
    const dir = join(root, 'server/src/db');
    const tables = readdirSync(dir)
      .filter((f) => f.startsWith('schema-'))
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/^ {2}([a-z_]+): [A-Za-z]+Table;$/gm)])
      .map((m) => m[1]);
    expect(new Set(tables).size).toBeGreaterThan(15);
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...new Set(tables)].sort());
    const areas = readdirSync(join(root, 'server/src'), { withFileTypes: true }).filter((d) => d.isDirectory());
    for (const owner of Object.values(TABLE_OWNERS)) expect(areas.map((d) => d.name)).toContain(owner);
    for (const table of [...Object.keys(READERS), ...Object.keys(WRITERS)]) expect(TABLE_OWNERS).toHaveProperty(table);
  });

  it('is the table server/src/README.md gives', () => {
    const readme = readFileSync(join(root, 'server/src/README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z_]+)` \| `([a-z-]+)` \|/gm)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(rows)).toEqual(TABLE_OWNERS);
  });
});
