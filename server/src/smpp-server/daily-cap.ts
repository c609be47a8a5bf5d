import type { GatewayContext } from '../core/context';
import type { SpendingCap } from '../money/caps';

/** SMPP access's daily spending cap as the money area holds a charge to it (docs/smpp.md#sending). */
export const smppCaps = (dailyCap: number | null | undefined): SpendingCap[] =>
  dailyCap === null || dailyCap === undefined
    ? []
    : [{ limit: Number(dailyCap), period: 'day', counts: 'smpp', owner: 'on your SMPP access' }];

/** The account's SMPP daily cap as stored now (a held message is charged when whole, long after its bind read it). */
export async function smppCapsOf(ctx: GatewayContext, profileId: number): Promise<SpendingCap[]> {
  const row = await ctx.db
    .selectFrom('smpp_accounts')
    .select('daily_cap')
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return smppCaps(row?.daily_cap);
}
