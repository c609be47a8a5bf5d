import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database';
import type { BalanceAlertRow } from '../db/schema-money';

// Low-balance alerts (docs/product.md#low-balance-alerts): a charge that takes a balance from at or
// above its account's alert level to under it writes one balance_alerts row in its own transaction,
// at most one an account and Accra day (a unique key: a second crossing that day, even a concurrent
// one, inserts nothing). Money raises them and sends nothing: the accounts area texts and e-mails the
// account and the integrations area posts the `balance.low` webhook, each reading the rows it has not
// sent yet and marking them here, once (docs/architecture.md#low-balance-alerts-and-caps).

/** The Accra day of an instant, yyyy-mm-dd (Accra is on GMT all year). */
export const accraDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Whether taking `credits` that left `after` crossed `threshold` (0: the account set none). */
export const crossed = (threshold: number, after: number, credits: number) =>
  threshold > 0 && after < threshold && after + credits >= threshold;

/** Notes a charge's crossing of the alert level, in the charge's transaction; the day's first alert only. */
export async function noteCrossing(
  db: Executor,
  profileId: number,
  credits: number,
  after: number,
  threshold: number,
  at: number,
): Promise<void> {
  if (!crossed(threshold, after, credits)) return;
  await db
    .insertInto('balance_alerts')
    .values({ profile_id: profileId, day: accraDay(at), threshold, balance_after: after, at })
    .onConflict((oc) => oc.columns(['profile_id', 'day']).doNothing())
    .execute();
}

/**
 * PostgreSQL: noteCrossing as a write of a composed statement (balance.ts takeWholeInOne): `gate`
 * names the CTE that took the credits, answering `creditbalance` and `low_balance_threshold`.
 */
export const crossingInOne = (profileId: number, credits: number, at: number, gate: string) =>
  sql`insert into balance_alerts (profile_id, day, threshold, balance_after, at)
    select ${profileId}, ${accraDay(at)}, g.low_balance_threshold, g.creditbalance, ${at}
    from ${sql.table(gate)} g
    where g.low_balance_threshold > 0 and g.creditbalance < g.low_balance_threshold
      and g.creditbalance + ${credits} >= g.low_balance_threshold
    on conflict (profile_id, day) do nothing` as RawBuilder<unknown>;

/** Who reads an alert: the account's own notice, or the webhook. */
export type AlertReader = 'notified_at' | 'webhook_at';

/** Alerts `reader` has not sent yet, oldest first. */
export function unsentAlerts(db: Executor, reader: AlertReader, limit: number): Promise<BalanceAlertRow[]> {
  return db.selectFrom('balance_alerts').selectAll().where(reader, '=', 0).orderBy('id').limit(limit).execute();
}

/** Marks an alert sent by `reader`: true for the one caller that marked it (it sends), false when another had. */
export async function markAlertSent(db: Executor, id: number, reader: AlertReader, now: number): Promise<boolean> {
  const result = await db
    .updateTable('balance_alerts')
    .set({ [reader]: now })
    .where('id', '=', id)
    .where(reader, '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
