import { randomBytes } from 'node:crypto';
import { addressAllowed, allowListEntry } from '../auth/ip-allow-list';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import type { ApiKeyRow, ApiMode, ApiScope } from '../db/schema-integrations';
import { sha256 } from '../auth/tokens';
import { isoOrNull } from '../messaging/delivery-time';
import { API_SCOPES, MAX_ACTIVE_KEYS, type ApiKey, type CreateApiKeyBody } from '../../../src/domain/api-v1/schemas';
import { apiRefusal } from './api-refusal';
import { lockOwnerRows } from '../db/owner-lock';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { actingMemberId } from '../core/acting-member';
import { apiKeyCreatedText, sendNotice } from '../accounts/notices';

/** A key's secret: its mode is readable in it, so a test key is never mistaken for a live one. */
const newSecret = (mode: ApiMode) => `sk_${mode}_${randomBytes(24).toString('base64url')}`;
const SECRET = /^sk_(live|test)_[A-Za-z0-9_-]{32}$/;

/** Whether a bearer value has the shape of an API v1 key (else it may be a session token). */
export const looksLikeApiKey = (value: string) => SECRET.test(value);

/** A key's last use is written at most this often: a busy key costs no write per request. */
const LAST_USED_STEP_MS = 60_000;

const scopesOf = (row: ApiKeyRow) => row.scopes.split(',').filter((s): s is ApiScope => s !== '');
const ipsOf = (row: ApiKeyRow) => row.allowed_ips.split(',').filter((s) => s !== '');

/** A key as the API shows it: never its secret or hash. */
export function keyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row),
    mode: row.mode,
    allowedIps: ipsOf(row),
    expiresAt: isoOrNull(row.expires_at),
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: isoOrNull(row.last_used_at),
    secretEnding: row.secret_ending,
    dailyCap: row.daily_cap === null ? null : Number(row.daily_cap),
  };
}

/** An allow-list entry in its stored form; refused (400 on allowedIps) when it is not an address or CIDR block. */
function checkIpEntry(entry: string, index: number): string {
  const stored = allowListEntry(entry);
  if (stored === null)
    throw apiRefusal(400, 'invalid_request', `allowedIps.${index} is not an IP address or CIDR block`, `allowedIps`);
  return stored;
}

/** Whether a request from `address` may use the key (docs/api-v1.md#keys-and-scopes). */
export const ipAllowed = (row: ApiKeyRow, address: string): boolean => addressAllowed(ipsOf(row), address);

/**
 * Refuses a new key when the account has MAX_ACTIVE_KEYS already. Runs in the transaction that inserts
 * it: on PostgreSQL a lock per account makes the count and the insert of parallel creations one at a
 * time (db/owner-lock.ts: each sees the others' keys).
 */
async function checkKeyRoom(ctx: GatewayContext, trx: Executor, profileId: number): Promise<void> {
  await lockOwnerRows(trx, ctx.db.dialectName, 'api_keys', profileId);
  const active = await trx
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('profile_id', '=', profileId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(active.n) >= MAX_ACTIVE_KEYS)
    throw apiRefusal(422, 'too_many_keys', `An account may have at most ${MAX_ACTIVE_KEYS} keys: revoke one first`);
}

/**
 * createApiKey: a named key with its scopes and mode. A key may only make keys within its own powers:
 * a test key makes test keys (the caller `via` a key; a signed-in session may make any).
 */
export async function createApiKey(
  ctx: GatewayContext,
  user: UserRow,
  body: CreateApiKeyBody,
  via: ApiKeyRow | null,
  source: AuditSource,
): Promise<ApiKey & { secret: string }> {
  const now = ctx.now();
  if (via && via.mode === 'test' && body.mode === 'live')
    throw apiRefusal(403, 'forbidden', 'A test key can only create test keys', 'mode');
  const expiresAt = body.expiresAt === undefined ? null : Date.parse(body.expiresAt);
  if (expiresAt !== null && expiresAt <= now)
    throw apiRefusal(422, 'invalid_request', 'expiresAt must be in the future', 'expiresAt');
  const allowedIps = (body.allowedIps ?? []).map(checkIpEntry);
  const secret = newSecret(body.mode);
  const row: ApiKeyRow = {
    id: `key_${randomBytes(8).toString('hex')}`,
    profile_id: user.profile_id,
    name: body.name,
    scopes: API_SCOPES.filter((s) => body.scopes.includes(s)).join(','),
    mode: body.mode,
    allowed_ips: [...new Set(allowedIps)].join(','),
    expires_at: expiresAt,
    secret_hash: sha256(secret),
    secret_ending: secret.slice(-4),
    created_at: now,
    last_used_at: null,
    revoked_at: null,
    daily_cap: body.dailyCap ?? null,
    member_id: actingMemberId(user.profile_id),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await checkKeyRoom(ctx, trx, user.profile_id);
    await trx.insertInto('api_keys').values(row).execute();
    await recordAudit(trx, {
      at: now,
      actor: user,
      action: 'api_key_created',
      source,
      details: { key: row.id, name: row.name, mode: row.mode, scopes: row.scopes },
    });
  });
  await sendNotice(ctx, user, user.supid || user.profile_id, apiKeyCreatedText(row.name));
  return { ...keyView(row), secret };
}

/** listApiKeys: the account's keys not revoked, newest first. */
export async function listApiKeys(ctx: GatewayContext, user: UserRow): Promise<ApiKey[]> {
  const rows = await ctx.db
    .selectFrom('api_keys')
    .selectAll()
    .where('profile_id', '=', user.profile_id)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(keyView);
}

/** revokeApiKey: the key stops working at once; another account's key is not found. */
export async function revokeApiKey(ctx: GatewayContext, user: UserRow, keyId: string, source: AuditSource) {
  await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('api_keys')
      .set({ revoked_at: ctx.now() })
      .where('id', '=', keyId)
      .where('profile_id', '=', user.profile_id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw apiRefusal(404, 'not_found', 'No such API key', 'keyId');
    await recordAudit(trx, { at: ctx.now(), actor: user, action: 'api_key_revoked', source, details: { key: keyId } });
  });
  return { id: keyId, revoked: true as const };
}

/** The key behind a secret, refused when unknown, revoked or expired; its last use is noted. */
export async function keyForSecret(ctx: GatewayContext, secret: string): Promise<ApiKeyRow> {
  const row = await ctx.db
    .selectFrom('api_keys')
    .selectAll()
    .where('secret_hash', '=', sha256(secret))
    .executeTakeFirst();
  if (!row) throw apiRefusal(401, 'invalid_api_key', 'This API key is not valid');
  if (row.revoked_at !== null) throw apiRefusal(401, 'api_key_revoked', 'This API key was revoked');
  const now = ctx.now();
  if (row.expires_at !== null && row.expires_at <= now)
    throw apiRefusal(401, 'api_key_expired', 'This API key has expired');
  if (row.last_used_at === null || row.last_used_at < now - LAST_USED_STEP_MS) {
    await ctx.db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - LAST_USED_STEP_MS)]))
      .execute();
  }
  return row;
}

/** The scopes an operation needs that the key lacks (none for a session). */
export const missingScopes = (row: ApiKeyRow, needed: readonly ApiScope[]) =>
  needed.filter((s) => !scopesOf(row).includes(s));

/**
 * Revokes every key of the account not yet revoked, inside a recovery's transaction (a password reset,
 * or a change that asks for it: docs/api-v1.md#keys-and-scopes); each is audited with `reason`.
 * Answers how many.
 */
export async function revokeEveryApiKey(
  trx: Executor,
  at: number,
  user: UserRow,
  source: AuditSource,
  reason: string,
): Promise<number> {
  const revoked = await trx
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('profile_id', '=', user.profile_id)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'created_at'])
    .execute();
  const live = revoked.sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
  for (const key of live)
    await recordAudit(trx, {
      at,
      actor: user,
      action: 'api_key_revoked',
      source,
      details: { key: key.id, name: key.name, reason },
    });
  return live.length;
}
