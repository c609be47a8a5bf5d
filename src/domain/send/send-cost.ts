// What a send costs before it is sent (parts x recipients, taken when accepted: docs/product.md#what-a-send-costs).
import type { SendItem } from '../types';
import { splitDestinations } from './recipients';
import { OUT_OF_RANGE_PARTS, smsLength, smsParts } from '../messages/sms';
import { withOptOutLink } from '../numbers/opt-out';
import { shortenedText } from '../links/short-links';
import { formatNumber } from '../numbers/number-format';

export type SendCost = { credits: number; recipients: number; outOfRange: boolean };

/**
 * What the items cost; with `linkHost`, an item asking for an opt-out link is measured with the link
 * the gateway will add on that host, and one shortening its links with its short links on that host
 * (their codes' lengths are fixed, so the parts are exact).
 */
export function sendCost(items: readonly SendItem[], linkHost?: string): SendCost {
  let credits = 0;
  let recipients = 0;
  let outOfRange = false;
  let lastText: string | null = null;
  let lastParts = 0;
  for (const item of items) {
    // Personalized sends repeat mostly equal texts; measuring each only once keeps 100,000 items quick.
    const text = linkHost ? textAsSent(item, linkHost) : item.shortMessage;
    if (text !== lastText) {
      lastText = text;
      lastParts = smsParts(smsLength(text, item.specialUnicodeSupport));
    }
    const count = splitDestinations(item.destinationAddress).length;
    if (lastParts >= OUT_OF_RANGE_PARTS) outOfRange = true;
    credits += lastParts * count;
    recipients += count;
  }
  return { credits, recipients, outOfRange };
}

/** An item's text as the gateway sends it on `host`: its links shortened, then its opt-out line. */
function textAsSent(item: SendItem, host: string): string {
  const text = item.shortenLinks ? shortenedText(item.shortMessage, host) : item.shortMessage;
  return item.optOutLink ? withOptOutLink(text, host) : text;
}

/** `what` is 'this send' on the send form, 'this change' in the edit of a registration. */
export const notEnoughCredit = (needed: number, balance: number, what = 'this send'): string =>
  `Not enough credit: ${what} needs ${formatNumber(needed)} SMS credits and your balance is ${formatNumber(Math.floor(balance * 100) / 100)}. Please purchase SMS credits first`;

export const MESSAGE_OUT_OF_RANGE =
  'Your message is too long: at most 9 SMS parts (1,377 characters, or fewer with unicode) can be sent';

/** The refusal to show before sending, or null when the balance covers the send. */
export function creditProblem(cost: SendCost, balance: number): string | null {
  if (cost.outOfRange) return MESSAGE_OUT_OF_RANGE;
  return cost.credits > balance ? notEnoughCredit(cost.credits, balance) : null;
}
