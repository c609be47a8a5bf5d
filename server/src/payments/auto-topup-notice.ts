import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { queueMail } from '../mail/outbox';
import { queueSystemTextIn } from '../carrier/system-texts';
import { domainOfUser, systemSenderOf } from '../tenancy/domains';
import { SENDER_ID_MAX_LENGTH } from '../../../src/domain/constants';
import { autoTopupOffText } from '../../../src/domain/money/auto-topup';

// The notice that auto top-up turned itself off (docs/product.md#auto-top-up): an e-mail and an SMS
// from the system sender, both queued in the transaction that turned it off, so neither is lost if the
// process dies after that commit; the SMS is then sent at once.

/** What the notice says, from the account's brand, and the sender its SMS goes out under. */
export async function offNoticeText(ctx: GatewayContext, user: UserRow, failures: number, reason: string) {
  const domain = await domainOfUser(ctx, user);
  const company = domain?.companyname || 'SMS';
  const sender = ((await systemSenderOf(ctx, user.supid || user.profile_id)) || 'SMS').slice(0, SENDER_ID_MAX_LENGTH);
  return { company, sender, text: autoTopupOffText(company, failures, reason) };
}

/** Queues the e-mail and the SMS, in the caller's transaction. */
export async function queueOffNotice(
  db: Executor,
  user: UserRow,
  notice: { company: string; sender: string; text: string },
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
  if (user.telnumber) await queueSystemTextIn(db, now, user.telnumber, notice.sender, notice.text);
}
