import { randomBytes, randomInt } from 'node:crypto';
import { allowListEntry } from '../auth/ip-allow-list';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import type { SmppAccountRow } from '../db/schema-smpp';
import { refuse } from '../core/errors';
import { hashPassword } from '../auth/passwords';
import { forgetKeys } from '../auth/rate-limit';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { clientsOf } from '../accounts/client-info';
import { boundPrefix, ipsOf, liveBindCounts, PASSWORD_CLEARED, smppAccountOf } from './access';
import {
  SMPP_DEFAULTS,
  SMPP_SYSTEM_ID_MAX,
  type SmppAccess,
  type UpdatedSmppAccess,
  type UpdateSmppAccessBody,
} from '../../../src/domain/account/smpp-access';

/** An allow-list entry in its stored form; refused in words when it is not an address or CIDR block. */
function checkIpEntry(entry: string, index: number): string {
  const stored = allowListEntry(entry);
  if (stored === null) throw refuse(`allowedIps.${index} (${entry.slice(0, 50)}) is not an IP address or CIDR block`);
  return stored;
}

async function viewOf(ctx: GatewayContext, user: UserRow, row: SmppAccountRow | undefined): Promise<SmppAccess> {
  const binds = row ? ((await liveBindCounts(ctx, [user.profile_id])).get(user.profile_id) ?? 0) : 0;
  const view: SmppAccess = {
    enabled: row?.enabled === 1,
    systemId: row?.system_id ?? null,
    passwordSet: row !== undefined && row.password_hash !== PASSWORD_CLEARED,
    maxBinds: row?.max_binds ?? SMPP_DEFAULTS.maxBinds,
    throughput: row?.throughput ?? SMPP_DEFAULTS.throughput,
    allowedIps: row ? ipsOf(row) : [],
    binds,
    dailyCap: row?.daily_cap ?? null,
  };
  if (user.isAdmin === 1) view.clients = await clientBinds(ctx, user);
  return view;
}

/** An admin's clients that have SMPP access, with their open binds. */
async function clientBinds(ctx: GatewayContext, admin: UserRow) {
  const clients = await clientsOf(ctx, admin);
  if (clients.length === 0) return [];
  const byId = new Map(clients.map((c) => [Number(c.profile_id), String(c.username)]));
  const accounts = await ctx.db
    .selectFrom('smpp_accounts')
    .select(['profile_id', 'system_id'])
    .where('profile_id', 'in', [...byId.keys()])
    .orderBy('system_id')
    .execute();
  const counts = await liveBindCounts(
    ctx,
    accounts.map((a) => a.profile_id),
  );
  return accounts.map((a) => ({
    username: byId.get(a.profile_id) ?? '',
    systemId: a.system_id,
    binds: counts.get(a.profile_id) ?? 0,
  }));
}

/** getSmppAccess (docs/api-v1.md#smpp-access): never the password. */
export async function getSmppAccess(ctx: GatewayContext, user: UserRow): Promise<SmppAccess> {
  return viewOf(ctx, user, await smppAccountOf(ctx, user.profile_id));
}

const newPassword = () => {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < 8; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
};

/** A free system_id made from the username: its letters and digits, then digits when taken. */
async function freeSystemId(ctx: GatewayContext, user: UserRow): Promise<string> {
  const base = user.username.replace(/[^A-Za-z0-9]/g, '').slice(0, SMPP_SYSTEM_ID_MAX) || 'smpp';
  for (let i = 0; i < 20; i += 1) {
    const suffix = i === 0 ? '' : String(i < 10 ? i : randomBytes(2).readUInt16BE(0));
    const candidate = base.slice(0, SMPP_SYSTEM_ID_MAX - suffix.length) + suffix;
    const taken = await ctx.db
      .selectFrom('smpp_accounts')
      .select('profile_id')
      .where('system_id', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw refuse('No free system_id could be made for this account; please try again');
}

type Changes = Partial<
  Pick<SmppAccountRow, 'enabled' | 'max_binds' | 'throughput' | 'allowed_ips' | 'password_hash' | 'daily_cap'>
>;

/** What a change does to the access, for the audit log: each setting before and after, never the password. */
function changedSettings(before: SmppAccountRow, changes: Changes): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (changes.password_hash !== undefined) details.password = 'changed';
  const settings: [string, unknown, unknown][] = [
    ['enabled', before.enabled === 1, changes.enabled === undefined ? undefined : changes.enabled === 1],
    ['maxBinds', before.max_binds, changes.max_binds],
    ['throughput', before.throughput, changes.throughput],
    ['dailyCap', before.daily_cap, changes.daily_cap],
    [
      'allowedIps',
      ipsOf(before),
      changes.allowed_ips === undefined ? undefined : ipsOf({ allowed_ips: changes.allowed_ips }),
    ],
  ];
  for (const [name, was, is] of settings)
    if (is !== undefined && JSON.stringify(was) !== JSON.stringify(is)) details[name] = { before: was, after: is };
  return details;
}

/**
 * updateSmppAccess: sets up SMPP access the first time (a system_id from the username, a password
 * made unless given, shown once), or changes its settings. Every bind already open keeps going. An
 * access whose password a recovery cleared is set up again: a password is made unless given. Set-up
 * and each change (never the password itself) are audited.
 */
export async function updateSmppAccess(
  ctx: GatewayContext,
  user: UserRow,
  body: UpdateSmppAccessBody,
  source: AuditSource,
): Promise<UpdatedSmppAccess> {
  const now = ctx.now();
  const existing = await smppAccountOf(ctx, user.profile_id);
  const allowedIps = body.allowedIps?.map(checkIpEntry);
  const cleared = existing?.password_hash === PASSWORD_CLEARED;
  const password = body.password ?? (body.newPassword || !existing || cleared ? newPassword() : undefined);
  const passwordHash = password === undefined ? undefined : await hashPassword(password, ctx.scryptCost);
  const changes: Changes = {
    ...(body.enabled === undefined ? {} : { enabled: body.enabled ? 1 : 0 }),
    ...(body.maxBinds === undefined ? {} : { max_binds: body.maxBinds }),
    ...(body.throughput === undefined ? {} : { throughput: body.throughput }),
    ...(body.dailyCap === undefined ? {} : { daily_cap: body.dailyCap }),
    ...(allowedIps === undefined ? {} : { allowed_ips: [...new Set(allowedIps)].join(',') }),
    ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
  };
  const audit = (trx: Executor, action: 'smpp_access_set_up' | 'smpp_access_changed', details: object) =>
    recordAudit(trx, { at: now, actor: user, action, source, details: { ...details } });
  if (existing) {
    const details = changedSettings(existing, changes);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('smpp_accounts')
        .set({ ...changes, updated_at: now })
        .where('profile_id', '=', user.profile_id)
        .execute();
      if (Object.keys(details).length > 0) await audit(trx, 'smpp_access_changed', details);
    });
    // Addresses that bound with the old password are not trusted with the new one (checkBind).
    if (passwordHash !== undefined) await forgetKeys(ctx, boundPrefix(existing.system_id));
  } else {
    const row = {
      profile_id: user.profile_id,
      system_id: await freeSystemId(ctx, user),
      password_hash: passwordHash!,
      enabled: 1,
      max_binds: SMPP_DEFAULTS.maxBinds,
      throughput: SMPP_DEFAULTS.throughput,
      allowed_ips: '',
      ...changes,
      created_at: now,
      updated_at: now,
    };
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('smpp_accounts').values(row).execute();
      await audit(trx, 'smpp_access_set_up', {
        systemId: row.system_id,
        enabled: row.enabled === 1,
        maxBinds: row.max_binds,
        throughput: row.throughput,
        allowedIps: ipsOf(row),
      });
    });
  }
  const row = await smppAccountOf(ctx, user.profile_id);
  const view = await viewOf(ctx, user, row);
  // A password the caller chose is not repeated; one the gateway made is shown this once.
  return { ...view, systemId: row!.system_id, ...(password && !body.password ? { password } : {}) };
}

/**
 * A recovery (docs/smpp.md#credentials) clears the account's SMPP password, inside its transaction:
 * no bind is taken until the owner sets access up again, and the binds open on every instance close at
 * their instance's next heartbeat (accountsById reads a cleared access as disabled). Audited with
 * `reason`; answers whether there was a password to clear.
 */
export async function resetSmppAccess(
  trx: Executor,
  at: number,
  user: UserRow,
  source: AuditSource,
  reason: string,
): Promise<boolean> {
  const cleared = await trx
    .updateTable('smpp_accounts')
    .set({ password_hash: PASSWORD_CLEARED, updated_at: at })
    .where('profile_id', '=', user.profile_id)
    .where('password_hash', '<>', PASSWORD_CLEARED)
    .returning('system_id')
    .executeTakeFirst();
  if (!cleared) return false;
  await recordAudit(trx, {
    at,
    actor: user,
    action: 'smpp_access_reset',
    source,
    details: { systemId: cleared.system_id, reason },
  });
  return true;
}
