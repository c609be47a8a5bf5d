import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { daySql, networkSql } from '../report-columns';

/**
 * An erased recipient counts under no network (docs/compliance.md#a-persons-data): the counters now
 * key it 'erased' (report-columns.ts networkSql). Erasures made before kept it under its network, so
 * the counters of every message and day holding a masked recipient are counted again from the rows.
 */
export function erasedCounters(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const network = networkSql(sql.ref('r.number'));
      const day = daySql(sql.ref('r.queued_at'));
      await sql`create table erased_messages as
        select distinct message_id from message_recipients where number like '%*%'`.execute(db);
      await sql`create table erased_days as
        select distinct m.profile_id, ${day} as day from message_recipients r join messages m on m.id = r.message_id
        where r.number like '%*%' and m.list = 'bulk' and m.api_mode <> 'test'`.execute(db);

      await sql`delete from message_counters where message_id in (select message_id from erased_messages)`.execute(db);
      await sql`insert into message_counters (message_id, network, status, error, n)
        select r.message_id, ${network}, r.status, r.error, count(*) from message_recipients r
        where r.message_id in (select message_id from erased_messages)
        group by r.message_id, ${network}, r.status, r.error`.execute(db);

      await sql`delete from daily_counters where exists (select 1 from erased_days e
        where e.profile_id = daily_counters.profile_id and e.day = daily_counters.day)`.execute(db);
      // As migration 018's backfill: deliveries only, on the day each recipient was queued.
      await sql`insert into daily_counters (profile_id, supid, day, network, status, n)
        select m.profile_id, max(m.supid), ${day}, ${network}, r.status, count(*)
        from message_recipients r join messages m on m.id = r.message_id
        where m.list = 'bulk' and m.api_mode <> 'test'
          and exists (select 1 from erased_days e where e.profile_id = m.profile_id and e.day = ${day})
        group by m.profile_id, ${day}, ${network}, r.status`.execute(db);

      await sql`drop table erased_days`.execute(db);
      await sql`drop table erased_messages`.execute(db);
    },
  };
}
