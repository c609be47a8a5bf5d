import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId } from '../columns';

/** The simulated carrier's delay every gateway used until now (config.ts): due_at was queued + this. */
const SIM_DELAY_MS = 1000;

/**
 * Messaging owns the recipient's life: each status change is appended to recipient_events; the
 * simulated carrier keeps its report times in its own table (carrier_sim_reports) instead of the
 * recipient's due_at, which becomes queued_at (when the recipient was accepted); verdict, written
 * '' and never read, goes.
 */
export function recipientEvents(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('recipient_events'))
        .addColumn('recipient_id', 'integer', notNull)
        .addColumn('message_id', 'integer', notNull)
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('old_status', 'text', empty)
        .addColumn('new_status', 'text', notNull)
        .addColumn('error', 'text', empty)
        .addColumn('created_at', ms, notNull)
        .execute();
      // The retention sweep deletes by age.
      await db.schema.createIndex('recipient_events_age').on('recipient_events').column('created_at').execute();

      await db.schema
        .createTable('carrier_sim_reports')
        .addColumn('part_id', 'integer', (c) => c.primaryKey())
        .addColumn('carrier_id', 'text', notNull)
        .addColumn('to_number', 'text', notNull)
        .addColumn('number', 'text', notNull)
        .addColumn('due_at', ms, notNull)
        .execute();
      await db.schema.createIndex('sim_reports_due').on('carrier_sim_reports').columns(['due_at', 'part_id']).execute();
      // Receipts the simulator owes for parts it took (state submitting, accepted or in doubt, the
      // recipient still submitted); a number ending 99 never gets one. Its carrier id is sim-<part>.
      await sql`insert into carrier_sim_reports (part_id, carrier_id, to_number, number, due_at)
        select p.id, coalesce(p.carrier_id, 'sim-' || cast(p.id as text)), p.to_number, r.number, r.due_at
        from carrier_parts p join message_recipients r on r.id = p.recipient_id
        where p.connector = 'sim' and p.state in (1, 2, 4) and r.stage = 1 and r.number not like '%99'`.execute(db);

      await db.schema.alterTable('message_recipients').renameColumn('due_at', 'queued_at').execute();
      await sql`update message_recipients set queued_at = queued_at - ${sql.lit(SIM_DELAY_MS)}`.execute(db);
      await db.schema.alterTable('message_recipients').dropColumn('verdict').execute();
    },
  };
}
