import type { FastifyInstance } from 'fastify';
import { auditSource, bearerToken, clientKey } from '../http/authenticate';
import type { GatewayContext } from '../core/context';
import { refuse, wrongLogin } from '../core/errors';
import { register } from '../http/register';
import { FETCH_USER, LOGIN, SIGNOUT } from '../../../src/domain/contract/auth';
import { sessionUserInfo } from '../accounts/member-info';
import { giveBackAttempt, slowAttempt, takeAttempt } from '../accounts/attempts';
import { findByLogin, mayUseDomain, passwordMatches } from '../accounts/credentials';
import { recordFailedSignIn, revokeToken, signedIn } from '../accounts/sessions';
import { challengeFor } from '../accounts/sign-in-challenge';
import { memberSignIn } from '../accounts/member-sign-in';

/** One answer for an unknown account, a wrong password and a domain the account may not use. */
export const WRONG_LOGIN = 'Incorrect email/username or password';
export const LOGIN_EMPTY = 'Please enter your email or username and your password';

export async function registerAuthRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, LOGIN, async ({ body, domain, req }) => {
    const login = body.emailusername.trim().toLowerCase();
    if (!login || !body.password) throw refuse(LOGIN_EMPTY);
    // Failures count per address, per name from that address, and per name from anywhere (which only
    // slows): nobody can lock another out, and a name is counted as typed, so no answer ties an
    // e-mail to its username. A success gives its attempts back.
    const ip = `ip:${clientKey(req)}`;
    const name = `name:${login}`;
    const pair = `${name}|${ip}`;
    await takeAttempt(ctx, 'loginAddress', ip);
    await takeAttempt(ctx, 'login', pair);
    await slowAttempt(ctx, 'loginName', name);
    const user = await findByLogin(ctx, login);
    const passwordOk = await passwordMatches(ctx, user, body.password);
    const source = auditSource(req);
    const owner = user && passwordOk && mayUseDomain(user, domain) ? user : null;
    // Not the account's own login: a team member's phone number or e-mail (docs/product.md#members-and-roles).
    const signer = owner ? { user: owner, member: null } : await memberSignIn(ctx, login, body.password, domain);
    if (!signer) {
      if (user) await recordFailedSignIn(ctx, user, source);
      throw wrongLogin(WRONG_LOGIN);
    }
    await giveBackAttempt(ctx, 'loginAddress', ip);
    await giveBackAttempt(ctx, 'login', pair);
    await giveBackAttempt(ctx, 'loginName', name);
    // With two-step sign-in on (or required), the password earns a challenge for logincode, not a session:
    // the owner's own, or a member's own (docs/product.md#two-step-sign-in).
    const challenge = await challengeFor(ctx, signer.user, domain.companyname, signer.member);
    if (challenge) return challenge;
    return signedIn(ctx, signer.user, source, domain.profile_id, signer.member);
  });

  register(app, ctx, SIGNOUT, async ({ req }) => {
    const token = bearerToken(req);
    if (token) await revokeToken(ctx, token);
    return { status: 'successful' };
  });

  register(app, ctx, FETCH_USER, async ({ scope, req }) => {
    return { userInfo: await sessionUserInfo(ctx, scope, bearerToken(req) ?? '') };
  });

  // fetchuser's 'Invalid Token' also carries the message at top level (the original client reads it there).
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode !== 401 || req.routeOptions.url !== FETCH_USER.path || typeof payload !== 'string')
      return payload;
    const body = JSON.parse(payload) as { error?: { message?: string } };
    return JSON.stringify({ ...body, message: body.error?.message ?? 'Invalid Token' });
  });
}
