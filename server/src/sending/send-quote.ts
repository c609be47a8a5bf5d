import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { checkCreditExpiry } from '../money/balance';
import { normalizeSend, type SendEnvelope, type SendItemInput } from './send-items';
import { screenSendNumbers } from './recipient-screen';
import { birthdaysOf } from './accept-send';
import { composeTexts } from './short-links';

// What a send would take before it is stored: its items checked as acceptSend checks them, its numbers
// screened, its opted-out numbers (and a birthday send's recipients without a birthday) left out, each text
// composed as it would go (its short links, its opt-out link), and its price: the parts of what would be sent.
// The two-person rule holds a send on it (approvals/hold.ts).

export interface SendQuote {
  envelope: SendEnvelope;
  /** The numbers that would be sent to, in order. */
  numbers: string[];
  cost: number;
}

export async function quoteSend(
  ctx: GatewayContext,
  user: UserRow,
  items: SendItemInput[],
  now: number,
): Promise<SendQuote> {
  checkCreditExpiry(user, now);
  const { envelope, recipients } = await normalizeSend(items, user, now, 0);
  const { kept } = await screenSendNumbers(envelope, recipients);
  const { dated } = await birthdaysOf(ctx, user, envelope, kept);
  const { prepared } = await composeTexts(ctx, user, envelope, dated, now);
  const sent = prepared.filter((r) => !r.optedOut);
  return {
    envelope,
    numbers: sent.map((r) => r.number),
    cost: sent.reduce((sum, r) => sum + r.parts, 0),
  };
}
