// Card auto top-up (docs/product.md#auto-top-up): its limits and what it says, for the app and the gateway.

/** Top-ups bought at most an Accra day per account, however often the balance falls. */
export const AUTO_TOPUP_MAX_PER_DAY = 3;

/** Consecutive failed charges after which auto top-up turns itself off. */
export const AUTO_TOPUP_MAX_FAILURES = 3;

/** Why the switch is not offered after a mobile-money payment. */
export const AUTO_TOPUP_CARD_ONLY =
  'Auto top-up needs a card: mobile money cannot be charged again without you (Paystack charges only saved cards). Pay once by card to turn it on.';

/** The refusal when there is no saved card to charge. */
export const AUTO_TOPUP_NO_CARD = 'Pay once by card to turn on auto top-up';

/** What the account is told, by SMS and e-mail, when auto top-up turned itself off. */
export const autoTopupOffText = (company: string, failures: number, reason: string) =>
  `Your ${company} auto top-up is off: your card was declined ${failures} times in a row (${reason}). Buy credit or turn it on again with another card.`;
