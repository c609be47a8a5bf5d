import type { Executor } from '../db/database';
import type { GatewayContext } from '../core/context';
import type { DomainRow, UserRow } from '../db/schema-core';
import type { CheckoutRow, InvoiceRow } from '../db/schema-phonebook-payments';
import { notFound } from '../core/errors';
import { formatAccra } from '../../../src/domain/dates';
import { invoiceNumber, type Invoice } from '../../../src/domain/money/invoice';
import { ratesOn, taxLines, toCedis, toPesewas } from '../../../src/domain/money/tax';

// Invoices of confirmed purchases (docs/product.md#invoices): issued by the buyer's seller (the
// operator for its direct customers, a reseller for its clients) in the purchase's transaction,
// numbered without gaps per seller, and kept as issued.

/**
 * The seller's next number: one statement raises its counter and answers it, holding the row until
 * the purchase commits, so two purchases never share a number; a purchase rolled back gives it back.
 */
async function nextNumber(trx: Executor, sellerId: number): Promise<number> {
  const row = await trx
    .insertInto('invoice_counters')
    .values({ seller_id: sellerId, last_number: 1 })
    .onConflict((oc) =>
      oc.column('seller_id').doUpdateSet((eb) => ({ last_number: eb('invoice_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/**
 * The tax lines of what was paid: a price that excluded tax had it added at checkout (tax_added), so its
 * value is what was paid less that; otherwise the taxes are inside what was paid.
 */
function linesOf(c: Pick<CheckoutRow, 'amount' | 'tax_added'>, at: number) {
  const paid = toPesewas(c.amount);
  const rates = ratesOn(formatAccra(at, 'yyyy-MM-dd'));
  if (c.tax_added > 0) {
    const added = taxLines(paid - c.tax_added, false, rates);
    if (added.total === paid) return { lines: added, includesTax: false, rates };
  }
  return { lines: taxLines(paid, true, rates), includesTax: true, rates };
}

/** Issues the invoice of a paid checkout, in its transaction. */
export async function issueInvoice(
  trx: Executor,
  c: CheckoutRow,
  buyer: UserRow,
  domain: DomainRow | undefined,
  paymentId: string,
  now: number,
): Promise<InvoiceRow> {
  const seller = await trx
    .selectFrom('users')
    .select(['username', 'companyname'])
    .where('profile_id', '=', c.seller_id)
    .executeTakeFirst();
  const number = await nextNumber(trx, c.seller_id);
  const { lines, includesTax, rates } = linesOf(c, now);
  return trx
    .insertInto('invoices')
    .values({
      seller_id: c.seller_id,
      number,
      buyer_id: buyer.profile_id,
      checkout_reference: c.reference,
      payment_id: paymentId,
      issued_at: now,
      seller_name: domain?.companyname || seller?.companyname || seller?.username || 'SMS credit',
      seller_host: domain?.host ?? '',
      seller_tin: domain?.tin ?? '',
      buyer_name: buyer.companyname || buyer.username,
      buyer_phone: buyer.telnumber,
      buyer_email: buyer.email,
      credits: c.credits,
      currency: c.currency,
      includes_tax: includesTax ? 1 : 0,
      tax_law: rates?.law ?? '',
      ...lines,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An invoice as the app and the PDF show it. */
export function invoiceView(row: InvoiceRow): Invoice {
  const rates = ratesOn(formatAccra(Number(row.issued_at), 'yyyy-MM-dd'));
  return {
    number: invoiceNumber(row.number),
    issuedAt: new Date(Number(row.issued_at)).toISOString(),
    paymentId: row.payment_id,
    seller: { name: row.seller_name, host: row.seller_host, tin: row.seller_tin },
    buyer: { name: row.buyer_name, phone: row.buyer_phone, email: row.buyer_email },
    credits: row.credits,
    currency: row.currency,
    includesTax: row.includes_tax === 1,
    taxLaw: row.tax_law,
    rates: { vat: rates?.vat ?? 0, nhil: rates?.nhil ?? 0, getfund: rates?.getfund ?? 0 },
    base: toCedis(row.base),
    vat: toCedis(row.vat),
    nhil: toCedis(row.nhil),
    getfund: toCedis(row.getfund),
    total: toCedis(row.total),
  };
}

/** The invoice of a payment, to its buyer or to the seller that issued it; anyone else is told it is not there. */
export async function invoiceFor(ctx: GatewayContext, user: UserRow, paymentId: string): Promise<InvoiceRow> {
  const row = await ctx.db
    .selectFrom('invoices')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where((eb) => eb.or([eb('buyer_id', '=', user.profile_id), eb('seller_id', '=', user.profile_id)]))
    .executeTakeFirst();
  if (!row) throw notFound('No invoice was issued for this payment');
  return row;
}
