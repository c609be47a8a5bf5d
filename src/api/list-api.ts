import { z } from './zod';
import { FRONTEND_PATH } from '../domain/api-paths';
import { request } from './http';
import { flag, hasMoreOf, num, pageFields, rowId, shownText as text } from '../domain/contract/fields';

/** A sent message (the dashboard lists, docs/product.md#lists-and-status). Unknown fields are kept for the screens. */
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
});
export type BulkMessage = z.infer<typeof BulkMessageSchema>;

/** A scheduled, birthday or recurring registration. */
const ScheduledMessageSchema = z.looseObject({
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
});
export type ScheduledMessage = z.infer<typeof ScheduledMessageSchema>;

/** A payment record (docs/product.md#credit-history); the clients' version adds who paid. */
const PaymentSchema = z.looseObject({
  paymentid: rowId,
  amount: num,
  currency: text,
  date: text,
  previousbalance: num,
  balanceadded: num,
  newbalance: num,
  paymentassist: text,
  description: text,
  username: text,
  email: text,
  telnumber: text,
  supid: num,
});
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
  call: string;
  /** The answer's array field (docs/api.md#calls-and-answers). */
  key: string;
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
  'quick-own': { call: 'quickrequest', key: 'bulksms', ...bulk },
  'quick-client': { call: 'allbulksms', key: 'bulksms', ...bulk },
  'scheduled-own': { call: 'scheduledrequest', key: 'scheduled', ...scheduled },
  'scheduled-client': { call: 'allscheduled', key: 'scheduled', ...scheduled },
  'recurring-own': { call: 'recurringrequest', key: 'recurring', ...scheduled },
  'recurring-client': { call: 'allrecurring', key: 'recurring', ...scheduled },
  'credit-own': { call: 'purchasehistory', key: 'credithistory', ...credit },
  'credit-client': { call: 'allpurchasehistory', key: 'allcredithistory', ...credit },
};

export const LIST_NAMES = Object.keys(LIST_CALLS) as ListName[];

export interface ListQuery {
  profile_id: number;
  search: string;
  pageNum: number;
}

export interface ListPage {
  items: ListItem[];
  pageNum: number;
  hasMore: boolean;
}

const schemas = new Map<ListName, z.ZodType<{ items: ListItem[]; pageNum: number; hasMore?: unknown }>>();

function answerSchema(list: ListName) {
  let schema = schemas.get(list);
  if (!schema) {
    const { key, schema: item } = LIST_CALLS[list];
    schema = z.object({ [key]: z.array(item), ...pageFields }).transform((a) => ({
      items: (a as Record<string, unknown>)[key] as ListItem[],
      pageNum: a.pageNum,
      hasMore: a.hasMore,
    }));
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
    path: FRONTEND_PATH + LIST_CALLS[list].call,
    auth: token,
    body: query,
    schema: answerSchema(list),
    signal,
  });
  return { items: answer.items, pageNum: answer.pageNum, hasMore: hasMoreOf(answer.hasMore, answer.items.length) };
}
