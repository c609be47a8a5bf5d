import { z } from './zod';
import type { RecurringPeriod } from '../domain/types';
import { FRONTEND_PATH } from '../domain/api-paths';
import { request } from './http';
import { OutcomeSchema, outcomeOf, type Outcome } from './answer-fields';
import { intId, shownText as text } from '../domain/contract/fields';

/** A recipient's status row (docs/product.md#delivery-status). */
const StatusRowSchema = z.looseObject({
  id: intId.catch(0),
  mobilenumber: text,
  status: text,
  statusnumber: text,
  referencekey: text,
});
export type StatusRow = z.infer<typeof StatusRowSchema>;

const StatusAnswerSchema = z.object({ status: z.array(StatusRowSchema) });

/** status/{id}: the recipients of one bulk message (own or a client's); another account's id is a refusal. */
export async function fetchMessageStatus(
  token: string,
  profileId: number,
  messageId: string | number,
): Promise<StatusRow[]> {
  const path = `${FRONTEND_PATH}status/${encodeURIComponent(String(messageId))}`;
  const answer = await request({ path, auth: token, body: { profile_id: profileId }, schema: StatusAnswerSchema });
  return answer.status;
}

export interface ScheduledChanges {
  message_id: string | number;
  shortMessage: string;
  sourceAddress: string;
  messageDescription: string;
  expectedDeliveryTime: string;
}

export interface RecurringChanges extends ScheduledChanges {
  recurringPeriod: RecurringPeriod;
  recurringInterval: number;
}

const maybeNum = z.union([z.number(), z.string()]).optional();
const EditAnswerSchema = OutcomeSchema.extend({ creditbalance: maybeNum, internationalcreditbalance: maybeNum });

export type Balances = { creditbalance: number; internationalcreditbalance: number };
/** Edits may refund or charge credits; the reference gateway answers with the new balances. */
export type EditOutcome = Outcome & { balances: Balances | null };

async function write(token: string, call: string, body: object): Promise<EditOutcome> {
  const answer = await request({ path: FRONTEND_PATH + call, auth: token, body, schema: EditAnswerSchema });
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

export const updateScheduled = (token: string, profileId: number, changes: ScheduledChanges) =>
  write(token, 'updatescheduled', { profile_id: profileId, ...changes });

export const updateRecurring = (token: string, profileId: number, changes: RecurringChanges) =>
  write(token, 'updaterecurring', { profile_id: profileId, ...changes });

export const deleteScheduled = (token: string, profileId: number, messageId: string | number) =>
  write(token, 'deletescheduled', { profile_id: profileId, message_id: messageId });

export const deleteRecurring = (token: string, profileId: number, messageId: string | number) =>
  write(token, 'deleterecurring', { profile_id: profileId, message_id: messageId });
