import { sql, type Kysely, type Migration, type SqlBool } from 'kysely';
import type { DialectName } from '../database';

/**
 * Indexes that hold only the rows their queries look for, so that the writes of every message keep
 * out of them (docs/architecture.md "Lean indexes"): a part gets its carrier-id entry once it has a
 * carrier id, a message its parent and due entries only when it has a parent or a next run; on
 * PostgreSQL a part leaves the state index, and a recipient the stage index, when it ends; a
 * customer's receipt leaves the due index when delivered, and only the parts of long messages held
 * for their others are in the held index (not every submit accepted). The recipient events' times
 * lose their index. SQLite uses a partial index only when the query names its condition (`x IS NOT
 * NULL` follows from any comparison of x, `state = 'pending'` from itself), not `<>`: there the
 * state and stage indexes stay whole.
 */
export function leanIndexes(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const rebuild = async (name: string, table: string, columns: string[], where: string) => {
        await db.schema.dropIndex(name).execute();
        await db.schema
          .createIndex(name)
          .on(table)
          .columns(columns)
          .where(sql<SqlBool>`${sql.raw(where)}`)
          .execute();
      };
      await rebuild('parts_carrier_id', 'carrier_parts', ['connector', 'carrier_id'], 'carrier_id is not null');
      await rebuild('messages_parent', 'messages', ['parent_id', 'id'], 'parent_id is not null');
      await rebuild('messages_due', 'messages', ['state', 'next_run_at'], 'next_run_at is not null');
      await rebuild('smpp_receipts_due', 'smpp_receipts', ['profile_id', 'state', 'id'], "state = 'pending'");
      await rebuild('smpp_submits_held', 'smpp_submits', ['state', 'profile_id', 'group_key'], "state = 'held'");
      // Events are pruned in id order (messaging/recipient-events.ts pruneEvents): no index of their times.
      await db.schema.dropIndex('recipient_events_age').execute();
      if (dialect !== 'postgres') return;
      // The final state (schema-carrier.ts PART.final) and stage (schema-messaging.ts STAGE.final).
      await rebuild('parts_state', 'carrier_parts', ['state', 'owner', 'id'], 'state <> 3');
      await rebuild('recipients_stage', 'message_recipients', ['stage', 'id'], 'stage <> 2');
    },
  };
}
