// The integrators' API (docs/api-v1.md#credit-ledger): the credit ledger and monthly statements.
import { z } from '../contract/zod';
import { LEDGER_REASONS } from '../money/ledger-reasons';
import { SPEND_KINDS } from '../money/statement';

const isoOut = z.string().describe('ISO 8601 date and time, UTC');
const count = z.number().int().min(0);

const ledgerReason = z.enum(LEDGER_REASONS).describe('Why the balance moved');
export const ledgerEntry = z.object({
  id: z.string(),
  amount: z.number().describe('Credits: positive in, negative out'),
  balanceAfter: z.number().describe('The balance this change left'),
  reason: ledgerReason,
  reference: z
    .object({ kind: z.enum(['batch', 'checkout', 'payment', 'account', 'approval']), id: z.string() })
    .nullable()
    .describe(
      'What caused it: a send (the batchId sendMessages answered), a checkout, a payment, a campaign awaiting approval (its reservation and release); null when nothing names it',
    ),
  at: isoOut,
});
export const listLedgerQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('1 to 100, 20 by default'),
  cursor: z.string().max(100).optional().describe('nextCursor of the previous page'),
  from: z.iso.datetime({ offset: true }).optional().describe('Changes at or after this time (ISO 8601)'),
  to: z.iso.datetime({ offset: true }).optional().describe('Changes before this time (ISO 8601)'),
});
export const ledgerList = z.object({
  data: z.array(ledgerEntry).describe('Newest first'),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
});
export const statementParams = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM, e.g. 2026-11')
    .describe('A calendar month in Accra time (GMT), YYYY-MM'),
});
const byReason = z.record(z.string(), z.number()).describe('Credits by reason (the reasons of ledger entries)');
export const statement = z.object({
  month: z.string(),
  openingBalance: z.number(),
  closingBalance: z.number().describe('openingBalance plus every change of the month'),
  credited: byReason,
  debited: byReason.describe('Credits out by reason, as positive numbers'),
  entries: count.describe('Ledger entries in the month'),
  spentByKind: z
    .record(z.enum(SPEND_KINDS), z.number())
    .describe(
      'Credits spent on sends by kind (quick, scheduled, recurring, birthday, api, smpp), as positive numbers: net of edits, before refunds',
    ),
});
