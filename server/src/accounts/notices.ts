import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { rateLimit } from '../auth/rate-limit';
import { sendSystemText } from './system-texts';

/** Security notices texted to one account: at most this many an hour, the rest quietly dropped. */
export const NOTICE_LIMIT = { limit: 5, windowMs: 3600 * 1000 };

// Fixed texts: nothing a tenant or an attacker typed goes into them, but the device in words.
export const newDeviceText = (device: string) =>
  `New sign-in to your account from ${device}. If it was not you, change your password and sign out the other devices from your profile.`;
export const twoStepOffText = () =>
  'Two-step sign-in was turned off for your account. If it was not you, change your password now.';
export const apiKeyCreatedText = (name: string) =>
  `A new API key${name ? ` "${name.slice(0, 30)}"` : ''} was created for your account. If it was not you, revoke it from your profile.`;

/**
 * Texts the account a security notice through the product's own delivery, under the sender of
 * `supervisorId` (the domain the account uses); rate-limited per account, never fails its caller.
 */
export async function sendNotice(
  ctx: GatewayContext,
  user: UserRow,
  supervisorId: number,
  text: string,
): Promise<void> {
  if (!user.telnumber) return;
  try {
    if (!(await rateLimit(ctx, `notice:acct:${user.profile_id}`, NOTICE_LIMIT.limit, NOTICE_LIMIT.windowMs))) return;
    await sendSystemText(ctx, supervisorId, user.telnumber, text);
  } catch (error) {
    ctx.reportError?.('security notice', error);
  }
}
