import type { Executor } from '../db/database';

/** This instance's customer binds per account and bind type, for metrics. */
export async function bindsByAccount(db: Executor, instance: string) {
  const rows = await db
    .selectFrom('smpp_binds')
    .select(['profile_id', 'bind_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('instance', '=', instance)
    .groupBy(['profile_id', 'bind_type'])
    .execute();
  return rows.map((r) => ({ account: String(r.profile_id), bindType: r.bind_type, binds: Number(r.n) }));
}
