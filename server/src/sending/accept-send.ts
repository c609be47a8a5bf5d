import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { Executor } from '../db/database';
import { refuse } from '../core/errors';
import type { MessageKind } from '../../../src/domain/types';
import { withBirthdays } from '../messaging/birthdays';
import { balances, charge, checkCreditExpiry } from '../money/balance';
import type { SpendingCap } from '../money/caps';
import type { LedgerReason } from '../../../src/domain/money/ledger-reasons';
import type { IdempotencyRange } from '../../../src/domain/send/idempotency-key';
import { rememberAnswer, storedAnswer, type SendAnswer } from '../messaging/idempotency';
import { insertRecipients, sumParts, type NewRecipient } from '../messaging/message-store';
import { countAdded, jobStarted, messageForSend } from '../messaging/message-batches';
import { logCreated } from '../messaging/recipient-events';
import { storeRecipientFields } from '../messaging/recipient-fields';
import { showSendTabs } from '../accounts/account-store';
import { normalizeSend, type SendEnvelope, type SendItemInput, type SendRecipient } from './send-items';
import { noBirthdayRefusal } from '../../../src/domain/send/birthday-recipients';
import { afterRegistrationBatch } from '../scheduler/registration-batch';
import { screenSendNumbers, withoutEarlierBatches, withScreening } from './recipient-screen';
import { holdEraseFence, screenedAgainIfErased } from './erase-fence';
import { heldNow, holdFor, messageFields, recipientDefaults } from './send-message';
import type { MessageFields } from '../messaging/message-rows';
import { composeTexts, storeSendLinks, withFreshCodes } from './short-links';

const ANSWER_TEXT: Record<MessageKind, string> = {
  quick: 'Messages sent successfully',
  scheduled: 'Scheduled sms registered successfully',
  recurring: 'Recurring sms registered successfully',
  birthday: 'Birthday sms registered successfully',
};

export interface AcceptOptions {
  /** The demo seed stores messages without taking credits. */
  charge?: boolean;
  /**
   * A test key's send (docs/api-v1.md#test-mode): no credit is taken and its recipients are never queued
   * for the carrier; they wait, submitted, for the outcome their number asks for.
   */
  test?: boolean;
  /** A send of the integrators' API: the key that sent it, its mode, the integrator's reference and callback endpoint. */
  api?: Pick<MessageFields, 'api_key_id' | 'api_mode' | 'reference' | 'api_callback'>;
  /** A test to the sender's own phone (docs/product.md#a-test-to-yourself): charged, marked as a test. */
  testToSelf?: boolean;
  /** The caller checked each number itself and wants one recipient per number given (the SMPP server). */
  asGiven?: boolean;
  /**
   * Runs in the send's transaction once its recipients are stored, before their events: a caller's own
   * rows about them (the SMPP server's submits) commit with the send or not at all.
   */
  inTransaction?: (trx: Executor, inserted: readonly InsertedRecipient[]) => Promise<void>;
  /** The caller's spending caps beside the account's own (an API key's, SMPP access's): money/caps.ts. */
  caps?: readonly SpendingCap[];
  /**
   * Runs first in the send's transaction: a caller's own change the send stands or falls with (an approval
   * taken from waiting, its reservation released: approvals/decide.ts). A refusal there stores nothing.
   */
  beforeSend?: (trx: Executor) => Promise<void>;
  /**
   * The team member the send is made for when it is not the one acting (an approved campaign: its author,
   * whose cap holds it and whose spending it is: docs/product.md#who-did-what). Left out: the acting member.
   */
  member?: number;
}

export type InsertedRecipient = Awaited<ReturnType<typeof insertRecipients>>[number];

/**
 * POST sendsms: checks every item, then in ONE transaction stores the message and its new recipients
 * and takes parts x new recipients from the balance; a refusal leaves nothing stored. Screened again
 * from the start when an erasure of a person's data committed meanwhile (erase-fence.ts).
 */
export async function acceptSend(
  ctx: GatewayContext,
  user: UserRow,
  items: SendItemInput[],
  idem: IdempotencyRange | null,
  options: AcceptOptions = {},
): Promise<SendAnswer> {
  return withFreshCodes(() =>
    screenedAgainIfErased(ctx, user, (account) => acceptOnce(ctx, account, items, idem, options)),
  );
}

async function acceptOnce(
  ctx: GatewayContext,
  user: UserRow,
  items: SendItemInput[],
  idem: IdempotencyRange | null,
  options: AcceptOptions,
): Promise<SendAnswer> {
  if (idem) {
    const repeat = await storedAnswer(ctx.db, user.profile_id, idem.key);
    if (repeat) return repeat;
  }
  const now = ctx.now();
  checkCreditExpiry(user, now);
  const { envelope, recipients } = await normalizeSend(items, user, now, idem?.from ?? 0);
  if (isPastRegistration(envelope, now) && !(idem && (await jobStarted(ctx.db, user.profile_id, idem.jobId)))) {
    // A new scheduled or recurring send for a time already gone; later batches of a job started in time go on.
    throw refuse(PAST_DELIVERY_TIME);
  }
  if (idem && idem.to - idem.from + 1 !== recipients.length) {
    throw refuse(
      `Idempotency-Key range ${idem.from}-${idem.to} does not match the ${recipients.length} recipients sent`,
    );
  }
  // The integrators' API checks its own numbers and answers for each one given (docs/api-v1.md#sending).
  const asGiven = options.api !== undefined || options.asGiven === true;
  const screened = await screenSendNumbers(envelope, recipients, asGiven);
  const { dated, undated } = await birthdaysOf(ctx, user, envelope, screened.kept);
  const { prepared, shortened } = await composeTexts(ctx, user, envelope, dated, now);
  const skippedIndices = new Set(prepared.filter((r) => r.optedOut).map((r) => r.index));
  const registration = envelope.kind !== 'quick';
  const paying = options.charge !== false && !options.test;

  return ctx.db.transaction().execute(async (trx) => {
    if (options.beforeSend) await options.beforeSend(trx);
    const message = await messageForSend(trx, {
      ...messageFields(user, envelope, idem?.jobId ?? null, now, options.testToSelf === true),
      ...options.api,
      ...(options.member !== undefined ? { member_id: options.member } : {}),
      hold_until: holdFor(user, envelope, options, now),
    });
    const defaults = recipientDefaults(message, registration, options.test === true, paying, now);
    const batch = asGiven
      ? { recipients: prepared, screened }
      : await withoutEarlierBatches(trx, message, envelope, prepared, screened);
    const inserted = await insertRecipients(trx, message, batch.recipients, defaults);
    // A personalized registration keeps each new recipient's values: an edit of its template fills them again.
    if (registration && envelope.template !== null) {
      const added = new Set(inserted.map((r) => r.recipient_index));
      const kept = batch.recipients.filter((r) => added.has(r.index));
      await storeRecipientFields(trx, ctx.db.dialectName, message.id, kept);
    }
    const skipped = inserted.filter((r) => skippedIndices.has(r.recipient_index));
    const linkOwner = { profileId: user.profile_id, messageId: message.id, mode: options.api?.api_mode || 'live', now };
    if (shortened) await storeSendLinks(trx, ctx, linkOwner, inserted, skippedIndices, shortened.links);
    const cost = sumParts(inserted) - sumParts(skipped);
    if (paying) await chargeSend(trx, user, cost, message.id, now, options);
    // Holding the account's row (the charge took it), no erasure commits before this send does.
    await holdEraseFence(trx, ctx.db.dialectName, user.profile_id, user.erase_epoch);
    // A registration's skipped templates are not OPTED_OUT yet: each run decides (scheduler/runs.ts).
    await countAdded(
      trx,
      message.id,
      inserted.length,
      registration && !paying ? 0 : cost,
      registration ? 0 : skipped.length,
    );
    const lateRun =
      registration && inserted.length > 0 ? await afterRegistrationBatch(trx, message, inserted, prepared, now) : [];
    // Sending sets the scheduled tab flag (docs/product.md#the-send-form); the dashboard (and recurring list) show it too.
    await showSendTabs(trx, user.profile_id, envelope.kind === 'recurring');
    const balance = await balances(trx, user.profile_id);
    const answer = await answerOnce(
      trx,
      user,
      idem,
      now,
      inserted.length > 0,
      withScreening(
        {
          message: inserted.length === 0 ? 'These messages were already accepted' : ANSWER_TEXT[envelope.kind],
          // Said only when some were skipped: an answer without it skipped none.
          ...(skipped.length > 0 ? { optedOut: skipped.length } : {}),
          ...(undated > 0 ? { nobirthday: undated } : {}),
          creditbalance: balance.creditbalance,
          internationalcreditbalance: balance.internationalcreditbalance,
          message_id: message.id,
          // Said only of a send quiet hours hold: when it goes out.
          ...(heldNow(message, now) ? { heldUntil: Number(message.hold_until) } : {}),
        },
        batch.screened,
      ),
    );
    if (options.inTransaction) await options.inTransaction(trx, inserted);
    // Last: the new recipients' first statuses (messaging/recipient-events.ts).
    await logCreated(trx, ctx.db.dialectName, [...inserted.map((r) => r.id), ...lateRun], now);
    return answer;
  });
}

/** Takes a send's price, held to the caller's caps; a refusal calls an SMPP message what it is. */
const chargeSend = (
  trx: Executor,
  user: UserRow,
  cost: number,
  messageId: number,
  at: number,
  options: AcceptOptions,
) =>
  charge(
    trx,
    user.profile_id,
    cost,
    chargeWhy(options, messageId, user.profile_id, at),
    options.asGiven ? 'this message' : 'this send',
    options.caps,
  );

/** What a send's charge is named in the ledger: where it came from (the API, an SMPP submit, the app). */
const chargeReason = (options: AcceptOptions): LedgerReason =>
  options.api ? 'api_send' : options.asGiven ? 'smpp_submit' : 'send';

/** The ledger's record of a send's charge: its reason, the message, the account that sent. */
const chargeWhy = (options: AcceptOptions, messageId: number, actor: number, at: number) =>
  ({
    reason: chargeReason(options),
    ref: { kind: 'message', id: messageId },
    actor,
    at,
    ...(options.api?.api_key_id ? { apiKeyId: options.api.api_key_id } : {}),
    ...(options.member !== undefined ? { member: options.member } : {}),
  }) as const;

/**
 * The answer of a batch, remembered for its Idempotency-Key. A racing twin inserts nothing: the first
 * request of its key has stored its answer by then, and the twin gets that one.
 */
async function answerOnce(
  trx: Executor,
  user: UserRow,
  idem: IdempotencyRange | null,
  now: number,
  insertedAny: boolean,
  answer: SendAnswer,
): Promise<SendAnswer> {
  if (!idem) return answer;
  const earlier = insertedAny ? null : await storedAnswer(trx, user.profile_id, idem.key);
  if (earlier) return earlier;
  await rememberAnswer(trx, user.profile_id, idem.key, answer, now);
  return answer;
}

/**
 * A birthday send's recipients with their birthdays (messaging/birthdays.ts); those of a send naming
 * birthdays that have none are left out, counted, never stored or charged; with none left, refused.
 */
export async function birthdaysOf(
  ctx: GatewayContext,
  user: UserRow,
  envelope: SendEnvelope,
  kept: readonly SendRecipient[],
): Promise<{ dated: NewRecipient[]; undated: number }> {
  if (envelope.kind !== 'birthday') return { dated: [...kept], undated: 0 };
  const { dated, undated } = await withBirthdays(ctx.db, user.profile_id, kept, envelope);
  if (dated.length === 0) throw refuse(noBirthdayRefusal(undated.length));
  return { dated, undated: undated.length };
}

/** Past this much, a scheduled or recurring time is refused: the picker's 15-minute step, for a slow form. */
export const PAST_GRACE_MS = 15 * 60_000;
export const PAST_DELIVERY_TIME = 'The delivery time has already passed, please choose a time in the future';

const isPastRegistration = (envelope: SendEnvelope, now: number) =>
  (envelope.kind === 'scheduled' || envelope.kind === 'recurring') && envelope.at < now - PAST_GRACE_MS;
