import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';

export const USERNAME_TAKEN = 'Username already exists';
export const EMAIL_TAKEN = 'Email already exists';
export const USERNAME_HAS_AT = 'Username cannot contain @';

// Logins match username or e-mail, so a username may not look like an address.
export const usernameShapeError = (username: string): string | null =>
  username.includes('@') ? USERNAME_HAS_AT : null;

export async function usernameTaken(ctx: GatewayContext, username: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('users')
    .select('profile_id')
    .where(sql`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function emailTaken(ctx: GatewayContext, email: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('users')
    .select('profile_id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** The first reason the username or e-mail cannot be used, or null. */
export async function uniquenessError(ctx: GatewayContext, username: string, email: string): Promise<string | null> {
  if (await usernameTaken(ctx, username)) return USERNAME_TAKEN;
  if (await emailTaken(ctx, email)) return EMAIL_TAKEN;
  return null;
}
