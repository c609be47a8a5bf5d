// The message lists, editing and deleting scheduled and recurring sends, and a send's recipients
// (docs/api.md#calls-and-answers, docs/product.md#lists-and-status).
import { z } from './zod';
import { frontendCall } from './call';
import { MAX_ID, PAGE_SIZES, SEARCH_MAX_LENGTH, STATUS_EXPORT_PAGE_SIZE } from '../constants';
import { STATUS_FILTERS } from '../messages/delivery-report';
import { listCall, memberListBody } from './list-call';
import {
  campaignName,
  flag,
  intId,
  num,
  numericId,
  optionalFlag,
  optionalText,
  outcomeAnswer,
  ownBody,
  profileId,
  rowId,
  shownText as text,
} from './fields';

/** A personalized send's template, with its {placeholders} (absent for a regular one, or one stored before it was kept). */
const personalized = {
  typeandsubtype: text.optional(),
  template: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined)
    .optional(),
};

/** A sent message (the dashboard lists). Unknown fields are kept for the screens. */
export const BulkMessageSchema = z.looseObject({
  message_id: rowId,
  randomAlpha: text,
  shortMessage: text,
  destinationAddress: text,
  sourceAddress: text,
  messageDescription: text,
  messageType: text,
  username: text,
  messagecount: num,
  specialUnicodeSupport: flag,
  messageSentTime: text,
  messageStatus: z
    .array(z.looseObject({ status: text }))
    .nullish()
    .transform((v) => v ?? []),
  ...personalized,
  /** A test to the sender's own phone (docs/product.md#a-test-to-yourself); absent otherwise. */
  testSend: z.boolean().optional().catch(undefined),
});

/** A scheduled, birthday or recurring registration. */
export const ScheduledMessageSchema = z.looseObject({
  message_id: rowId,
  shortMessage: text,
  sourceAddress: text,
  messageDescription: text,
  messageType: text,
  messageRegistrationTime: text,
  expectedDeliveryTime: text,
  recurringPeriod: text,
  recurringInterval: num,
  specialUnicodeSupport: flag,
  username: text,
  ...personalized,
});

// Own messages for anyone signed in; an admin's clients' (supid = the admin) for admins only.
export const QUICK_OWN = listCall(
  'quickrequest',
  { who: 'user', touches: 'self', needs: 'reports' },
  'bulksms',
  BulkMessageSchema,
  [],
  memberListBody,
);
export const QUICK_CLIENTS = listCall(
  'allbulksms',
  { who: 'admin', touches: 'clients', needs: 'clients' },
  'bulksms',
  BulkMessageSchema,
);
export const SCHEDULED_OWN = listCall(
  'scheduledrequest',
  { who: 'user', touches: 'self', needs: 'reports' },
  'scheduled',
  ScheduledMessageSchema,
  [],
  memberListBody,
);
export const SCHEDULED_CLIENTS = listCall(
  'allscheduled',
  { who: 'admin', touches: 'clients', needs: 'clients' },
  'scheduled',
  ScheduledMessageSchema,
);
export const RECURRING_OWN = listCall(
  'recurringrequest',
  { who: 'user', touches: 'self', needs: 'reports' },
  'recurring',
  ScheduledMessageSchema,
  [],
  memberListBody,
);
export const RECURRING_CLIENTS = listCall(
  'allrecurring',
  { who: 'admin', touches: 'clients', needs: 'clients' },
  'recurring',
  ScheduledMessageSchema,
);

/**
 * A registration's edit: a field left out keeps its value. A personalized one changes its `template`
 * (each recipient's text is filled from it again); `preview` changes nothing and answers the `quote`.
 */
const editBody = z.object({
  profile_id: profileId,
  message_id: numericId,
  shortMessage: optionalText,
  template: optionalText,
  preview: optionalFlag,
  sourceAddress: optionalText,
  messageDescription: campaignName.optional(),
  expectedDeliveryTime: optionalText,
  specialUnicodeSupport: optionalFlag,
  recurringPeriod: optionalText,
  recurringInterval: z.union([z.number(), z.string(), z.null()]).optional(),
});
const deleteBody = z.object({ profile_id: profileId, message_id: numericId });

const maybeNum = z.union([z.number(), z.string()]).optional();

/**
 * What an edit's text would cost: its recipients, the credits one delivery to all of them takes, the
 * parts of its first recipient's text, and the credits the change charges now (below 0: refunds).
 * A personalized send's also has its template and the fields its recipients have values for.
 */
const editQuote = z.object({
  recipients: num,
  credits: num,
  parts: num,
  change: num,
  template: z.string().optional(),
  fields: z.array(z.string()).optional(),
});

/** Edits may refund or charge credits: the answer carries the new balances (and a preview's quote). */
const editAnswer = outcomeAnswer.extend({
  creditbalance: maybeNum,
  internationalcreditbalance: maybeNum,
  quote: editQuote.optional(),
});

export const UPDATE_SCHEDULED = frontendCall(
  'updatescheduled',
  { who: 'user', touches: 'self', needs: 'send' },
  editBody,
  editAnswer,
);
export const UPDATE_RECURRING = frontendCall(
  'updaterecurring',
  { who: 'user', touches: 'self', needs: 'send' },
  editBody,
  editAnswer,
);
export const DELETE_SCHEDULED = frontendCall(
  'deletescheduled',
  { who: 'user', touches: 'self', needs: 'send' },
  deleteBody,
  editAnswer,
);
export const DELETE_RECURRING = frontendCall(
  'deleterecurring',
  { who: 'user', touches: 'self', needs: 'send' },
  deleteBody,
  editAnswer,
);

/**
 * A recipient's status row (docs/product.md#delivery-status). A paged answer's rows also carry their
 * place (index), network, the time of their last status (ISO) and a failure's reason in words.
 */
export const StatusRowSchema = z.looseObject({
  id: intId.catch(0),
  mobilenumber: text,
  status: text,
  statusnumber: text,
  referencekey: text,
  index: num.optional(),
  network: text.optional(),
  statusTime: text.optional(),
  reason: text.optional(),
  /** A personalized send's recipient: its own text. */
  text: text.optional(),
  /** The parts its text was billed as (older gateways leave it out). */
  parts: num.optional(),
  /** Clicks on its short links (docs/product.md#short-links): only for a send that shortened them. */
  clicks: num.optional(),
});

/** The table's page sizes, and the export's pages. */
const STATUS_PAGE_SIZES: readonly number[] = [...PAGE_SIZES, STATUS_EXPORT_PAGE_SIZE];
const wholeAtLeast = (min: number) => z.coerce.number<number | string>().int().min(min).max(MAX_ID);

/**
 * status/{id}'s body. Without page, size, search, filter and since it answers every row (old clients);
 * with any of them one page in recipient order (after: the index of the previous page's last row), or
 * (since: the cursor of the last answer) only what changed (docs/api.md#a-messages-status).
 */
const statusBody = ownBody.extend({
  page: wholeAtLeast(1).optional(),
  size: z.coerce
    .number<number | string>()
    .refine((n) => STATUS_PAGE_SIZES.includes(n), `must be 5, 10 or 25 (${STATUS_EXPORT_PAGE_SIZE} for an export)`)
    .optional(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
  filter: z.enum(STATUS_FILTERS, { error: 'must be sent, failed, pending or optedOut' }).optional(),
  since: wholeAtLeast(0).optional(),
  after: wholeAtLeast(0).optional(),
});

/**
 * Counted from the message's counters: sent, failed, pending (UNKNOWN included), opted out and all;
 * waiting: those whose status may still change (PENDING, SCHEDULED).
 */
export const StatusTotalsSchema = z.object({
  sent: num,
  failed: num,
  pending: num,
  optedOut: num,
  total: num,
  waiting: num,
});

/** The recipients of one bulk message (own, or a client's for its admin); another account's id is a refusal. */
/** The message a status page shows, from its own row (never a recipient's): name, text, sender, kind, author, time. */
export const StatusCampaignSchema = z.object({
  message_id: num,
  messageDescription: text,
  shortMessage: text,
  sourceAddress: text,
  messageType: text,
  username: text,
  messageSentTime: text,
  /** A delivery the account's quiet hours hold: when they end (ms); absent when it is not held (docs/product.md#quiet-hours). */
  heldUntil: num.optional(),
});

export const MESSAGE_STATUS = frontendCall(
  'status/:id',
  { who: 'user', touches: 'record', needs: 'reports' },
  statusBody,
  z.object({
    /** Absent from the whole-list answer (old clients), from one of what changed (since), and from an older gateway's. */
    campaign: StatusCampaignSchema.optional(),
    status: z.array(StatusRowSchema).optional().default([]),
    page: num.optional(),
    size: num.optional(),
    /** How many rows the filter and search match (the pages' count). */
    matching: num.optional(),
    totals: StatusTotalsSchema.optional(),
    /** The last recipient event the answer has seen: the next look asks for what came after it. */
    cursor: num.optional(),
    changes: z.array(StatusRowSchema).optional(),
    /** More changes wait after `cursor`: ask again at once. */
    more: flag.optional(),
  }),
);
