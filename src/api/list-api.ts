import type { z } from './zod';
import { request } from './http';
import { pathFor, type Call } from '../domain/contract/call';
import { hasMoreOf } from '../domain/contract/fields';
import {
  BulkMessageSchema,
  QUICK_CLIENTS,
  QUICK_OWN,
  RECURRING_CLIENTS,
  RECURRING_OWN,
  SCHEDULED_CLIENTS,
  SCHEDULED_OWN,
  ScheduledMessageSchema,
} from '../domain/contract/messages';
import { CLIENT_PURCHASE_HISTORY, PURCHASE_HISTORY, PaymentSchema } from '../domain/contract/payments';

/** A sent message (the dashboard lists, docs/product.md#lists-and-status). Unknown fields are kept for the screens. */
export type BulkMessage = z.infer<typeof BulkMessageSchema>;
/** A scheduled, birthday or recurring registration. */
export type ScheduledMessage = z.infer<typeof ScheduledMessageSchema>;
/** A payment record (docs/product.md#credit-history). */
export type Payment = z.infer<typeof PaymentSchema>;

export type ListItem = BulkMessage | ScheduledMessage | Payment;

/** The six message lists and two credit histories, own and clients', by what they hold. */
export type QuickListName = 'quick-own' | 'quick-client';
export type ScheduledListName = 'scheduled-own' | 'scheduled-client' | 'recurring-own' | 'recurring-client';
export type CreditListName = 'credit-own' | 'credit-client';
export type ListName = QuickListName | ScheduledListName | CreditListName;

/** The item a list holds, as its schema below validated it. */
export type ListItemOf<L extends ListName> = L extends QuickListName
  ? BulkMessage
  : L extends ScheduledListName
    ? ScheduledMessage
    : Payment;

interface ListCall {
  /** The call of the contract, whose answer holds the items under `call.field` (docs/api.md#calls-and-answers). */
  call: Call & { field: string };
  schema: z.ZodType<ListItem>;
  /** The item's identity: an item appears once per list. */
  id: (item: ListItem) => string;
  /** The item's own time, for newest first. */
  time: (item: ListItem) => string;
}

const bulk = {
  schema: BulkMessageSchema,
  id: (i: ListItem) => (i as BulkMessage).message_id,
  time: (i: ListItem) => (i as BulkMessage).messageSentTime,
};
const scheduled = {
  schema: ScheduledMessageSchema,
  id: (i: ListItem) => (i as ScheduledMessage).message_id,
  time: (i: ListItem) => (i as ScheduledMessage).messageRegistrationTime,
};
const credit = {
  schema: PaymentSchema,
  id: (i: ListItem) => (i as Payment).paymentid,
  time: (i: ListItem) => (i as Payment).date,
};

export const LIST_CALLS: Readonly<Record<ListName, ListCall>> = {
  'quick-own': { call: QUICK_OWN, ...bulk },
  'quick-client': { call: QUICK_CLIENTS, ...bulk },
  'scheduled-own': { call: SCHEDULED_OWN, ...scheduled },
  'scheduled-client': { call: SCHEDULED_CLIENTS, ...scheduled },
  'recurring-own': { call: RECURRING_OWN, ...scheduled },
  'recurring-client': { call: RECURRING_CLIENTS, ...scheduled },
  'credit-own': { call: PURCHASE_HISTORY, ...credit },
  'credit-client': { call: CLIENT_PURCHASE_HISTORY, ...credit },
};

export const LIST_NAMES = Object.keys(LIST_CALLS) as ListName[];

export interface ListQuery {
  profile_id: number;
  search: string;
  pageNum: number;
  /** The message lists only: one team member's messages (docs/product.md#who-did-what). */
  member_id?: number;
}

export interface ListPage {
  items: ListItem[];
  pageNum: number;
  hasMore: boolean;
}

type ListAnswer = { items: ListItem[]; pageNum: number; hasMore?: unknown };
const schemas = new Map<ListName, z.ZodType<ListAnswer>>();

/** The call's answer schema, its items taken from the call's field. */
function answerSchema(list: ListName): z.ZodType<ListAnswer> {
  let schema = schemas.get(list);
  if (!schema) {
    const { call } = LIST_CALLS[list];
    schema = (call.answer as z.ZodType<Record<string, unknown> & { pageNum: number; hasMore?: unknown }>).transform(
      (a) => ({ items: a[call.field] as ListItem[], pageNum: a.pageNum, hasMore: a.hasMore }),
    );
    schemas.set(list, schema);
  }
  return schema;
}

/** One page of a list (20 items, newest first); an answer without the list's array is 'invalid-answer'. */
export async function fetchListPage(
  token: string,
  list: ListName,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<ListPage> {
  const answer = await request({
    path: pathFor(LIST_CALLS[list].call),
    auth: token,
    body: query,
    schema: answerSchema(list),
    signal,
  });
  return { items: answer.items, pageNum: answer.pageNum, hasMore: hasMoreOf(answer.hasMore, answer.items.length) };
}
