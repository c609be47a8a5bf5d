import type { GatewayContext } from '../core/context';
import type { OperatorAccount } from '../config';
import { createDomain, createUser } from './accounts';
import { MAIN_LOCALRATE } from './demo';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import { TEST_SENDER_ID } from '../../../src/domain/messages/sender-id';

/**
 * A production start on an empty database: profile 6, the operator's account, and the main domain
 * for MAIN_HOST, in one transaction (a start that fails half-way leaves the database empty). The
 * operator then sets the brand, prices, sender ID and payment keys on its profile page.
 */
export async function seedOperator(ctx: GatewayContext, operator: OperatorAccount) {
  return ctx.db.transaction().execute(async (trx) => {
    const tx: GatewayContext = { ...ctx, db: Object.assign(trx, { dialectName: ctx.db.dialectName }) };
    const user = await createUser(tx, {
      profile_id: TOP_SUPERVISOR_ID,
      username: operator.username,
      password: operator.password,
      email: operator.email,
      telnumber: operator.phone,
      isAdmin: 1,
      supid: 0,
      // As for every new account: until an ID of its own is approved.
      senderidapproved: TEST_SENDER_ID,
      dashboardTab: 1,
      scheduledsmsTab: 1,
      recurringsmsTab: 1,
      credithistoryTab: 1,
    });
    await createDomain(tx, { host: ctx.mainHost, profile_id: user.profile_id, localrate: MAIN_LOCALRATE });
    return user;
  });
}
