import { addressAllowed } from '../auth/ip-allow-list';
import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { SmppAccountRow } from '../db/schema-smpp';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { addressKey, giveBackHit, LONGEST_WINDOW_MS, noteSeen, rateLimit, seenSince } from '../auth/rate-limit';
import { SMPP_DEFAULTS } from '../../../src/domain/account/smpp-access';

// The SMPP access as binds use it; its settings (set-up, changes, a recovery's reset) are access-settings.ts.

/** A bind's heartbeat: an instance refreshes its binds this often; one unseen for BIND_LEASE_MS is gone. */
export const BIND_HEARTBEAT_MS = 10_000;
export const BIND_LEASE_MS = 30_000;

export const ipsOf = (row: Pick<SmppAccountRow, 'allowed_ips'>) => row.allowed_ips.split(',').filter((s) => s !== '');

/** The password of an access a recovery ended (access-settings.ts resetSmppAccess): no password matches it. */
export const PASSWORD_CLEARED = '';

/** Whether a bind from `address` may use this access; an IPv4-mapped IPv6 address counts as IPv4. */
export const bindIpAllowed = (row: Pick<SmppAccountRow, 'allowed_ips'>, address: string): boolean =>
  addressAllowed(ipsOf(row), address);

export async function smppAccountOf(ctx: GatewayContext, profileId: number) {
  return ctx.db.selectFrom('smpp_accounts').selectAll().where('profile_id', '=', profileId).executeTakeFirst();
}

/** Binds open now per account, over every instance. */
export async function liveBindCounts(ctx: GatewayContext, profileIds: readonly number[]): Promise<Map<number, number>> {
  if (profileIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('smpp_binds')
    .select(['profile_id', sql<number>`count(*)`.as('n')])
    .where('profile_id', 'in', profileIds)
    .where('seen_at', '>', ctx.now() - BIND_LEASE_MS)
    .groupBy('profile_id')
    .execute();
  return new Map(rows.map((r) => [r.profile_id, Number(r.n)]));
}

export type BindVerdict =
  { ok: true; account: SmppAccountRow } | { ok: false; status: 'ESME_RINVPASWD' | 'ESME_RBINDFAIL'; reason: string };

/** A password hash to compare with when the system_id is unknown, so both cases take the same time. */
let dummy: Promise<string> | null = null;

/** Failed binds allowed in a window, per system_id and per address (many ESMEs may share an address). */
export const FAILED_BINDS = { perSystemId: 10, perAddress: 30, windowMs: 15 * 60_000 } as const;

const TOO_MANY = 'too many failed binds: wait 15 minutes';

/**
 * Whether a bind's credentials and address may bind (docs/smpp.md#binds); never says more than the
 * status. Failed binds are limited per address first, then per system_id, as sign-ins are: an
 * 8-character password is never guessed one bind at a time. An address over its limit is refused
 * before its attempt counts against any system_id, so one address cannot lock out accounts beyond
 * its own limit; only a password checked and found wrong (or a system_id unknown) counts against the
 * system_id, and an address on the account's own allow-list is not held by that count, nor is one
 * that bound the account in the last day (a customer's own ESME: noteBoundAddress) while its own
 * failures for the system_id stay within the same 10.
 */
export async function checkBind(
  ctx: GatewayContext,
  systemId: string,
  password: string,
  address: string,
): Promise<BindVerdict> {
  const { windowMs } = FAILED_BINDS;
  const addressCount = `smppBindAddress:${addressKey(address)}`;
  if (!(await rateLimit(ctx, addressCount, FAILED_BINDS.perAddress, windowMs)))
    return { ok: false, status: 'ESME_RBINDFAIL', reason: TOO_MANY };
  const account = await ctx.db
    .selectFrom('smpp_accounts')
    .selectAll()
    .where('system_id', '=', systemId)
    .executeTakeFirst();
  // Counted before the password is checked (parallel binds cannot all pass one count), given back
  // when it matches.
  const systemIdKey = `smppBind:${systemId.slice(0, 16)}`;
  const withinSystemId = await rateLimit(ctx, systemIdKey, FAILED_BINDS.perSystemId, windowMs);
  const pairKey = `smppBindFrom:${systemId.slice(0, 16)}:${addressKey(address)}`;
  const withinPair = await rateLimit(ctx, pairKey, FAILED_BINDS.perSystemId, windowMs);
  const trusted =
    account !== undefined &&
    ((ipsOf(account).length > 0 && bindIpAllowed(account, address)) ||
      (!withinSystemId &&
        withinPair &&
        (await seenSince(ctx, boundKey(account.system_id, address), ctx.now() - LONGEST_WINDOW_MS))));
  if (!withinSystemId && !trusted) return { ok: false, status: 'ESME_RBINDFAIL', reason: TOO_MANY };
  dummy ??= hashPassword('no-such-smpp-account', ctx.scryptCost);
  const matches = await verifyPassword(password, account?.password_hash ?? (await dummy));
  // An unknown system_id and a wrong password are answered alike, so binds cannot find system_ids.
  if (!account) return { ok: false, status: 'ESME_RINVPASWD', reason: 'unknown system_id' };
  if (!matches) return { ok: false, status: 'ESME_RINVPASWD', reason: 'wrong password' };
  await giveBackHit(ctx, systemIdKey, windowMs);
  await giveBackHit(ctx, pairKey, windowMs);
  if (account.enabled !== 1) return { ok: false, status: 'ESME_RBINDFAIL', reason: 'SMPP access is disabled' };
  if (!bindIpAllowed(account, address))
    return { ok: false, status: 'ESME_RBINDFAIL', reason: `address ${address} is not on the allow-list` };
  await giveBackHit(ctx, addressCount, windowMs);
  await noteBoundAddress(ctx, account.system_id, address);
  return { ok: true, account };
}

export const boundPrefix = (systemId: string) => `smppBound:${systemId}:`;
const boundKey = (systemId: string, address: string) => `${boundPrefix(systemId)}${addressKey(address)}`;

/**
 * Notes that an address (an IPv6 one by its /64) binds the system_id now: at each bind, hourly while
 * the bind stays open, and when it closes, so a customer's ESME reconnecting after a drop is not held
 * by failures of its system_id from elsewhere for a day after (checkBind). A new password forgets them.
 */
export async function noteBoundAddress(ctx: GatewayContext, systemId: string, address: string): Promise<void> {
  await noteSeen(ctx, boundKey(systemId, address));
}

/**
 * Registers a bind if the account has a bind left over all instances (the account's row is locked
 * for the count on PostgreSQL; SQLite has one writer). False when the limit is reached.
 */
export async function registerBind(
  ctx: GatewayContext,
  bind: { id: string; profileId: number; type: string; instance: string; remoteIp: string },
): Promise<boolean> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('smpp_accounts').select('max_binds').where('profile_id', '=', bind.profileId);
    if (ctx.db.dialectName === 'postgres') q = q.forUpdate();
    const account = await q.executeTakeFirst();
    if (!account) return false;
    const open = await trx
      .selectFrom('smpp_binds')
      .select(sql<number>`count(*)`.as('n'))
      .where('profile_id', '=', bind.profileId)
      .where('seen_at', '>', now - BIND_LEASE_MS)
      .executeTakeFirst();
    if (Number(open?.n ?? 0) >= account.max_binds) return false;
    await trx
      .insertInto('smpp_binds')
      .values({
        id: bind.id,
        profile_id: bind.profileId,
        bind_type: bind.type,
        instance: bind.instance,
        remote_ip: bind.remoteIp,
        bound_at: now,
        seen_at: now,
      })
      .execute();
    return true;
  });
}

/** This instance's binds are alive; binds of any instance unseen past their lease are removed. */
export async function heartbeatBinds(ctx: GatewayContext, ids: readonly string[]): Promise<void> {
  const now = ctx.now();
  if (ids.length > 0) await ctx.db.updateTable('smpp_binds').set({ seen_at: now }).where('id', 'in', ids).execute();
  await ctx.db
    .deleteFrom('smpp_binds')
    .where('seen_at', '<', now - 2 * BIND_LEASE_MS)
    .execute();
}

export async function dropBind(ctx: GatewayContext, id: string): Promise<void> {
  await ctx.db.deleteFrom('smpp_binds').where('id', '=', id).execute();
}

/**
 * The account's current settings (throughput changes apply to open binds within a heartbeat); an access
 * whose password a recovery cleared reads as disabled, so its binds close on every instance.
 */
export async function accountsById(ctx: GatewayContext, profileIds: readonly number[]) {
  if (profileIds.length === 0) return [];
  const rows = await ctx.db.selectFrom('smpp_accounts').selectAll().where('profile_id', 'in', profileIds).execute();
  return rows.map((row) => (row.password_hash === PASSWORD_CLEARED ? { ...row, enabled: 0 } : row));
}

/** Gives an account SMPP access with a known password (the demo's, printed in dev mode). */
export async function seedSmppAccess(
  ctx: GatewayContext,
  profileId: number,
  systemId: string,
  password: string,
): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .insertInto('smpp_accounts')
    .values({
      profile_id: profileId,
      system_id: systemId,
      password_hash: await hashPassword(password, ctx.scryptCost),
      enabled: 1,
      max_binds: SMPP_DEFAULTS.maxBinds,
      throughput: SMPP_DEFAULTS.throughput,
      allowed_ips: '',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('profile_id').doNothing())
    .execute();
}
