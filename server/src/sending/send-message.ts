import type { UserRow } from '../db/schema-core';
import { STAGE, type MessageRow } from '../db/schema-messaging';
import type { RecipientDefaults } from '../messaging/message-store';
import type { MessageFields } from '../messaging/message-rows';
import { quietHoursOf } from '../scheduler/quiet-hours';
import { heldUntil } from '../../../src/domain/send/quiet-hours';
import type { SendEnvelope } from './send-items';

// A send's message row: its fields, and whether the account's quiet hours hold it (docs/product.md#quiet-hours).

/**
 * When a send's delivery goes out if the account's quiet hours hold it now; null: at once. Only a quick
 * promotional send is held here (a registration's runs are held as they run: scheduler/quiet-hours.ts);
 * never a test key's send, a test to oneself or an SMPP submit.
 */
export function holdFor(
  user: UserRow,
  envelope: SendEnvelope,
  options: { test?: boolean; testToSelf?: boolean; asGiven?: boolean },
  now: number,
): number | null {
  if (envelope.kind !== 'quick' || options.test || options.testToSelf || options.asGiven) return null;
  return heldUntil(quietHoursOf(user), envelope.category, now);
}

/** A send's message is held by quiet hours (its first batch decided): later batches wait with it. */
export const heldNow = (message: { hold_until: number | null }, now: number) =>
  message.hold_until !== null && Number(message.hold_until) > now;

/** The message row's fields of a send. */
export const messageFields = (
  user: UserRow,
  envelope: SendEnvelope,
  jobId: string | null,
  now: number,
  testToSelf: boolean,
): MessageFields => {
  const registration = envelope.kind !== 'quick';
  return {
    profile_id: user.profile_id,
    supid: user.supid,
    username: user.username,
    job_id: jobId,
    job_key: jobId,
    kind: envelope.kind,
    message_type: envelope.messageType,
    typeandsubtype: envelope.typeandsubtype,
    short_message: envelope.shortMessage,
    template: envelope.template,
    source_address: envelope.sourceAddress,
    description: envelope.description,
    unicode: envelope.unicode ? 1 : 0,
    flash: envelope.flash ? 1 : 0,
    parts: envelope.parts,
    parent_id: null,
    state: registration ? 'active' : 'done',
    registered_at: now,
    sent_at: registration ? null : now,
    anchor_at: registration ? envelope.at : null,
    // Birthday runs are planned once the recipients' birthdays are known.
    next_run_at: envelope.kind === 'scheduled' || envelope.kind === 'recurring' ? envelope.at : null,
    recurring_period: envelope.recurringPeriod ?? '',
    recurring_interval: envelope.recurringInterval,
    created_at: now,
    test_send: testToSelf ? 1 : 0,
    category: envelope.category,
  };
};

/** What a send's new recipients start as: a registration's templates, a test key's submitted ones, held or queued. */
export const recipientDefaults = (
  message: MessageRow,
  registration: boolean,
  test: boolean,
  paying: boolean,
  now: number,
): RecipientDefaults => ({
  stage: registration ? STAGE.template : test ? STAGE.submitted : heldNow(message, now) ? STAGE.held : STAGE.queued,
  status: registration ? 'SCHEDULED' : 'PENDING',
  paid: registration && paying,
  now,
  randomAlpha: message.random_alpha,
});
