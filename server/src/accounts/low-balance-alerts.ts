import type { GatewayContext } from '../core/context';
import { queueMail } from '../mail/outbox';
import { markAlertSent, unsentAlerts } from '../money/low-balance';
import type { BalanceAlertRow } from '../db/schema-money';
import { domainOfUser } from '../tenancy/domains';
import { lowBalanceAlertText } from '../../../src/domain/money/caps';
import { findAccount } from './account-store';
import { queueSystemTextWith, senderOf } from './system-texts';
import { sendQueuedSystemTexts } from '../carrier/system-texts';

// The account's own low-balance alert (docs/product.md#low-balance-alerts): an SMS from the system
// sender to its number and an e-mail to its address, for each alert the money area raised. One
// instance marks an alert sent (a conditional update) in the transaction that queues its e-mail and
// its SMS: the three commit together or not at all. A process that dies after the commit leaves both
// to the mail and carrier loops; one that dies before leaves the alert for the next step. The app's
// notice needs no row: it shows while the balance is under the level (src/features).

/** Alerts one step reads. */
const STEP = 50;

/** One step: sends the alerts not sent yet; answers how many it sent. */
export async function sendLowBalanceAlerts(ctx: GatewayContext): Promise<number> {
  const alerts = await unsentAlerts(ctx.db, 'notified_at', STEP);
  let sent = 0;
  for (const alert of alerts) {
    // One alert that cannot be queued (it stays unsent, tried again next step) holds up no other.
    try {
      if (await sendOne(ctx, alert)) sent += 1;
    } catch (error) {
      ctx.reportError?.('low-balance alert', error);
    }
  }
  return sent;
}

async function sendOne(ctx: GatewayContext, alert: BalanceAlertRow): Promise<boolean> {
  const user = await findAccount(ctx, alert.profile_id);
  const domain = user ? await domainOfUser(ctx, user) : undefined;
  const company = domain?.companyname || 'SMS';
  const text = lowBalanceAlertText(Number(alert.balance_after), Number(alert.threshold), company);
  const now = ctx.now();
  const phone = user?.telnumber || '';
  const sender = user && phone ? await senderOf(ctx, user.supid || user.profile_id) : '';
  const mine = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markAlertSent(trx, alert.id, 'notified_at', now))) return false;
    if (user)
      await queueMail(
        trx,
        {
          profileId: user.profile_id,
          kind: 'low-balance',
          to: user.email,
          fromName: company,
          subject: 'Your SMS balance is low',
          text,
        },
        now,
      );
    if (phone) await queueSystemTextWith(trx, now, sender, phone, text);
    return true;
  });
  if (mine && phone) await sendQueuedSystemTexts(ctx);
  return mine;
}
