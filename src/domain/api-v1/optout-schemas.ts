import { MAX_REMOVAL_REASON, OPT_OUT_REASONS } from '../numbers/opt-out';
import { z } from '../contract/zod';
import { MAX_RECIPIENTS_PER_REQUEST } from './schemas';

// The integrators' API's opt-outs (docs/compliance.md, docs/api-v1.md): bodies, queries and answers.

const count = z.number().int().min(0);
const isoOut = z.string().describe('ISO 8601 date and time, UTC');

export const optOut = z.object({
  number: z.string().describe('International form without +, e.g. 233244000001'),
  reason: z.enum(OPT_OUT_REASONS).describe('How it got on the list'),
  createdAt: isoOut,
});
export const listOptOutsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('1 to 100, 20 by default'),
  cursor: z.string().max(100).optional().describe('nextCursor of the previous page'),
});
export const optOutList = z.object({
  data: z.array(optOut).describe('Newest first'),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
});
export const addOptOutsBody = z.strictObject({
  numbers: z
    .array(z.string().max(32))
    .min(1)
    .max(MAX_RECIPIENTS_PER_REQUEST)
    .describe('Phone numbers, written any way'),
  reason: z.enum(['manual', 'import', 'complaint']).default('manual'),
});
export const addedOptOuts = z.object({
  added: count.describe('Numbers newly on the list'),
  already: count.describe('Numbers that were on it already'),
});
export const optOutParams = z.strictObject({ number: z.string().max(32) });
export const removeOptOutQuery = z.strictObject({
  reason: z.string().min(1).max(MAX_REMOVAL_REASON).describe('Why the number may receive messages again (recorded)'),
});
export const removedOptOut = z.object({ number: z.string(), removed: z.literal(true) });
