import type { Kysely, Migration } from 'kysely';

/**
 * Who did what in a team (docs/product.md#who-did-what): the member who acted on a message (a send, a
 * registration and its runs), a checkout, an API key, a ledger row and an audit row, null for the
 * account's owner (and for rows made before, by an API key or by SMPP); and each member's monthly cap.
 */
export function memberActions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      const tables = await db.introspection.getTables();
      const has = (table: string, column: string) =>
        tables.some((t) => t.name === table && t.columns.some((c) => c.name === column));
      for (const table of ['messages', 'checkouts', 'api_keys', 'credit_ledger', 'audit_log']) {
        if (!has(table, 'member_id')) await db.schema.alterTable(table).addColumn('member_id', 'integer').execute();
      }
      if (!has('members', 'monthly_cap'))
        await db.schema.alterTable('members').addColumn('monthly_cap', 'double precision').execute();
      // A member's spending this month (the cap's sum, the statement's table) and a member's messages.
      await db.schema
        .createIndex('credit_ledger_member')
        .ifNotExists()
        .on('credit_ledger')
        .columns(['member_id', 'at'])
        .where('member_id', 'is not', null)
        .execute();
      await db.schema
        .createIndex('messages_member')
        .ifNotExists()
        .on('messages')
        .columns(['member_id', 'id'])
        .where('member_id', 'is not', null)
        .execute();
    },
  };
}
