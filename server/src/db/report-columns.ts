import { sql, type RawBuilder } from 'kysely';
import { ERASED, canonicalPrefixes } from '../../../src/domain/numbers/networks';
import { DELIVERY_TIME_BOUNDS_S, LAST_BUCKET } from '../../../src/domain/messages/delivery-report';

/**
 * The SQL of the delivery counters' keys, the same on SQLite and PostgreSQL, so the live counters
 * (messaging/delivery-counters.ts) and migration 018's backfill key a recipient alike.
 */

/**
 * The counters' network of a stored number (src/domain/networks.ts counterNetworkOf): 'erased' when an
 * erasure masked it, else its network from the prefix table.
 */
export function networkSql(number: RawBuilder<unknown> | ReturnType<typeof sql.ref>): RawBuilder<string> {
  const whens = canonicalPrefixes().map(
    ({ network, starts }) =>
      sql`when length(${number}) = 12 and substr(${number}, 1, 5) in (${sql.join(starts.map((s) => sql.lit(s)))}) then ${sql.lit(network)}`,
  );
  return sql<string>`(case when ${number} like '%*%' then ${sql.lit(ERASED)} ${sql.join(whens, sql` `)} else 'other' end)`;
}

/** The time-to-delivery bucket (src/domain/delivery-report.ts deliveryBucket) of a duration in ms. */
export function bucketSql(ms: RawBuilder<unknown>): RawBuilder<number> {
  const whens = DELIVERY_TIME_BOUNDS_S.map(
    (bound, i) => sql`when ${ms} <= ${sql.lit(bound * 1000)} then ${sql.lit(i)}`,
  );
  return sql<number>`(case ${sql.join(whens, sql` `)} else ${sql.lit(LAST_BUCKET)} end)`;
}

/** The day (days since 1970-01-01, UTC: Accra's time) of an epoch-ms column. */
export const daySql = (ms: RawBuilder<unknown>): RawBuilder<number> => sql<number>`cast(${ms} / 86400000 as integer)`;
