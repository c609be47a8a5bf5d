import { z } from '../contract/zod';
import { API_MODES, API_SCOPES } from './scopes';
import { MAX_CAP_CREDITS } from '../money/caps';
import { checkSendShape, sendCategory, sendTemplateId, templateFields } from './template-schemas';

// The integrators' API (docs/api-v1.md): the one definition of every body, query and answer. The routes
// validate with these schemas and the OpenAPI document is generated from them, so neither can drift.

export { API_MODES, API_SCOPES };

/** At most this many recipients in one sendMessages request (more go in several requests). */
export const MAX_RECIPIENTS_PER_REQUEST = 1000;
/** At most this many active keys per account. */
export const MAX_ACTIVE_KEYS = 50;

/** A message's status as the API names it (docs/api-v1.md#statuses). */
export const MESSAGE_STATUSES = [
  'scheduled',
  'queued',
  'sent',
  'delivered',
  'failed',
  'expired',
  'unknown',
  'cancelled',
  'opted_out',
] as const;
export type ApiMessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Why a recipient of sendMessages was not accepted. */
export const REJECTION_REASONS = ['invalid_number', 'opted_out'] as const;

const instant = z.iso.datetime({ offset: true }).describe('ISO 8601 date and time with an offset (Z or ±hh:mm)');
const isoOut = z.string().describe('ISO 8601 date and time, UTC');
const count = z.number().int().min(0);
const text = z.string().min(1, 'must not be empty').max(1600, 'is longer than 1600 characters');
const number = z.string().min(1, 'must not be empty').max(40, 'is longer than 40 characters');

export const errorAnswer = z.object({
  error: z.object({
    code: z.string().describe('A stable code to branch on, e.g. missing_scope'),
    message: z.string().describe('What went wrong, in words'),
    param: z.string().optional().describe('The field at fault, when one is'),
    doc_url: z.string().describe('Where the reference explains this code'),
  }),
});

// ---- keys

/** Credits a key's sends may spend an Accra day (docs/api-v1.md#spending-caps); null: no cap. */
const dailyCapField = z
  .number()
  .int('must be a whole number of credits')
  .min(1, 'must be at least 1')
  .max(MAX_CAP_CREDITS, `must be at most ${MAX_CAP_CREDITS}`)
  .nullable()
  .describe("Credits the key's sends may spend an Africa/Accra day; null for no cap");

export const createApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(100, 'is longer than 100 characters'),
  scopes: z.array(z.enum(API_SCOPES)).min(1, 'needs at least one scope').max(API_SCOPES.length),
  mode: z.enum(API_MODES).default('live'),
  allowedIps: z
    .array(z.string().max(50))
    .max(20, 'holds more than 20 entries')
    .optional()
    .describe('Addresses or CIDR blocks the key may be used from; any when absent'),
  expiresAt: instant.optional().describe('When the key stops working; never when absent'),
  dailyCap: dailyCapField.optional(),
});
export type CreateApiKeyBody = z.output<typeof createApiKeyBody>;

export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  mode: z.enum(API_MODES),
  allowedIps: z.array(z.string()),
  expiresAt: isoOut.nullable(),
  createdAt: isoOut,
  lastUsedAt: isoOut.nullable(),
  secretEnding: z.string().describe('The last four characters of the secret'),
  dailyCap: z.number().nullable().describe("Credits the key's sends may spend an Africa/Accra day; null: no cap"),
});
export type ApiKey = z.output<typeof apiKey>;

export const createdApiKey = apiKey.extend({
  secret: z.string().describe('The key itself: shown this once, stored only as its SHA-256'),
});
export const apiKeyList = z.object({ data: z.array(apiKey) });
export const keyParams = z.strictObject({ keyId: z.string().max(64) });
export const revokedApiKey = z.object({ id: z.string(), revoked: z.literal(true) });
export const setApiKeyCapBody = z.strictObject({ dailyCap: dailyCapField });

// ---- account

export const balance = z.object({
  credits: z.number().describe('SMS credits (one per part of a local message)'),
  internationalBalance: z.number().describe('The balance of an international account, in USD'),
  unit: z.enum(['credits', 'USD']).describe("Which of the two the app's header shows for this account"),
  expiresAt: isoOut.nullable().describe('When the credits expire; null when they never do'),
});
export const senderIdList = z.object({
  data: z.array(z.object({ senderId: z.string(), status: z.enum(['approved', 'pending']) })),
});

// ---- messages

export const sendMessagesBody = z
  .strictObject({
    from: z.string().trim().min(1, 'must not be empty').max(11, 'is longer than 11 characters'),
    to: z.array(number).min(1, 'needs at least one number').max(MAX_RECIPIENTS_PER_REQUEST).optional(),
    text: text.optional(),
    templateId: sendTemplateId.optional(),
    fields: templateFields.optional(),
    messages: z
      .array(z.strictObject({ to: number, text: text.optional(), fields: templateFields.optional() }))
      .min(1, 'needs at least one message')
      .max(MAX_RECIPIENTS_PER_REQUEST)
      .optional(),
    scheduleAt: instant.optional().describe('Send later, at this time (to the minute); now when absent'),
    reference: z.string().max(100, 'is longer than 100 characters').optional().describe('Your own reference'),
    category: sendCategory.optional(),
    shortenLinks: z
      .boolean()
      .optional()
      .describe(
        "Replace each http(s) link of the text with the recipient's own short link on your domain and count its clicks (clicks, firstClickAt, link.clicked); parts and cost are counted with the short link",
      ),
    callbackUrl: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(2048, 'is longer than 2048 characters')
      .optional()
      .describe(
        "Also POST this batch's events here, signed with the account's default secret (rotateWebhookSecret); an https URL on the public internet",
      ),
  })
  .superRefine(checkSendShape)
  .describe(
    'One text to many numbers (to and text), or one text per number (messages); templateId with fields in place of text',
  );
export type SendMessagesBody = z.output<typeof sendMessagesBody>;

export const sentMessage = z.object({
  to: z.string(),
  messageId: z.string().nullable().describe('Null when the number was rejected'),
  status: z.enum([...MESSAGE_STATUSES, 'rejected']),
  reason: z.enum(REJECTION_REASONS).nullable().describe('Why it was rejected'),
  parts: count,
  cost: z.number().describe('Credits taken (none in test mode: what it would cost)'),
});

export const sendAnswer = z.object({
  batchId: z.string(),
  mode: z.enum(API_MODES),
  reference: z.string().nullable(),
  scheduleAt: isoOut.nullable(),
  accepted: count,
  rejected: count,
  parts: count,
  cost: z.number(),
  messages: z.array(sentMessage).describe('One per recipient, in the order sent'),
});
export type SendAnswerV1 = z.output<typeof sendAnswer>;

export const message = z.object({
  id: z.string(),
  batchId: z.string(),
  mode: z.enum(API_MODES),
  to: z.string(),
  from: z.string(),
  text: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  parts: count,
  cost: z.number(),
  network: z
    .string()
    .nullable()
    .describe('The mobile network of the number by its prefix: mtn, telecel or airteltigo; null for any other'),
  error: z.object({ code: z.string(), description: z.string() }).nullable(),
  reference: z.string().nullable(),
  createdAt: isoOut,
  scheduleAt: isoOut.nullable(),
  history: z
    .array(z.object({ status: z.enum(MESSAGE_STATUSES), at: isoOut }))
    .describe('Each status it has had, oldest first'),
  clicks: count.describe('Clicks a person made on its short links (sent with shortenLinks); 0 without'),
  firstClickAt: isoOut.nullable().describe('When its short link was first clicked; null before'),
});
export type ApiMessage = z.output<typeof message>;

export const messageParams = z.strictObject({ messageId: z.string().max(64) });
export const batchParams = z.strictObject({ batchId: z.string().max(64) });

export const listMessagesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('1 to 100, 20 by default'),
  cursor: z.string().max(100).optional().describe('nextCursor of the previous page'),
  status: z.enum(MESSAGE_STATUSES).optional(),
  batchId: z.string().max(64).optional(),
  reference: z.string().max(100).optional(),
  from: z.string().max(11).optional().describe('The sender ID'),
  since: instant.optional().describe('Created at or after'),
  until: instant.optional().describe('Created before'),
});
export type ListMessagesQuery = z.output<typeof listMessagesQuery>;

export const messageList = z.object({
  data: z.array(message).describe('Newest first'),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
});

export const batch = z.object({
  id: z.string(),
  mode: z.enum(API_MODES),
  status: z.enum(['scheduled', 'cancelled', 'sending', 'completed']),
  from: z.string(),
  reference: z.string().nullable(),
  createdAt: isoOut,
  scheduleAt: isoOut.nullable(),
  recipients: count,
  parts: count,
  cost: z.number(),
  counts: z.object(
    Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, count])) as Record<ApiMessageStatus, typeof count>,
  ),
});
export type ApiBatch = z.output<typeof batch>;
export const cancelledBatch = batch.extend({ refunded: z.number().describe('Credits returned to the balance') });
