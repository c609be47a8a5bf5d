import type { UserRow } from '../db/schema-core';
import { checkCreditExpiry } from '../money/balance';
import { normalizeSend, type SendEnvelope, type SendItemInput } from './send-items';
import { screenSendNumbers } from './recipient-screen';

// What a send would take before it is stored: its items checked as acceptSend checks them, its numbers
// screened, and its price (parts x numbers kept). The two-person rule holds a send on it (approvals/hold.ts).

export interface SendQuote {
  envelope: SendEnvelope;
  /** The numbers kept after screening, in order. */
  numbers: string[];
  cost: number;
}

export async function quoteSend(user: UserRow, items: SendItemInput[], now: number): Promise<SendQuote> {
  checkCreditExpiry(user, now);
  const { envelope, recipients } = await normalizeSend(items, user, now, 0);
  const { kept } = screenSendNumbers(envelope, recipients);
  return {
    envelope,
    numbers: kept.map((r) => r.number),
    cost: kept.reduce((sum, r) => sum + r.parts, 0),
  };
}
