import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../../core/context';
import type { UserRow } from '../../db/schema-core';
import type { ApiKeyRow, ApiMode } from '../../db/schema-integrations';
import { isoOrNull } from '../../messaging/delivery-time';
import { apiRefusal } from '../api-refusal';
import { checkWebhookUrl, systemLookup } from './safe-url';

// The account's default signing secret per mode, and the callback endpoints of sends that name a
// callbackUrl (docs/api-v1.md#webhooks): events to a callback URL are signed with that secret.

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

const secretRow = (ctx: GatewayContext, user: UserRow, mode: ApiMode) =>
  ctx.db
    .selectFrom('webhook_secrets')
    .selectAll()
    .where('profile_id', '=', user.profile_id)
    .where('mode', '=', mode)
    .executeTakeFirst();

/** getWebhookSecret: whether the mode's default secret exists and since when; never the secret. */
export async function getWebhookSecret(ctx: GatewayContext, user: UserRow, mode: ApiMode) {
  const row = await secretRow(ctx, user, mode);
  return { mode, exists: row !== undefined, createdAt: isoOrNull(row?.created_at ?? null) };
}

/** rotateWebhookSecret: a new default secret, shown once; the sends' callback URLs are signed with it at once. */
export async function rotateWebhookSecret(ctx: GatewayContext, user: UserRow, mode: ApiMode) {
  const secret = newWebhookSecret();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_secrets')
      .values({ profile_id: user.profile_id, mode, secret, created_at: now })
      .onConflict((oc) => oc.columns(['profile_id', 'mode']).doUpdateSet({ secret, created_at: now }))
      .execute();
    await trx
      .updateTable('webhook_endpoints')
      .set({ secret })
      .where('profile_id', '=', user.profile_id)
      .where('mode', '=', mode)
      .where('kind', '=', 'callback')
      .execute();
  });
  return { mode, exists: true, createdAt: new Date(now).toISOString(), secret };
}

/**
 * The callback endpoint of a send's callbackUrl (made on its first use, one per account, mode and
 * URL); the URL passes the same checks as an endpoint's, and the mode's default secret must exist.
 */
export async function callbackEndpointFor(
  ctx: GatewayContext,
  user: UserRow,
  mode: ApiMode,
  callbackUrl: string,
): Promise<string> {
  const url = (
    await checkWebhookUrl(callbackUrl, ctx.devMode, ctx.lookupHost ?? systemLookup, 'callbackUrl')
  ).toString();
  const secret = await secretRow(ctx, user, mode);
  if (!secret)
    throw apiRefusal(
      422,
      'no_default_secret',
      `Make the account's default signing secret for ${mode} mode first (rotateWebhookSecret, or the app's Developers page): it signs the events sent to a callbackUrl`,
      'callbackUrl',
    );
  const existing = await ctx.db
    .selectFrom('webhook_endpoints')
    .select(['id', 'disabled_at'])
    .where('profile_id', '=', user.profile_id)
    .where('mode', '=', mode)
    .where('kind', '=', 'callback')
    .where('url', '=', url)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = `we_${randomBytes(8).toString('hex')}`;
  await ctx.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      profile_id: user.profile_id,
      mode,
      url,
      events: '',
      secret: secret.secret,
      created_at: ctx.now(),
      disabled_at: null,
      disabled_reason: '',
      kind: 'callback',
    })
    .execute();
  return id;
}
