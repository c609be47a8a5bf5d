import { YEAR_MS } from '../../../src/domain/dates';
import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { refuse } from '../core/errors';
import { newPriceTier } from '../../../src/domain/money/pricing';
import { addCredits, takeCredits } from '../money/balance';
import { recordPayment } from './records';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { sellerHoldsCredit } from './quote';

export interface Gift {
  admin: UserRow;
  client: UserRow;
  credits: number;
  amount: number;
  currency: string;
  kind: 'manual' | 'direct';
  source: AuditSource;
}

/**
 * An admin gives credit to its client. A reseller hands over credit it holds (taken atomically);
 * profile 6 is the platform and mints it. The client's credit stays valid at least as long as a
 * new regular tier's (0.25 years: docs/product.md#client-management), so a gift to a lapsed account is usable.
 */
export async function giveCredit(ctx: GatewayContext, gift: Gift): Promise<void> {
  const now = ctx.now();
  const minExpiry = now + newPriceTier('REGULAR', 0).expiry * YEAR_MS;
  await ctx.db.transaction().execute(async (trx) => {
    const paymentid = `${gift.kind === 'manual' ? 'MAN' : 'DIR'}-${randomBytes(8).toString('hex').toUpperCase()}`;
    const why = {
      reason: 'gift',
      ref: { kind: 'payment', id: paymentid },
      actor: gift.admin.profile_id,
      at: now,
    } as const;
    if (sellerHoldsCredit(gift.admin) && !(await takeCredits(trx, gift.admin.profile_id, gift.credits, why))) {
      throw refuse('You do not have enough credit to give this amount');
    }
    const balances = await addCredits(trx, gift.client.profile_id, gift.credits, why, { atLeast: minExpiry });
    await recordPayment(trx, {
      paymentid,
      profile_id: gift.client.profile_id,
      kind: gift.kind,
      amount: gift.amount,
      currency: gift.currency,
      date: now,
      ...balances,
      balanceadded: gift.credits,
      paymentassist: gift.admin.username,
      description: `Credit given by ${gift.admin.username}`,
    });
    await recordAudit(trx, {
      at: now,
      actor: gift.admin,
      action: 'credit_given',
      source: gift.source,
      targetId: gift.client.profile_id,
      details: {
        client: gift.client.username,
        credits: gift.credits,
        // Money only when credit was given by rate: a gift by amount is counted in credits alone.
        ...(gift.kind === 'direct' ? { amount: gift.amount, currency: gift.currency } : {}),
        kind: gift.kind,
        balanceBefore: balances.previousbalance,
        balanceAfter: balances.newbalance,
      },
    });
  });
}
