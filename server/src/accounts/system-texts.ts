import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import { deliverSystemText, queueSystemTextIn } from '../carrier/system-texts';
import { SENDER_ID_MAX_LENGTH } from '../../../src/domain/constants';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';
import { systemSenderOf } from '../tenancy/domains';
import { takeAttempt } from './attempts';

/** The sender when no domain has an approved one. */
const FALLBACK_SENDER = 'SMS';

/** The sender a supervisor's codes go out under: only an approved sender ID, never a tenant's free text. */
export async function senderOf(ctx: GatewayContext, supervisorId: number): Promise<string> {
  return ((await systemSenderOf(ctx, supervisorId)) || FALLBACK_SENDER).slice(0, SENDER_ID_MAX_LENGTH);
}

// The texts are fixed: nothing a tenant typed (its company name) goes into a code under the product's name.
export const signupCodeText = (code: string) => `Your verification code is ${code}. It expires in 10 minutes.`;
export const phoneCodeText = (code: string) =>
  `Your code to confirm this as your account's number is ${code}. It expires in 10 minutes.`;
export const resetCodeText = (code: string) =>
  `Your password reset code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;

/** One more code texted to `phone`: 429 once the number has had its share this hour. */
const countCodeTo = (ctx: GatewayContext, phone: string) =>
  takeAttempt(ctx, 'codeToNumber', `tel:${canonicalPhone(phone)}`);

export async function sendSignupCode(ctx: GatewayContext, supervisorId: number, phone: string, code: string) {
  await countCodeTo(ctx, phone);
  await deliverSystemText(ctx, phone, await senderOf(ctx, supervisorId), signupCodeText(code));
}

/** The code that confirms a signed-in account's new number, texted to that number. */
export async function sendPhoneCode(ctx: GatewayContext, supervisorId: number, phone: string, code: string) {
  await countCodeTo(ctx, phone);
  await deliverSystemText(ctx, phone, await senderOf(ctx, supervisorId), phoneCodeText(code));
}

/** Quietly sends nothing past the number's limit: the reset answer is the same either way. */
export async function sendResetCode(ctx: GatewayContext, supervisorId: number, phone: string, code: string) {
  try {
    await countCodeTo(ctx, phone);
  } catch {
    return;
  }
  await deliverSystemText(ctx, phone, await senderOf(ctx, supervisorId), resetCodeText(code));
}

/** Any fixed system text (a security notice) to `phone` under the sender of `supervisorId`; no count here. */
export async function sendSystemText(ctx: GatewayContext, supervisorId: number, phone: string, text: string) {
  await deliverSystemText(ctx, phone, await senderOf(ctx, supervisorId), text);
}

/**
 * A fixed system text queued in the caller's transaction (a notice that must not be lost if the process
 * dies after its cause commits); `sender` from senderOf, read before the transaction. The caller sends
 * it after the commit with sendQueuedSystemTexts, or the carrier's next step does.
 */
export const queueSystemTextWith = (db: Executor, now: number, sender: string, phone: string, text: string) =>
  queueSystemTextIn(db, now, phone, sender, text);

/** A team's invitation (docs/product.md#members-and-roles), counted like a code: nobody floods a number with them. */
export async function sendInvitation(ctx: GatewayContext, supervisorId: number, phone: string, text: string) {
  await countCodeTo(ctx, phone);
  await deliverSystemText(ctx, phone, await senderOf(ctx, supervisorId), text);
}
