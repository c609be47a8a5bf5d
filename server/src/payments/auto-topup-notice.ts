import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { queueMail } from '../mail/outbox';
import { deliverSystemText } from '../carrier/system-texts';
import { domainOfUser, systemSenderOf } from '../tenancy/domains';
import { SENDER_ID_MAX_LENGTH } from '../../../src/domain/constants';
import { autoTopupOffText } from '../../../src/domain/money/auto-topup';

// The notice that auto top-up turned itself off (docs/product.md#auto-top-up): an e-mail queued in the
// transaction that turned it off, and an SMS from the system sender once that committed.

/** What the notice says, from the account's brand. */
export async function offNoticeText(ctx: GatewayContext, user: UserRow, failures: number, reason: string) {
  const domain = await domainOfUser(ctx, user);
  const company = domain?.companyname || 'SMS';
  return { company, text: autoTopupOffText(company, failures, reason) };
}

/** Queues the e-mail, in the caller's transaction. */
export async function queueOffMail(
  db: Executor,
  user: UserRow,
  notice: { company: string; text: string },
  now: number,
) {
  await queueMail(
    db,
    {
      profileId: user.profile_id,
      kind: 'auto-topup-off',
      to: user.email,
      fromName: notice.company,
      subject: 'Your auto top-up is off',
      text: notice.text,
    },
    now,
  );
}

/** Texts the account, after the commit; a failure is reported, never thrown (the e-mail is queued). */
export async function textOffNotice(ctx: GatewayContext, user: UserRow, text: string): Promise<void> {
  if (!user.telnumber) return;
  try {
    const sender = ((await systemSenderOf(ctx, user.supid || user.profile_id)) || 'SMS').slice(0, SENDER_ID_MAX_LENGTH);
    await deliverSystemText(ctx, user.telnumber, sender, text);
  } catch (error) {
    ctx.reportError?.('auto top-up notice', error);
  }
}
