import type { Generated, Selectable } from 'kysely';

// Phone books, payments and checkouts. Times are epoch milliseconds, booleans 0/1 (schema-core.ts).

/** A phone book. `groupname` is unique per owner, ignoring case. */
export interface GroupsTable {
  id: Generated<number>;
  profile_id: number;
  groupname: string;
  created_at: number;
}
export type GroupRow = Selectable<GroupsTable>;

/** A contact of one phone book; `profile_id` repeats the book's owner so birthday sends find contacts by number. */
export interface ContactsTable {
  id: Generated<number>;
  group_id: number;
  profile_id: number;
  firstname: Generated<string>;
  middlename: Generated<string>;
  surname: Generated<string>;
  email: Generated<string>;
  phonenumber: Generated<string>;
  birthday: Generated<string>; // 'yyyy-MM-dd' or ''
  referencekey: string;
  created_at: number;
  /** How the person agreed to be messaged (at most 100 characters), '' when not known (migration 021). */
  consentsource: Generated<string>;
  /** The day they agreed, 'yyyy-MM-dd' or ''. */
  consentdate: Generated<string>;
}
export type ContactRow = Selectable<ContactsTable>;

/** A line of a purchase history: a card payment, a credit gift from an admin, or a referral bonus. */
export interface PaymentsTable {
  id: Generated<number>;
  paymentid: string; // the checkout reference, or a generated one for gifts and bonuses
  profile_id: number; // whose balance changed
  kind: string; // paystack | manual | direct | referral
  amount: number;
  currency: string;
  date: number;
  previousbalance: number;
  balanceadded: number;
  newbalance: number;
  paymentassist: string; // username of the admin who gave the credit, '' otherwise
  description: Generated<string>;
  searchtext: string; // lower-cased searchable fields, so search works the same on both databases
}
export type PaymentRow = Selectable<PaymentsTable>;

/** A purchase's checkout: created by paystack-link, paid (or closed unpaid) once, on Paystack or the simulated page. */
export interface CheckoutsTable {
  reference: string;
  profile_id: number; // the buyer
  seller_id: number; // the buyer's supervisor, whose prices (and, for resellers, credit) apply
  amount: number;
  currency: string;
  credits: number;
  rate: number;
  expiry_years: number;
  title: Generated<string>;
  description: Generated<string>;
  /**
   * pending | paid | cancelled (simulated page) | failed | expired | mismatch (Paystack's amount or
   * currency differed) | unsettled (Paystack confirmed it, but the reseller could no longer supply the credits).
   */
  status: string;
  created_at: number;
  expires_at: number;
  /** The team member who acted (docs/product.md#who-did-what); null for the owner, an API key or SMPP. */
  member_id: Generated<number | null>;

  settled_at: number | null;
  /** 'sim' (dev mode's simulated page) or 'paystack'. */
  provider: Generated<string>;
  /** What the provider last said of the payment (its gateway_response), for support. */
  provider_note: Generated<string>;
  /** Credits (with any referral bonus) taken from a reseller seller for this checkout while pending; 0 once it ends. */
  reserved: Generated<number>;
  /** Pesewas of tax added to the price (a domain whose prices exclude tax); 0 when the price included it. */
  tax_added: Generated<number>;
  /** 1: bought by the account's auto top-up (its saved card), its credits an `auto_topup` in the ledger. */
  auto_topup: Generated<number>;
}
export type CheckoutRow = Selectable<CheckoutsTable>;

/** An invoice of a confirmed purchase, as issued: names, TIN and taxes are kept as they were that day. */
export interface InvoicesTable {
  id: Generated<number>;
  /** The issuing account (the buyer's supervisor: the operator or a reseller) and its gapless number. */
  seller_id: number;
  number: number;
  buyer_id: number;
  checkout_reference: string;
  payment_id: string;
  issued_at: number;
  seller_name: string;
  seller_host: Generated<string>;
  seller_tin: Generated<string>;
  buyer_name: string;
  buyer_phone: Generated<string>;
  buyer_email: Generated<string>;
  credits: number;
  currency: string;
  includes_tax: number;
  tax_law: Generated<string>;
  /** Pesewas: the taxable value, each tax, and what the buyer paid (base + taxes). */
  base: number;
  vat: number;
  nhil: number;
  getfund: number;
  total: number;
}
export type InvoiceRow = Selectable<InvoicesTable>;

/** Each issuing account's last invoice number, taken and raised in the purchase's transaction. */
export interface InvoiceCountersTable {
  seller_id: number;
  last_number: Generated<number>;
}

/**
 * An account's card auto top-up (docs/product.md#auto-top-up): its saved card (Paystack's reusable
 * authorization: a secret, written and used by payments/auto-topup*.ts, never answered nor logged),
 * when to buy and for how much, and the state of its charges.
 */
export interface AutoTopupsTable {
  profile_id: number;
  authorization_code: string;
  card_label: Generated<string>;
  enabled: Generated<number>;
  /** Credits: a balance under this buys. */
  threshold: Generated<number>;
  /** Credits a top-up buys, priced at the account's tier of the day; 0 on a setting saved before (then `amount`). */
  credits: Generated<number>;
  /** GHS a top-up of a setting saved before credits buys credits for, at the seller's prices of the day. */
  amount: Generated<number>;
  /** 1 once the balance was at or above the level: the next fall under it buys, once (a crossing). */
  armed: Generated<number>;
  /** Consecutive failed charges; the third turns it off. */
  failures: Generated<number>;
  last_error: Generated<string>;
  /** The Accra day of `day_count`, the top-ups bought that day. */
  day: Generated<string>;
  day_count: Generated<number>;
  /** The checkout being charged, '' when none; held by `claimed_by` until `claim_until`. */
  reference: Generated<string>;
  claimed_by: Generated<string>;
  claim_until: Generated<number>;
  updated_at: number;
}
export type AutoTopupRow = Selectable<AutoTopupsTable>;

export interface PhonebookPaymentTables {
  auto_topups: AutoTopupsTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  groups: GroupsTable;
  contacts: ContactsTable;
  payments: PaymentsTable;
  checkouts: CheckoutsTable;
}
