import type { GatewayContext } from '../core/context';
import type { DomainRow, UserRow } from '../db/schema-core';
import { userInfoFor, type UserInfoAnswer } from '../tenancy/user-info';
import { domainOfUser } from '../tenancy/domains';

/** Another account's user info as an admin sees it: no token, API key or secret keys. */
export function withoutSecrets(info: UserInfoAnswer) {
  const {
    token: _token,
    apikey: _apikey,
    paystackseckey: _pay,
    paystackseckeyending: _payEnding,
    recaptcha_secret_key: _captcha,
    recaptchasecretkeyending: _captchaEnding,
    domainverifytoken: _verify,
    ...rest
  } = info;
  return rest;
}

export async function clientInfo(ctx: GatewayContext, user: UserRow) {
  return withoutSecrets(await userInfoFor(ctx, user, await domainOfUser(ctx, user)));
}

/** A supervisor's clients' ids and user names, by name: for a count per client. */
export async function clientNames(ctx: GatewayContext, supervisorId: number) {
  return ctx.db
    .selectFrom('users')
    .select(['profile_id', 'username'])
    .where('supid', '=', supervisorId)
    .orderBy('username')
    .execute();
}

/** Every client of a supervisor, newest first, with the domains loaded in two queries. */
export async function clientsOf(ctx: GatewayContext, supervisor: UserRow) {
  const clients = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('supid', '=', supervisor.profile_id)
    .orderBy('profile_id', 'desc')
    .execute();
  const domains = await ctx.db
    .selectFrom('domains')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('profile_id', '=', supervisor.profile_id),
        eb('profile_id', 'in', eb.selectFrom('users').select('profile_id').where('supid', '=', supervisor.profile_id)),
      ]),
    )
    .orderBy('domainprofile_id')
    .execute();
  const firstDomain = new Map<number, DomainRow>();
  for (const d of domains) if (!firstDomain.has(d.profile_id)) firstDomain.set(d.profile_id, d);
  const supervisorDomain = firstDomain.get(supervisor.profile_id);
  return Promise.all(
    clients.map(async (c) =>
      withoutSecrets(await userInfoFor(ctx, c, firstDomain.get(c.profile_id) ?? supervisorDomain)),
    ),
  );
}

/**
 * Profile 6 decides every sender ID on the platform (docs/product.md#sender-ids), resellers' clients' included, but
 * sees of another tenant's account only what the decision needs: who asks, under which reseller, for what.
 */
export async function pendingSenderIdRequests(ctx: GatewayContext) {
  const rows = await ctx.db
    .selectFrom('users as u')
    .leftJoin('users as s', 's.profile_id', 'u.supid')
    .select([
      'u.profile_id',
      'u.username',
      'u.companyname',
      'u.supid',
      's.username as supervisor',
      'u.senderidapproved',
      'u.pendingsenderid',
    ])
    .where('u.pendingsenderid', '<>', '')
    .orderBy('u.profile_id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, supervisor: r.supervisor ?? '' }));
}
