import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../../core/context';
import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema-core';
import type { ApiKeyRow, ApiMode } from '../../db/schema-integrations';
import { isoOrNull } from '../../messaging/delivery-time';
import { apiRefusal } from '../api-refusal';
import { recordAudit, type AuditSource } from '../../audit/audit-log';
import { checkWebhookUrl, systemLookup } from './safe-url';
import { lockOwnerRows } from '../../db/owner-lock';
import { lockEndpoints } from './due';

// The account's default signing secret per mode, and the callback endpoints of sends that name a
// callbackUrl (docs/api-v1.md#webhooks): events to a callback URL are signed with that secret. A
// callback URL is one endpoint row per account, mode and URL, kept while its sends' events may still
// come; an account has at most MAX_CALLBACK_URLS of them in use in each mode.

/** Callback URLs an account may have in use at once in each mode. */
export const MAX_CALLBACK_URLS = 1000;
/** A callback URL is in use until this long after its last send (or that send's scheduled time). */
export const CALLBACK_KEPT_MS = 7 * 24 * 3_600_000;
/** Callback URLs out of use let go in one step when the cap is reached. */
const LET_GO_STEP = MAX_CALLBACK_URLS;

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * The mode a call works in: a key's own (naming another is refused), or for the app's session the
 * one it names, else `fallback` (null: either mode, for a record reached by its id).
 */
export function modeOfCaller<F extends ApiMode | null>(
  key: ApiKeyRow | null,
  asked: ApiMode | undefined,
  fallback: F,
): ApiMode | F {
  if (!key) return asked ?? fallback;
  if (asked && asked !== key.mode)
    throw apiRefusal(400, 'invalid_request', `mode is this key's own (${key.mode}): leave it out`, 'mode');
  return key.mode;
}

const secretRow = (db: Executor, user: UserRow, mode: ApiMode) =>
  db
    .selectFrom('webhook_secrets')
    .selectAll()
    .where('profile_id', '=', user.profile_id)
    .where('mode', '=', mode)
    .executeTakeFirst();

/** getWebhookSecret: whether the mode's default secret exists and since when; never the secret. */
export async function getWebhookSecret(ctx: GatewayContext, user: UserRow, mode: ApiMode) {
  const row = await secretRow(ctx.db, user, mode);
  return { mode, exists: row !== undefined, createdAt: isoOrNull(row?.created_at ?? null) };
}

/**
 * rotateWebhookSecret: a new default secret, shown once; the sends' callback URLs are signed with it at
 * once. Recorded in the audit log (never the secret).
 */
export async function rotateWebhookSecret(ctx: GatewayContext, user: UserRow, mode: ApiMode, source: AuditSource) {
  const secret = newWebhookSecret();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_secrets')
      .values({ profile_id: user.profile_id, mode, secret, created_at: now })
      .onConflict((oc) => oc.columns(['profile_id', 'mode']).doUpdateSet({ secret, created_at: now }))
      .execute();
    const callbacks = trx
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('profile_id', '=', user.profile_id)
      .where('mode', '=', mode)
      .where('kind', '=', 'callback');
    await lockEndpoints(
      trx,
      ctx.db.dialectName,
      (await callbacks.execute()).map((e) => e.id),
    );
    await trx.updateTable('webhook_endpoints').set({ secret }).where('id', 'in', callbacks).execute();
    await recordAudit(trx, { at: now, actor: user, action: 'webhook_secret_rotated', source, details: { mode } });
  });
  return { mode, exists: true, createdAt: new Date(now).toISOString(), secret };
}

const tooManyCallbacks = () =>
  apiRefusal(
    422,
    'too_many_callback_urls',
    `An account may have at most ${MAX_CALLBACK_URLS.toLocaleString('en-US')} callback URLs in use in each mode (a URL is in use until ${CALLBACK_KEPT_MS / 86_400_000} days after its last send): use one of them, or an endpoint (createWebhookEndpoint)`,
    'callbackUrl',
  );

/** Lets go of the account's callback URLs out of use with nothing waiting: their rows and deliveries. */
async function letGoOfOldCallbacks(trx: Executor, profileId: number, mode: ApiMode, now: number) {
  const old = await trx
    .selectFrom('webhook_endpoints as e')
    .select('e.id')
    .where('e.profile_id', '=', profileId)
    .where('e.mode', '=', mode)
    .where('e.kind', '=', 'callback')
    .where('e.used_until', '<', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.endpoint_id', '=', 'e.id')
            .where('d.state', '=', 'pending'),
        ),
      ),
    )
    .limit(LET_GO_STEP)
    .execute();
  if (old.length === 0) return;
  const ids = old.map((e) => e.id);
  const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', 'in', ids);
  await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
  await trx.deleteFrom('webhook_deliveries').where('endpoint_id', 'in', ids).execute();
  await trx.deleteFrom('webhook_endpoints').where('id', 'in', ids).execute();
}

/**
 * The callback endpoint of a send's callbackUrl: one per account, mode and URL, made on its first use
 * (a disabled one is enabled again: the send names it anew) and kept in use until CALLBACK_KEPT_MS
 * after `sendAt` (the send's time, or its schedule). The URL passes the same checks as an endpoint's,
 * and the mode's default secret must exist. Found, counted and made in one transaction that holds the
 * account's endpoints (db/owner-lock.ts), so parallel sends naming one URL make one row, and the cap holds.
 */
export async function callbackEndpointFor(
  ctx: GatewayContext,
  user: UserRow,
  mode: ApiMode,
  callbackUrl: string,
  sendAt = ctx.now(),
): Promise<string> {
  const url = (
    await checkWebhookUrl(callbackUrl, ctx.devMode, ctx.lookupHost ?? systemLookup, 'callbackUrl')
  ).toString();
  const now = ctx.now();
  const usedUntil = Math.max(now, sendAt) + CALLBACK_KEPT_MS;
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwnerRows(trx, ctx.db.dialectName, 'webhook_endpoints', user.profile_id);
    const secret = await secretRow(trx, user, mode);
    if (!secret)
      throw apiRefusal(
        422,
        'no_default_secret',
        `Make the account's default signing secret for ${mode} mode first (rotateWebhookSecret, or the app's Developers page): it signs the events sent to a callbackUrl`,
        'callbackUrl',
      );
    const mine = trx
      .selectFrom('webhook_endpoints')
      .where('profile_id', '=', user.profile_id)
      .where('mode', '=', mode)
      .where('kind', '=', 'callback');
    const existing = await mine.select(['id', 'used_until']).where('url', '=', url).executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('webhook_endpoints')
        .set({
          used_until: Math.max(usedUntil, Number(existing.used_until ?? 0)),
          disabled_at: null,
          disabled_reason: '',
        })
        .where('id', '=', existing.id)
        .execute();
      return existing.id;
    }
    const inUse = async () =>
      Number((await mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    if ((await inUse()) >= MAX_CALLBACK_URLS) {
      await letGoOfOldCallbacks(trx, user.profile_id, mode, now);
      if ((await inUse()) >= MAX_CALLBACK_URLS) throw tooManyCallbacks();
    }
    const id = `we_${randomBytes(8).toString('hex')}`;
    await trx
      .insertInto('webhook_endpoints')
      .values({
        id,
        profile_id: user.profile_id,
        mode,
        url,
        events: '',
        secret: secret.secret,
        created_at: now,
        disabled_at: null,
        disabled_reason: '',
        kind: 'callback',
        used_until: usedUntil,
      })
      .execute();
    return id;
  });
}
