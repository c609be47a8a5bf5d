import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

/**
 * Invoices of confirmed purchases (docs/product.md#invoices): numbered without gaps per issuing account
 * by a counter row taken in the purchase's transaction; each domain's seller TIN and whether its prices
 * include tax.
 */
export function invoices(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('domains').addColumn('tin', 'text', empty).execute();
      await db.schema
        .alterTable('domains')
        .addColumn('prices_include_tax', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // Pesewas of tax a checkout added to its price (prices without tax); 0 when its price included them.
      await db.schema.alterTable('checkouts').addColumn('tax_added', 'integer', zero).execute();
      // Files sent with an e-mail (an invoice's PDF): JSON [{ filename, contentType, base64 }].
      await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text', empty).execute();
      await db.schema
        .createTable('invoice_counters')
        .addColumn('seller_id', 'integer', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', zero)
        .execute();
      await withId(dialect, db.schema.createTable('invoices'))
        .addColumn('seller_id', 'integer', notNull)
        .addColumn('number', 'integer', notNull)
        .addColumn('buyer_id', 'integer', notNull)
        .addColumn('checkout_reference', 'text', notNull)
        .addColumn('payment_id', 'text', notNull)
        .addColumn('issued_at', bigint(dialect), notNull)
        .addColumn('seller_name', 'text', notNull)
        .addColumn('seller_host', 'text', empty)
        .addColumn('seller_tin', 'text', empty)
        .addColumn('buyer_name', 'text', notNull)
        .addColumn('buyer_phone', 'text', empty)
        .addColumn('buyer_email', 'text', empty)
        .addColumn('credits', 'integer', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('includes_tax', 'integer', notNull)
        .addColumn('tax_law', 'text', empty)
        .addColumn('base', 'integer', notNull)
        .addColumn('vat', 'integer', notNull)
        .addColumn('nhil', 'integer', notNull)
        .addColumn('getfund', 'integer', notNull)
        .addColumn('total', 'integer', notNull)
        .addUniqueConstraint('invoices_seller_number', ['seller_id', 'number'])
        .addUniqueConstraint('invoices_checkout', ['checkout_reference'])
        .execute();
      await db.schema.createIndex('invoices_buyer').on('invoices').columns(['buyer_id', 'id']).execute();
      await db.schema.createIndex('invoices_payment').on('invoices').column('payment_id').execute();
    },
  };
}
