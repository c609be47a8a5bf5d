import type { MessageRow } from '../db/schema-messaging';
import { isoOrNull } from './delivery-time';
import type { RecipientStatus } from '../../../src/domain/messages/message-status';

/** The numbers part of a list item: at most PREVIEW_NUMBERS of them, with the true count beside. */
function destinations(row: MessageRow) {
  return {
    destinationAddress: row.destination_preview,
    destinationCount: row.posted,
    destinationTruncated: row.posted > row.preview_count,
  };
}

/**
 * A sent message for the dashboards. A send can have 100,000 recipients, so messageStatus is a
 * summary ({ status, count } for SENT, FAILED, PENDING and, when any, OPTED_OUT) and the rows come from status/{id}.
 * 'Message submission in progress' while submitted < posted.
 */
/** The fields every message view shares. */
function messageFields(row: MessageRow) {
  return {
    message_id: row.id,
    randomAlpha: row.random_alpha,
    shortMessage: row.short_message,
    ...destinations(row),
    sourceAddress: row.source_address,
    messageDescription: row.description,
    messageType: row.message_type,
    typeandsubtype: row.typeandsubtype,
    username: row.username,
    messagecount: row.parts,
    credits: row.credits,
    specialUnicodeSupport: row.unicode === 1,
    flash: row.flash === 1,
    // A personalized send's text as typed: shortMessage is its first recipient's.
    ...(row.template === null ? {} : { template: row.template }),
  };
}

export function bulkMessageView(row: MessageRow) {
  const pending = Math.max(0, row.posted - row.sent - row.failed - row.opted_out);
  return {
    ...messageFields(row),
    messageSentTime: isoOrNull(row.sent_at),
    posted: row.posted,
    // Opted-out recipients are settled at acceptance: they never wait for the carrier.
    submitted: row.submitted + row.opted_out,
    messageStatus: [
      { status: 'SENT', count: row.sent },
      { status: 'FAILED', count: row.failed },
      { status: 'PENDING', count: pending },
      ...(row.opted_out > 0 ? [{ status: 'OPTED_OUT' as const, count: row.opted_out }] : []),
    ] satisfies { status: RecipientStatus; count: number }[],
    scheduledMessageId: row.parent_id,
    // A test to the sender's own phone (docs/product.md#a-test-to-yourself).
    ...(row.test_send === 1 ? { testSend: true } : {}),
  };
}

/** A scheduled, birthday or recurring registration; expectedDeliveryTime is the next delivery (the last one once done). */
export function scheduledMessageView(row: MessageRow) {
  return {
    ...messageFields(row),
    messageRegistrationTime: isoOrNull(row.registered_at),
    expectedDeliveryTime: isoOrNull(row.next_run_at ?? row.last_run_at ?? row.anchor_at),
    firstDeliveryTime: isoOrNull(row.anchor_at),
    nextDeliveryTime: isoOrNull(row.next_run_at),
    lastDeliveryTime: isoOrNull(row.last_run_at),
    recurringPeriod: row.recurring_period,
    recurringInterval: row.recurring_interval,
    status: row.state,
    runCount: row.run_count,
    lastError: row.last_error,
  };
}

/**
 * What a status page says of its message above the rows (docs/product.md#delivery-status): the message's
 * own name, text, sender, kind, author and time, never a recipient's, so an erasure leaves it whole.
 */
export function campaignView(row: MessageRow, now: number) {
  const held = row.hold_until !== null && Number(row.hold_until) > now;
  return {
    message_id: row.id,
    messageDescription: row.description,
    shortMessage: row.short_message,
    sourceAddress: row.source_address,
    messageType: row.message_type,
    username: row.username,
    messageSentTime: isoOrNull(row.sent_at ?? row.registered_at),
    ...(held ? { heldUntil: Number(row.hold_until) } : {}),
  };
}
