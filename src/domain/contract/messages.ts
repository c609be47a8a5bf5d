// The message lists, editing and deleting scheduled and recurring sends, and a send's recipients
// (docs/api.md#calls-and-answers, docs/product.md#lists-and-status).
import { z } from './zod';
import { frontendCall } from './call';
import { listCall } from './list-call';
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
});

// Own messages for anyone signed in; an admin's clients' (supid = the admin) for admins only.
export const QUICK_OWN = listCall('quickrequest', 'user', 'bulksms', BulkMessageSchema);
export const QUICK_CLIENTS = listCall('allbulksms', 'admin', 'bulksms', BulkMessageSchema);
export const SCHEDULED_OWN = listCall('scheduledrequest', 'user', 'scheduled', ScheduledMessageSchema);
export const SCHEDULED_CLIENTS = listCall('allscheduled', 'admin', 'scheduled', ScheduledMessageSchema);
export const RECURRING_OWN = listCall('recurringrequest', 'user', 'recurring', ScheduledMessageSchema);
export const RECURRING_CLIENTS = listCall('allrecurring', 'admin', 'recurring', ScheduledMessageSchema);

/** A registration's edit: a field left out keeps its value. */
const editBody = z.object({
  profile_id: profileId,
  message_id: numericId,
  shortMessage: optionalText,
  sourceAddress: optionalText,
  messageDescription: campaignName.optional(),
  expectedDeliveryTime: optionalText,
  specialUnicodeSupport: optionalFlag,
  recurringPeriod: optionalText,
  recurringInterval: z.union([z.number(), z.string(), z.null()]).optional(),
});
const deleteBody = z.object({ profile_id: profileId, message_id: numericId });

const maybeNum = z.union([z.number(), z.string()]).optional();
/** Edits may refund or charge credits: the answer carries the new balances. */
const editAnswer = outcomeAnswer.extend({ creditbalance: maybeNum, internationalcreditbalance: maybeNum });

export const UPDATE_SCHEDULED = frontendCall('updatescheduled', 'user', editBody, editAnswer);
export const UPDATE_RECURRING = frontendCall('updaterecurring', 'user', editBody, editAnswer);
export const DELETE_SCHEDULED = frontendCall('deletescheduled', 'user', deleteBody, editAnswer);
export const DELETE_RECURRING = frontendCall('deleterecurring', 'user', deleteBody, editAnswer);

/** A recipient's status row (docs/product.md#delivery-status). */
export const StatusRowSchema = z.looseObject({
  id: intId.catch(0),
  mobilenumber: text,
  status: text,
  statusnumber: text,
  referencekey: text,
});

/** The recipients of one bulk message (own, or a client's for its admin); another account's id is a refusal. */
export const MESSAGE_STATUS = frontendCall(
  'status/:id',
  'user',
  ownBody,
  z.object({ status: z.array(StatusRowSchema) }),
);
