// The partial indexes of migrations/024-lean-indexes.ts still serve the queries that read them, on
// both databases: each query below has the conditions of the code that reads the index (named).
import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Compilable } from 'kysely';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import type { Executor } from '../../server/src/db/database';
import { PART } from '../../server/src/db/schema-carrier';
import { STAGE } from '../../server/src/db/schema-messaging';
import { deliveredQuery } from '../../server/src/smpp-server/receipt-claims';
import { orphanedClicksTaken } from '../../server/src/links/prune';

let gw: TestGateway | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

/**
 * The plan of a query. On PostgreSQL sequential scans are priced out, so an empty table shows which
 * index the query can use at all, not which is cheapest today.
 */
async function planOf(t: TestGateway, query: Compilable) {
  const compiled = query.compile();
  const sqlite = t.ctx.db.dialectName === 'sqlite';
  const explain = (db: Executor) =>
    db.executeQuery<Record<string, unknown>>({
      ...compiled,
      sql: `explain ${sqlite ? 'query plan ' : ''}${compiled.sql}`,
    });
  const { rows } = sqlite
    ? await explain(t.ctx.db)
    : await t.ctx.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return explain(trx);
      });
  return rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n');
}

describe('lean indexes', () => {
  it('the indexes rebuilt hold only the rows their queries look for', async () => {
    gw = await makeTestApp({ demo: false });
    const pg = gw.ctx.db.dialectName === 'postgres';
    const definitions = pg
      ? (
          await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes`.execute(
            gw.ctx.db,
          )
        ).rows
      : (
          await sql<{
            name: string;
            def: string;
          }>`select name, sql as def from sqlite_master where type = 'index' and sql is not null`.execute(gw.ctx.db)
        ).rows;
    const where = (name: string) => definitions.find((d) => d.name === name)?.def.replace(/^.* WHERE /is, '') ?? '';
    expect(where('parts_carrier_id')).toMatch(/carrier_id is not null/i);
    expect(where('messages_parent')).toMatch(/parent_id is not null/i);
    expect(where('messages_due')).toMatch(/next_run_at is not null/i);
    expect(where('smpp_receipts_due')).toMatch(/state.*= 'pending'/i);
    expect(where('smpp_submits_held')).toMatch(/state.*= 'held'/i);
    if (pg) {
      expect(where('parts_state')).toMatch(/state <> 3/);
      expect(where('recipients_stage')).toMatch(/stage <> 2/);
    }
  });

  it('a receipt finds its part by carrier id through the index of parts that have one (carrier/parts/receipts.ts)', async () => {
    gw = await makeTestApp({ demo: false });
    const query = gw.ctx.db
      .selectFrom('carrier_parts')
      .select(['id', 'carrier_id'])
      .where('connector', '=', 'default')
      .where('carrier_id', 'in', ['4f2a', '4f2b']);
    expect(await planOf(gw, query)).toMatch(/parts_carrier_id/);
  });

  it("a number's short links are found by their recipients, and the prune reads them in that index's order (links/person-links.ts, links/prune.ts)", async () => {
    gw = await makeTestApp({ demo: false });
    const { db } = gw.ctx;
    const erased = db
      .deleteFrom('short_links')
      .where('recipient_id', 'in', [11, 12])
      .where('profile_id', '=', 7)
      .returning(['code', 'url_id']);
    expect(await planOf(gw, erased)).toMatch(/short_links_recipient/);
    const step = db
      .selectFrom('short_links')
      .select(['code', 'recipient_id', 'created_at'])
      .where('recipient_id', '>=', 0)
      .orderBy('recipient_id')
      .limit(5000);
    expect(await planOf(gw, step)).toMatch(/short_links_recipient/);
    const clicks = db
      .deleteFrom('link_clicks')
      .where('message_id', '=', 3)
      .where('recipient_index', 'in', [0, 4])
      .where('profile_id', '=', 7);
    expect(await planOf(gw, clicks)).toMatch(/link_clicks_recipient/);
    // Clicks outlive their links: the prune reads only the untaken ones for those whose link is gone.
    expect(await planOf(gw, orphanedClicksTaken(db, Date.now()))).toMatch(/link_clicks_unhooked/);
  });

  it('due registrations are read through the index of messages with a next run (messaging/registrations.ts)', async () => {
    gw = await makeTestApp({ demo: false });
    const query = gw.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('state', '=', 'active')
      .where('next_run_at', '<=', Date.now())
      .orderBy('next_run_at')
      .orderBy('id')
      .limit(10);
    expect(await planOf(gw, query)).toMatch(/messages_due/);
  });

  it("a bind's receipts are claimed through the index of pending receipts (smpp-server/receipt-claims.ts)", async () => {
    gw = await makeTestApp({ demo: false });
    const query = gw.ctx.db
      .selectFrom('smpp_receipts')
      .select('id')
      .where('profile_id', '=', 7)
      .where('state', '=', sql.lit<'pending'>('pending'))
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', Date.now())]))
      .orderBy('id')
      .limit(50);
    expect(await planOf(gw, query)).toMatch(/smpp_receipts_due/);
  });

  it("a customer's answers end their receipts by id, never by reading every pending receipt (smpp-server/receipt-claims.ts)", async () => {
    gw = await makeTestApp({ demo: false });
    const { db } = gw.ctx;
    const receipt = (k: number, state: 'pending' | 'delivered') => ({
      profile_id: 7,
      submit_id: k,
      source: '233241000001',
      destination: 'DEMO',
      stat: 'DELIVRD',
      err: '000',
      submitted_at: 0,
      done_at: 0,
      state,
      created_at: 0,
    });
    const insert = async (from: number, state: 'pending' | 'delivered') => {
      for (let k = from; k < from + 3000; k += 500)
        await db
          .insertInto('smpp_receipts')
          .values(Array.from({ length: 500 }, (_, i) => receipt(k + i, state)))
          .execute();
    };
    // The statistics are taken while nothing is pending, as before a burst of sends.
    await insert(1, 'delivered');
    await sql`analyze smpp_receipts`.execute(db);
    await insert(3001, 'pending');
    const pending = await db
      .selectFrom('smpp_receipts')
      .select('id')
      .where('state', '=', 'pending')
      .limit(50)
      .execute();
    const plan = await planOf(
      gw,
      deliveredQuery(
        db,
        pending.map((r) => r.id),
        Date.now(),
      ),
    );
    expect(plan).not.toMatch(/smpp_receipts_due/);
    if (db.dialectName === 'postgres') expect(plan).toMatch(/smpp_receipts_pkey/);
  });

  it("a long message's held parts are found through the index of held parts (smpp-server/held-groups.ts)", async () => {
    gw = await makeTestApp({ demo: false });
    const query = gw.ctx.db
      .selectFrom('smpp_submits')
      .selectAll()
      .where('profile_id', '=', 7)
      .where('group_key', '=', 'DEMO|233241000001|12|3')
      .where('state', '=', 'held');
    expect(await planOf(gw, query)).toMatch(/smpp_submits_held/);
  });

  it('the stored answers of Idempotency-Keys are pruned through the index of their times (messaging/idempotency.ts)', async () => {
    gw = await makeTestApp({ demo: false });
    // The scheduler prunes them every tick (scheduler/scheduler.ts): migrations/030-one-idempotency-store.ts.
    const prune = gw.ctx.db
      .deleteFrom('idempotent_answers')
      .where('created_at', '<', Date.now() - 30 * 24 * 3600 * 1000);
    expect(await planOf(gw, prune)).toMatch(/idempotent_answers_age/);
  });

  it('PostgreSQL keeps that plan for the prepared claim: its state is a literal, which a generic plan can prove', async () => {
    gw = await makeTestApp({ demo: false });
    if (gw.ctx.db.dialectName !== 'postgres') return;
    /** The plan PostgreSQL keeps for a prepared statement whatever its values (a generic plan). */
    const genericPlan = (parameters: string, where: string, values: string) =>
      gw!.ctx.db.connection().execute(async (conn) => {
        await sql`set plan_cache_mode = force_generic_plan`.execute(conn);
        await sql`set enable_seqscan = off`.execute(conn);
        await sql
          .raw(`prepare due (${parameters}) as select id from smpp_receipts where ${where} order by id limit 50`)
          .execute(conn);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain execute due ${sql.raw(`(${values})`)}`.execute(
          conn,
        );
        await sql`deallocate due`.execute(conn);
        await sql`reset plan_cache_mode`.execute(conn);
        await sql`reset enable_seqscan`.execute(conn);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const claim = await genericPlan(
      'bigint, bigint',
      `profile_id = $1 and state = 'pending' and (claimed_until is null or claimed_until < $2)`,
      '7, 0',
    );
    expect(claim).toMatch(/smpp_receipts_due/);
    // A parameter in its place: the generic plan cannot know the value, so it cannot use the index.
    expect(await genericPlan('bigint, text', 'profile_id = $1 and state = $2', `7, 'pending'`)).not.toMatch(
      /smpp_receipts_due/,
    );
  });

  it('PostgreSQL: loose parts, the carrier health and the recipients to send read the indexes without final rows', async () => {
    gw = await makeTestApp({ demo: false });
    if (gw.ctx.db.dialectName !== 'postgres') return;
    const { db } = gw.ctx;
    // carrier/parts/part-claims.ts claimLooseParts
    const loose = db
      .selectFrom('carrier_parts')
      .select('id')
      .where('state', '=', PART.claimed)
      .where('owner', 'is', null)
      .orderBy('id')
      .limit(50);
    expect(await planOf(gw, loose)).toMatch(/parts_state/);
    // carrier/instances.ts: parts in doubt
    const inDoubt = db.selectFrom('carrier_parts').select('id').where('state', '=', PART.inDoubt);
    expect(await planOf(gw, inDoubt)).toMatch(/parts_state/);
    // carrier/carrier-health.ts
    const health = db
      .selectFrom('carrier_parts')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', '<>', PART.final)
      .groupBy('state');
    expect(await planOf(gw, health)).toMatch(/parts_state/);
    // messaging/carrier-ledger.ts claimQueued
    const queued = db
      .selectFrom('message_recipients')
      .select('id')
      .where('stage', '=', STAGE.queued)
      .orderBy('id')
      .limit(250);
    expect(await planOf(gw, queued)).toMatch(/recipients_stage/);
  });
});
