// A month's statement of an account's credit (docs/product.md#statements): the caller's own, or (an
// admin) one client's, named by clientprofile_id and checked by the gateway as any client it acts on.
import { z } from './zod';
import { frontendCall } from './call';
import { num, profileId, shownText as text } from './fields';
import { CAUSE_KINDS, MONTH_PATTERN, STATEMENT_LINES } from '../money/statement';
import { LEDGER_REASONS } from '../money/ledger-reasons';

/**
 * What a ledger row opens: a message's status page (by the id its status page takes), a purchase's
 * invoice (by its payment id), a payment or checkout in the purchase history, or nothing.
 */
export const StatementCauseSchema = z.object({ kind: z.enum(CAUSE_KINDS), id: text }).nullable();

export const StatementEntrySchema = z.object({
  id: num,
  at: num,
  amount: num,
  balanceAfter: num,
  reason: z.enum(LEDGER_REASONS),
  line: z.enum(STATEMENT_LINES),
  cause: StatementCauseSchema,
});

export const StatementSchema = z.object({
  month: text,
  account: z.object({ profile_id: num, username: text }),
  openingBalance: num,
  closingBalance: num,
  /** Signed credits per line (statement.ts's lines), the lines with no rows left out. */
  lines: z.array(z.object({ line: z.enum(STATEMENT_LINES), credits: num })),
  /** The month's rows, oldest first; at most STATEMENT_ENTRIES_MAX of them (`entryCount` counts all). */
  entries: z.array(StatementEntrySchema),
  entryCount: num,
  /**
   * What the month's sends spent by the team member who made them (docs/product.md#who-did-what): the
   * owner's row (member null) holds the owner's own, API keys' and SMPP's; empty for an account without members.
   */
  byMember: z.array(z.object({ member: num.nullable(), name: text, credits: num })).optional(),
});

/** The rows a statement lists at most; its lines count every row. */
export const STATEMENT_ENTRIES_MAX = 2000;

/** statement: one month (YYYY-MM, Accra) of the caller's credit, or of its client's (admins). */
export const STATEMENT = frontendCall(
  'statement',
  { who: 'user', touches: 'self', needs: 'billing' },
  z.object({
    profile_id: profileId,
    month: z.string().regex(MONTH_PATTERN, 'must be a month written YYYY-MM'),
    clientprofile_id: z.union([z.number(), z.string()]).optional(),
  }),
  z.object({ statement: StatementSchema }),
);
