import type { z } from './zod';
import type { RecurringPeriod } from '../domain/types';
import { callGateway } from './http';
import type { CallAnswer, CallBody } from '../domain/contract/call';
import type { StatusFilter } from '../domain/messages/delivery-report';
import { LINK_AUDIENCE, MESSAGE_REPORT, OVERVIEW } from '../domain/contract/reports';
import { outcomeOf, type Outcome } from './answer-fields';
import {
  DELETE_RECURRING,
  DELETE_SCHEDULED,
  MESSAGE_STATUS,
  type StatusRowSchema,
  UPDATE_RECURRING,
  UPDATE_SCHEDULED,
} from '../domain/contract/messages';

/** A recipient's status row (docs/product.md#delivery-status). */
export type StatusRow = z.infer<typeof StatusRowSchema>;
/** status/{id}'s answer: one page, or what changed after a cursor (docs/api.md#a-messages-status). */
export type StatusAnswer = CallAnswer<typeof MESSAGE_STATUS>;

/** One page of a message's status, or (since) what changed after the cursor of the last answer. */
export interface StatusQuery {
  page?: number;
  size?: number;
  search?: string;
  filter?: StatusFilter;
  since?: number;
  /** The index of the previous page's last row: the page is read on from it, never by skipping rows. */
  after?: number;
}

/** status/{id} a page at a time: never the whole list (a send can have 100,000 recipients). */
export function fetchStatusPage(
  token: string,
  profileId: number,
  messageId: string | number,
  query: StatusQuery,
  signal?: AbortSignal,
): Promise<StatusAnswer> {
  return callGateway(MESSAGE_STATUS, {
    auth: token,
    params: { id: messageId },
    body: { profile_id: profileId, ...query },
    ...(signal ? { signal } : {}),
  });
}

/** A message's delivery report (its counters: funnel, networks, reasons, delivery time, credits). */
export async function fetchMessageReport(token: string, profileId: number, messageId: string | number) {
  const answer = await callGateway(MESSAGE_REPORT, {
    auth: token,
    params: { id: messageId },
    body: { profile_id: profileId },
  });
  return answer.report;
}
export type MessageReport = CallAnswer<typeof MESSAGE_REPORT>['report'];

/** The numbers of a send's recipients who clicked its short links, or did not (docs/product.md#follow-up). */
export async function fetchLinkAudience(token: string, profileId: number, messageId: string, clicked: boolean) {
  const answer = await callGateway(LINK_AUDIENCE, {
    auth: token,
    params: { id: messageId },
    body: { profile_id: profileId, clicked },
  });
  return answer;
}

/** The last 30 days of the account's sends (view 'client': an admin's clients' together). */
export type OverviewAnswer = CallAnswer<typeof OVERVIEW>['overview'];
export async function fetchOverview(token: string, profileId: number, view: 'personal' | 'client', memberId?: number) {
  const member = memberId === undefined ? {} : { member_id: memberId };
  const answer = await callGateway(OVERVIEW, { auth: token, body: { profile_id: profileId, view, ...member } });
  return answer.overview;
}

/** status/{id}: the recipients of one bulk message (own or a client's); another account's id is a refusal. */
export async function fetchMessageStatus(
  token: string,
  profileId: number,
  messageId: string | number,
): Promise<StatusRow[]> {
  const answer = await callGateway(MESSAGE_STATUS, {
    auth: token,
    params: { id: messageId },
    body: { profile_id: profileId },
  });
  return answer.status;
}

export interface ScheduledChanges {
  message_id: string | number;
  /** A regular registration's text; a personalized one sends its `template` instead. */
  shortMessage?: string;
  template?: string;
  sourceAddress: string;
  messageDescription: string;
  expectedDeliveryTime: string;
}

export interface RecurringChanges extends ScheduledChanges {
  recurringPeriod: RecurringPeriod;
  recurringInterval: number;
}

export type Balances = { creditbalance: number; internationalcreditbalance: number };
/** Edits may refund or charge credits; the reference gateway answers with the new balances. */
export type EditOutcome = Outcome & { balances: Balances | null };

type EditCall = typeof UPDATE_SCHEDULED | typeof UPDATE_RECURRING | typeof DELETE_SCHEDULED | typeof DELETE_RECURRING;

async function write<C extends EditCall>(token: string, call: C, body: CallBody<C>): Promise<EditOutcome> {
  const answer = await callGateway(call, { auth: token, body });
  const credit = Number(answer.creditbalance);
  const international = Number(answer.internationalcreditbalance);
  const known =
    answer.creditbalance !== undefined &&
    answer.internationalcreditbalance !== undefined &&
    Number.isFinite(credit) &&
    Number.isFinite(international);
  return {
    ...outcomeOf(answer),
    balances: known ? { creditbalance: credit, internationalcreditbalance: international } : null,
  };
}

/** What an edit's text would cost (a preview of updatescheduled / updaterecurring: nothing changes). */
export type EditQuote = NonNullable<CallAnswer<typeof UPDATE_SCHEDULED>['quote']>;
export type QuoteRequest = Pick<ScheduledChanges, 'message_id' | 'shortMessage' | 'template' | 'sourceAddress'>;

export async function quoteEdit(
  token: string,
  profileId: number,
  recurring: boolean,
  request: QuoteRequest,
  signal?: AbortSignal,
): Promise<EditQuote | null> {
  const call = recurring ? UPDATE_RECURRING : UPDATE_SCHEDULED;
  const body = { profile_id: profileId, ...request, preview: true };
  const answer = await callGateway(call, { auth: token, body, ...(signal ? { signal } : {}) });
  return answer.quote ?? null;
}

export const updateScheduled = (token: string, profileId: number, changes: ScheduledChanges) =>
  write(token, UPDATE_SCHEDULED, { profile_id: profileId, ...changes });

export const updateRecurring = (token: string, profileId: number, changes: RecurringChanges) =>
  write(token, UPDATE_RECURRING, { profile_id: profileId, ...changes });

export const deleteScheduled = (token: string, profileId: number, messageId: string | number) =>
  write(token, DELETE_SCHEDULED, { profile_id: profileId, message_id: messageId });

export const deleteRecurring = (token: string, profileId: number, messageId: string | number) =>
  write(token, DELETE_RECURRING, { profile_id: profileId, message_id: messageId });
