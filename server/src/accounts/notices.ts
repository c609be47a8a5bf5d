import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { rateLimit } from '../auth/rate-limit';
import { sendSystemText } from './system-texts';

/** Security notices texted to one account: at most this many an hour, the rest quietly dropped. */
export const NOTICE_LIMIT = { limit: 5, windowMs: 3600 * 1000 };

/**
 * Notices that the recovery channel moved (a new number, a new e-mail) count apart: what a session alone
 * can set off (new keys, new devices) never uses up the one that tells the owner its number has gone.
 */
export type NoticeKind = 'security' | 'channel';

// Fixed texts: nothing a tenant or an attacker typed goes into them, but the device in words.
export const newDeviceText = (device: string) =>
  `New sign-in to your account from ${device}. If it was not you, change your password and sign out the other devices from your profile.`;
export const twoStepOffText = () =>
  'Two-step sign-in was turned off for your account. If it was not you, change your password now.';
/** To the number the account had: `number` is the new one, canonical (digits only), shown by its last three. */
export const phoneChangedText = (number: string) =>
  `The mobile number of your account was changed to a number ending in ${number.slice(-3)}: password reset codes now go there. If it was not you, sign in now, change your password and set your number back.`;
export const emailChangedText = () =>
  'The e-mail address of your account was changed. If it was not you, sign in now, change your password and set your e-mail back.';
export const apiKeyCreatedText = (name: string) =>
  `A new API key${name ? ` "${name.slice(0, 30)}"` : ''} was created for your account. If it was not you, revoke it from your profile.`;

/**
 * Texts the account (at `user.telnumber`: the number it had, for a new number) a security notice through
 * the product's own delivery, under the sender of `supervisorId` (the domain the account uses);
 * rate-limited per account and kind, never fails its caller.
 */
export async function sendNotice(
  ctx: GatewayContext,
  user: UserRow,
  supervisorId: number,
  text: string,
  kind: NoticeKind = 'security',
): Promise<void> {
  if (!user.telnumber) return;
  const key = `${kind === 'channel' ? 'channelNotice' : 'notice'}:acct:${user.profile_id}`;
  try {
    if (!(await rateLimit(ctx, key, NOTICE_LIMIT.limit, NOTICE_LIMIT.windowMs))) return;
    await sendSystemText(ctx, supervisorId, user.telnumber, text);
  } catch (error) {
    ctx.reportError?.('security notice', error);
  }
}
