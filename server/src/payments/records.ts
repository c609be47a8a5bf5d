import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PaymentRow } from '../db/schema-phonebook-payments';
import { formatAccra } from '../../../src/domain/dates';

export type PaymentKind = 'paystack' | 'manual' | 'direct' | 'referral';

/** A history line as an area gives it; the id and the search text are the store's. */
export type NewPayment = Omit<PaymentRow, 'id' | 'searchtext' | 'kind'> & { kind: PaymentKind };

/** A public payment id derived from a secret reference, so histories never show a live checkout link. */
export const publicPaymentId = (prefix: string, reference: string) =>
  `${prefix}-${createHash('sha256').update(reference).digest('hex').slice(0, 16).toUpperCase()}`;

/** Stores a history line with its search text (every shown field but ids: docs/product.md#lists-and-status). */
export async function recordPayment(trx: Transaction<Database>, p: NewPayment): Promise<void> {
  const searchtext = [
    p.amount,
    p.currency,
    new Date(p.date).toISOString(),
    formatAccra(p.date, 'yyyy-MM-dd HH:mm'),
    p.previousbalance,
    p.balanceadded,
    p.newbalance,
    p.paymentassist,
    p.description,
  ]
    .join(' ')
    .toLowerCase();
  await trx
    .insertInto('payments')
    .values({ ...p, searchtext })
    .execute();
}

/** A payment record (docs/product.md#credit-history). */
export function paymentAnswer(p: PaymentRow) {
  return {
    paymentid: p.paymentid,
    amount: p.amount,
    currency: p.currency,
    date: new Date(Number(p.date)).toISOString(),
    previousbalance: p.previousbalance,
    balanceadded: p.balanceadded,
    newbalance: p.newbalance,
    paymentassist: p.paymentassist,
    description: p.description,
  };
}
