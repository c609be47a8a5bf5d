// Buying credit, giving it to clients, and the credit histories (docs/api.md#calls-and-answers,
// docs/product.md#credit-history).
import { z } from './zod';
import { listCall } from './call';
import { num, rowId, shownText as text } from './fields';

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
export const PURCHASE_HISTORY = listCall('purchasehistory', 'user', 'credithistory', PaymentSchema);
/** An admin's clients' purchases and gifts. */
export const CLIENT_PURCHASE_HISTORY = listCall('allpurchasehistory', 'admin', 'allcredithistory', PaymentSchema);
