// Buying credit, giving it to clients, and the credit histories (docs/api.md#calls-and-answers,
// docs/product.md#credit-history).
import { z } from './zod';
import { frontendCall } from './call';
import { listCall } from './list-call';
import {
  amountField,
  looseText,
  num,
  outcomeAnswer,
  pageNumField,
  profileId,
  rowId,
  shownText as text,
} from './fields';

/** A payment record; the clients' version adds who paid. */
export const PaymentSchema = z.looseObject({
  paymentid: rowId,
  amount: num,
  currency: text,
  date: text,
  previousbalance: num,
  balanceadded: num,
  newbalance: num,
  paymentassist: text,
  description: text,
  username: text,
  email: text,
  telnumber: text,
  supid: num,
});

/** The caller's own purchases and gifts, 20 a page, newest first. */
export const PURCHASE_HISTORY = listCall(
  'purchasehistory',
  { who: 'user', touches: 'self', needs: 'billing' },
  'credithistory',
  PaymentSchema,
);
/** An admin's clients' purchases and gifts. */
export const CLIENT_PURCHASE_HISTORY = listCall(
  'allpurchasehistory',
  { who: 'admin', touches: 'clients', needs: 'clients' },
  'allcredithistory',
  PaymentSchema,
);

/**
 * checksupcredit: `error.status` 'successful' is the go-ahead, 'failed' says why not (no price for the amount,
 * or the seller short of credit); the outcome travels in the answer's fields, so refusals are HTTP 200 too.
 */
export const CHECK_SUPPLIER_CREDIT = frontendCall(
  'checksupcredit',
  { who: 'user', touches: 'self', needs: 'purchase' },
  z.object({ profile_id: profileId, amount: z.unknown() }),
  outcomeAnswer,
);

/** paystack-link/: the payment page to send the buyer to, or `{ status: false, error }`. */
export const PAYSTACK_LINK = frontendCall(
  'paystack-link/',
  { who: 'user', touches: 'self', needs: 'purchase' },
  z.object({
    profile_id: profileId,
    amount: z.unknown(),
    currency: looseText,
    country: looseText,
    title: looseText,
    description: looseText,
  }),
  z.looseObject({
    status: z.unknown(),
    link: text,
    error: z.looseObject({ status: text, message: text }).optional(),
  }),
);

/** Credit an admin gives a client: by amount (the number of credits), or by rate for local accounts. */
const giftBody = z.object({
  profile_id: profileId,
  amount: amountField,
  currency: looseText,
  clientprofile_id: z.unknown(),
});
const giftAnswer = z.object({ status: text, message: text });

/** manualcreditpurchase (docs/product.md#client-management): the amount is the number of credits. */
export const GIFT_BY_AMOUNT = frontendCall(
  'manualcreditpurchase',
  { who: 'admin', touches: 'clients', needs: 'clients' },
  giftBody,
  giftAnswer,
);
/** directcreditpurchase: credits = ceil(amount / rate). */
export const GIFT_BY_RATE = frontendCall(
  'directcreditpurchase',
  { who: 'admin', touches: 'clients', needs: 'clients' },
  giftBody.extend({ rate: amountField }),
  giftAnswer,
);

/** Profile 6's export: every distinct number in the platform's phone books, 1,000 a page. */
export const PLATFORM_NUMBERS = frontendCall(
  'numbers/',
  { who: 'profile6', touches: 'platform', needs: 'clients' },
  z.object({ profile_id: profileId, pageNum: pageNumField }),
  z.object({
    numbers: z.array(text),
    total: z.coerce.number().catch(0),
    pageNum: z.coerce.number().catch(1),
    hasMore: z.boolean().catch(false),
  }),
);
