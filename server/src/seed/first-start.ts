import type { GatewayContext } from '../core/context';
import { ConfigError } from '../core/errors';
import type { GatewayConfig } from '../config';
import { findMainDomain } from '../tenancy/domains';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import { seedDemo } from './demo';
import { seedOperator } from './operator';

export const OPERATOR_NEEDED =
  "OPERATOR_USERNAME, OPERATOR_PASSWORD, OPERATOR_EMAIL and OPERATOR_PHONE must be set at the first start on an empty database: they create profile 6, the operator's account, and the main domain for MAIN_HOST (GATEWAY_DEV=1 runs the demo instead)";

/** What the start wrote into the database: the demo data, the operator's account, or nothing. */
export type FirstStart = 'demo' | 'operator' | null;

/**
 * Fills an empty database: the demo data (SEED_DEMO), or profile 6 and the main domain from the
 * OPERATOR_ variables. Outside dev mode the gateway never starts without a main domain for MAIN_HOST,
 * which would answer every call with 503.
 */
export async function prepareDatabase(
  ctx: GatewayContext,
  config: Pick<GatewayConfig, 'seedDemo' | 'operator' | 'devMode'>,
): Promise<FirstStart> {
  const empty = !(await ctx.db.selectFrom('users').select('profile_id').limit(1).executeTakeFirst());
  let wrote: FirstStart = null;
  if (empty && config.seedDemo) {
    await seedDemo(ctx);
    wrote = 'demo';
  } else if (empty && config.operator) {
    await seedOperator(ctx, config.operator);
    wrote = 'operator';
  } else if (empty && !config.devMode) {
    throw new ConfigError(OPERATOR_NEEDED);
  }
  if (!config.devMode && !(await findMainDomain(ctx))) {
    const main = await ctx.db
      .selectFrom('domains')
      .select('host')
      .where('profile_id', '=', TOP_SUPERVISOR_ID)
      .orderBy('domainprofile_id')
      .executeTakeFirst();
    throw new ConfigError(
      `MAIN_HOST must be the main domain's host${main ? ` (${main.host})` : ''}: the database has no domain for '${ctx.mainHost}'`,
    );
  }
  return wrote;
}
