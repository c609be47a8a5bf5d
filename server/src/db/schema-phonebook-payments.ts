// Filled by the phone book and payments area: groups, contacts, payments, checkouts, images.
export type PhonebookPaymentTables = Record<never, never>;
