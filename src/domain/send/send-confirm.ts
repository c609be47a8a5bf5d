// When the send form asks before sending, and what it shows (docs/product.md#confirming-a-large-send).
import type { SendCost } from './send-cost';
import { numberFormat } from '../numbers/number-format';

/** A send to more recipients than this asks first. */
export const CONFIRM_OVER_RECIPIENTS = 100;
/** A send costing more SMS credits than this asks first. */
export const CONFIRM_OVER_CREDITS = 500;

/** Whether a send is large or costly enough to be confirmed; a small one stays one tap. */
export const needsSendConfirmation = (cost: Pick<SendCost, 'credits' | 'recipients'>): boolean =>
  cost.recipients > CONFIRM_OVER_RECIPIENTS || cost.credits > CONFIRM_OVER_CREDITS;

export type SendConfirmation = {
  recipients: string;
  /** SMS parts a recipient's text costs: a personalized send's differ, then their average. */
  perRecipient: string;
  credits: string;
  /** The balance once the send is paid; null when the balance is not in credits (USD accounts). */
  balanceAfter: string | null;
};

const number = numberFormat({ maximumFractionDigits: 2 });

/** The figures the confirmation shows, written as the cost summary writes them. */
export function sendConfirmation(
  cost: Pick<SendCost, 'credits' | 'recipients'>,
  balance: { amount: number; local: boolean },
): SendConfirmation {
  const average = cost.recipients > 0 ? cost.credits / cost.recipients : 0;
  return {
    recipients: number.format(cost.recipients),
    perRecipient: Number.isInteger(average) ? number.format(average) : `${number.format(average)} on average`,
    credits: `${number.format(cost.credits)} SMS credits`,
    balanceAfter: balance.local
      ? `${number.format(Math.floor((balance.amount - cost.credits) * 100) / 100)} SMS credits`
      : null,
  };
}
