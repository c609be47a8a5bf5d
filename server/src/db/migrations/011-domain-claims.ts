import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, zero } from '../columns';

/**
 * A host is held only by a verified domain: unverified claims of one host may coexist, each with its
 * own token, so a claim without the DNS record blocks nobody. The unique rule on `host` becomes a
 * unique index on verified hosts, and each claim keeps when it was made (it expires unverified).
 */
export function domainClaims(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('domains').addColumn('claimed_at', bigint(dialect), zero).execute();
      await sql`update domains set claimed_at = created_at where verified = 0`.execute(db);
      if (dialect === 'postgres') {
        await sql`alter table domains drop constraint domains_host_key`.execute(db);
      } else {
        await dropSqliteHostUnique(db);
      }
      await sql`create unique index domains_live_host on domains (host) where verified = 1`.execute(db);
      await db.schema.createIndex('domains_host').on('domains').column('host').execute();
    },
  };
}

/**
 * SQLite cannot drop a column's UNIQUE: the table is made again from its own definition without it
 * (whatever columns later migrations added), its rows, indexes and id sequence kept.
 */
async function dropSqliteHostUnique(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'domains'`.execute(db);
  const definition = table.rows[0]?.sql ?? '';
  const withoutUnique = definition.replace(/("host" text not null) unique/i, '$1');
  const renamed = withoutUnique.replace(/^create table "domains"/i, 'create table "domains_rebuilt"');
  if (withoutUnique === definition || renamed === withoutUnique) {
    throw new Error(`unexpected definition of the domains table: ${definition}`);
  }
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'domains' and sql is not null`.execute(db);
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'domains'`.execute(db);
  await sql.raw(renamed).execute(db);
  await sql`insert into domains_rebuilt select * from domains`.execute(db);
  await sql`drop table domains`.execute(db);
  await sql`alter table domains_rebuilt rename to domains`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
  const seq = sequence.rows[0]?.seq;
  if (seq !== undefined)
    await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'domains'`.execute(db);
}
