import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { ApiKeyRow } from '../db/schema-integrations';
import type { RecipientOutcome } from '../core/recipient-ledger';
import type { IdempotencyRange } from '../../../src/domain/send/idempotency-key';
import { sendItemSchema, type SendItemInput } from '../../../src/domain/contract/send';
import { splitSenderIds, testSenderProblem } from '../../../src/domain/messages/sender-id';
import { sha256 } from '../auth/tokens';
import { acceptSend } from '../sending/accept-send';
import type { SpendingCap } from '../money/caps';
import { apiMessagesByIndex, EXPIRED_ERROR } from '../messaging/api-views';
import { isoOrNull } from '../messaging/delivery-time';
import { apiRefusal } from './api-refusal';
import { batchIdOf, messageIdOf } from './ids';
import { claimKey, releaseKey, saveAnswer } from './idempotency';
import { callbackEndpointFor } from './webhooks/secrets';
import { withTemplateTexts } from './templates';
import type { SendAnswerV1, SendMessagesBody } from '../../../src/domain/api-v1/schemas';

/** A number the API accepts: 9 to 15 digits, optionally after a +; spaces, dots and dashes are ignored. */
const NUMBER = /^\+?\d{9,15}$/;
const cleanNumber = (raw: string) => raw.replace(/[\s.\-()]/g, '');

/**
 * Test mode's outcomes by the number's last digits (docs/api-v1.md#test-mode); any other number is
 * delivered. Never-answered is the status a live message gets when no receipt comes in time.
 */
export const TEST_ENDINGS: ReadonlyArray<{ ending: string; status: RecipientOutcome['status']; error: string }> = [
  { ending: '13', status: 'FAILED', error: 'UNDELIV' },
  { ending: '14', status: 'FAILED', error: EXPIRED_ERROR },
  { ending: '99', status: 'UNKNOWN', error: '' },
];

const testOutcome = (number: string) =>
  TEST_ENDINGS.find((t) => number.endsWith(t.ending)) ?? { status: 'SENT' as const, error: '' };

/**
 * The sender must be one of the account's approved IDs, and 'TEST' goes only to the account's own
 * number (docs/product.md#sender-ids); otherwise nothing is sent (422, param from).
 */
function checkSenderId(user: UserRow, from: string, numbers: readonly string[]): void {
  if (splitSenderIds(user.senderidapproved).includes(from)) {
    const problem = testSenderProblem(from, user.telnumber, numbers);
    if (problem) throw apiRefusal(422, 'sender_not_approved', problem, 'from');
    return;
  }
  const pending = splitSenderIds(user.pendingsenderid).includes(from);
  throw apiRefusal(
    422,
    'sender_not_approved',
    pending
      ? `Sender ID ${from} is still awaiting approval; use an approved sender ID`
      : `Sender ID ${from} is not approved for this account; listSenderIds gives the approved ones`,
    'from',
  );
}

/** The request's recipients in order, each with its text, and whether its number is one. */
function recipientsOf(body: SendMessagesBody) {
  const list = body.messages ?? (body.to ?? []).map((to) => ({ to, text: body.text ?? '' }));
  return list.map((m) => {
    const number = cleanNumber(m.to);
    return { to: m.to, number, text: m.text ?? '', valid: NUMBER.test(number) };
  });
}

/** The app's send items for the accepted recipients: one item for one text, one per number otherwise. */
function itemsOf(body: SendMessagesBody, accepted: { number: string; text: string }[]): SendItemInput[] {
  const kind = body.scheduleAt ? 'scheduled' : 'quick';
  const item = (destinationAddress: string, shortMessage: string, sub: string) =>
    sendItemSchema.parse({
      shortMessage,
      destinationAddress,
      sourceAddress: body.from,
      messageDescription: body.reference ?? '',
      messageType: `${kind} sms`,
      expectedDeliveryTime: body.scheduleAt ?? '',
      typeandsubtype: `${kind}:${sub}`,
      category: body.category ?? 'promotional',
      shortenLinks: body.shortenLinks === true,
    });
  if (!body.messages) return [item(accepted.map((r) => r.number).join(','), body.text ?? '', 'regular')];
  return accepted.map((r) => item(r.number, r.text, 'personalized'));
}

/** The app's Idempotency-Key for an API key: one job per (mode, key), all its recipients in one range. */
function jobOf(mode: string, idemKey: string, count: number): IdempotencyRange {
  const jobId = sha256(`api-v1:${mode}:${idemKey}`).slice(0, 32);
  return { key: `${jobId}:0-${count - 1}`, jobId, from: 0, to: count - 1 };
}

/**
 * sendMessages (docs/api-v1.md#sending): the valid numbers go through the app's send path in one
 * transaction with their credit; invalid ones are listed as rejected. With an Idempotency-Key a
 * repeat gets the first answer, and the same key with another body is a 409.
 */
export async function sendMessages(
  ctx: GatewayContext,
  user: UserRow,
  key: ApiKeyRow,
  body: SendMessagesBody,
  idemKey: string | null,
): Promise<SendAnswerV1> {
  if (!idemKey) return send(ctx, user, key, await withTemplateTexts(ctx, user, body), null);
  const held = { profileId: user.profile_id, mode: key.mode, key: idemKey };
  const bodyHash = sha256(JSON.stringify(body));
  const earlier = await claimKey(ctx.db, held, bodyHash, ctx.now());
  if (earlier) return earlier;
  try {
    const answer = await send(ctx, user, key, await withTemplateTexts(ctx, user, body), idemKey);
    return await saveAnswer(ctx.db, held, bodyHash, answer, ctx.now());
  } catch (error) {
    await releaseKey(ctx.db, held, bodyHash);
    throw error;
  }
}

/** A key's daily spending cap (docs/api-v1.md#spending-caps), none when it has none. */
const keyCaps = (key: ApiKeyRow): SpendingCap[] =>
  key.daily_cap === null
    ? []
    : [{ limit: Number(key.daily_cap), period: 'day', counts: { apiKeyId: key.id }, owner: 'of this API key' }];

async function send(
  ctx: GatewayContext,
  user: UserRow,
  key: ApiKeyRow,
  body: SendMessagesBody,
  idemKey: string | null,
): Promise<SendAnswerV1> {
  if (key.mode === 'test' && body.scheduleAt)
    throw apiRefusal(422, 'test_mode_unsupported', 'A test key cannot schedule messages: send now', 'scheduleAt');
  const recipients = recipientsOf(body);
  const accepted = recipients.filter((r) => r.valid);
  checkSenderId(
    user,
    body.from,
    accepted.map((r) => r.number),
  );
  if (accepted.length === 0)
    throw apiRefusal(
      422,
      'invalid_number',
      'None of the numbers is a valid mobile number',
      body.messages ? 'messages' : 'to',
    );

  const idem = idemKey ? jobOf(key.mode, idemKey, accepted.length) : null;
  const sendAt = body.scheduleAt ? Date.parse(body.scheduleAt) : ctx.now();
  const callback = body.callbackUrl ? await callbackEndpointFor(ctx, user, key.mode, body.callbackUrl, sendAt) : null;
  const test = key.mode === 'test';
  const sent = await acceptSend(ctx, user, itemsOf(body, accepted), idem, {
    test,
    api: { api_key_id: key.id, api_mode: key.mode, reference: body.reference ?? '', api_callback: callback },
    caps: keyCaps(key),
  });
  const batchId = sent.message_id;
  const scope = { own: user.profile_id, mode: key.mode };
  const indices = accepted.map((_, i) => i);
  if (test) await settleTestMessages(ctx, await apiMessagesByIndex(ctx.db, scope, batchId, indices));
  const rows = await apiMessagesByIndex(ctx.db, scope, batchId, indices);
  const byIndex = new Map(rows.map((r) => [r.recipient_index, r]));

  let index = 0;
  const messages = recipients.map((r) => {
    if (!r.valid)
      return {
        to: r.to,
        messageId: null,
        status: 'rejected' as const,
        reason: 'invalid_number' as const,
        parts: 0,
        cost: 0,
      };
    const row = byIndex.get(index++);
    if (!row) throw new Error(`recipient ${index - 1} of batch ${batchId} is missing`);
    // On the account's opt-out list (docs/compliance.md): never sent, never charged.
    if (row.status === 'opted_out')
      return {
        to: r.to,
        messageId: messageIdOf(row.id),
        status: 'rejected' as const,
        reason: 'opted_out' as const,
        parts: 0,
        cost: 0,
      };
    return {
      to: r.to,
      messageId: messageIdOf(row.id),
      status: row.status as SendAnswerV1['messages'][number]['status'],
      reason: null,
      parts: row.parts,
      cost: row.parts,
    };
  });
  const optedOut = rows.filter((r) => r.status === 'opted_out').length;
  const parts = rows.reduce((n, r) => (r.status === 'opted_out' ? n : n + r.parts), 0);
  return {
    batchId: batchIdOf(batchId),
    mode: key.mode,
    reference: body.reference ?? null,
    scheduleAt: body.scheduleAt ? isoOrNull(Date.parse(body.scheduleAt)) : null,
    accepted: accepted.length - optedOut,
    rejected: recipients.length - accepted.length + optedOut,
    parts,
    cost: parts,
    messages,
  };
}

/** A test key's messages get the outcome their number asks for at once, recorded through messaging. */
async function settleTestMessages(ctx: GatewayContext, rows: { id: number; number: string; status: string }[]) {
  const now = ctx.now();
  const outcomes: RecipientOutcome[] = rows
    .filter((r) => r.status === 'sent')
    .map((r) => ({ recipientId: r.id, doneAt: now, ...testOutcome(r.number) }));
  if (outcomes.length === 0) return;
  await ctx.db.transaction().execute((trx) => ctx.recipients.recordFinal(trx, ctx.db.dialectName, outcomes, now));
}
