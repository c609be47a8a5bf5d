import type { GatewayContext } from '../core/context';
import { giveBackHit, rateLimit } from '../auth/rate-limit';
import { tooManyAttempts } from '../core/errors';

export const MINUTE_MS = 60_000;

/** Limits of the public account calls: per client address and, where there is one, per account. */
export const LIMITS = {
  // Sign-in: a name from one address is locked after 10 failures, an address (many people behind one
  // mobile network's address) after 30; a name tried from everywhere is slowed, never locked.
  login: { limit: 10, windowMs: 15 * MINUTE_MS },
  loginAddress: { limit: 30, windowMs: 15 * MINUTE_MS },
  loginName: { limit: 10, windowMs: 15 * MINUTE_MS },
  signup: { limit: 20, windowMs: 60 * MINUTE_MS },
  codeSend: { limit: 20, windowMs: 60 * MINUTE_MS },
  codeCheck: { limit: 30, windowMs: 15 * MINUTE_MS },
  resetRequest: { limit: 10, windowMs: 15 * MINUTE_MS },
  resetChange: { limit: 20, windowMs: 15 * MINUTE_MS },
  lookup: { limit: 60, windowMs: 15 * MINUTE_MS },
  // A signed-in account's own changes, counted per account: details saved, new-number codes checked,
  // current passwords tried (a stolen session cannot guess its way to the password).
  accountEdit: { limit: 30, windowMs: 60 * MINUTE_MS },
  phoneCodeCheck: { limit: 20, windowMs: 15 * MINUTE_MS },
  ownPassword: { limit: 10, windowMs: 15 * MINUTE_MS },
  // Two-step codes tried for one account, whatever the challenge: a new sign-in does not reset the count.
  twoStepCode: { limit: 10, windowMs: 15 * MINUTE_MS },
  // Codes texted to one phone, whatever account or sign-up asks: nobody floods a number.
  codeToNumber: { limit: 5, windowMs: 60 * MINUTE_MS },
  // Wrong reset codes for one account in a day, however many codes it was sent: the code has 4 digits
  // (the spec's), and 3 codes an hour of 7 tries each would otherwise allow 504 guesses a day.
  resetCode: { limit: 20, windowMs: 24 * 60 * MINUTE_MS },
} as const;

export type LimitName = keyof typeof LIMITS;

/** Counts one attempt against `name:subject`; 429 once the window's limit is passed. */
export async function takeAttempt(ctx: GatewayContext, name: LimitName, subject: string): Promise<void> {
  const { limit, windowMs } = LIMITS[name];
  if (await rateLimit(ctx, `${name}:${subject}`, limit, windowMs)) return;
  const minutes = Math.round(windowMs / MINUTE_MS);
  const wait = minutes > 120 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
  throw tooManyAttempts(`Too many attempts, please wait ${wait} and try again`);
}

/** How long an attempt past a slowing limit waits before it is answered. */
export const SLOWED_ATTEMPT_MS = 1000;

/** Counts one attempt; past the window's limit it is answered late instead of refused, so nobody is locked out. */
export async function slowAttempt(ctx: GatewayContext, name: LimitName, subject: string): Promise<void> {
  const { limit, windowMs } = LIMITS[name];
  if (await rateLimit(ctx, `${name}:${subject}`, limit, windowMs)) return;
  await new Promise((resolve) => setTimeout(resolve, SLOWED_ATTEMPT_MS));
}

/** Gives back an attempt that succeeded, so only failures use up the limit (still counted while in flight). */
export async function giveBackAttempt(ctx: GatewayContext, name: LimitName, subject: string): Promise<void> {
  await giveBackHit(ctx, `${name}:${subject}`, LIMITS[name].windowMs);
}
