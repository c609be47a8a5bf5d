import type { FastifyInstance } from 'fastify';
import { auditSource } from '../http/authenticate';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { CHANGE_PASSWORD, REQUEST_PASSWORD_RESET } from '../../../src/domain/contract/password-reset';
import { RESET_ATTEMPTS } from '../../../src/domain/constants';
import { resetFieldError } from '../../../src/domain/account/signup';
import { WRONG_CODE } from '../../../src/domain/alerts';
import { issueCode } from '../accounts/codes';
import {
  checkResetCode,
  findByLogin,
  mayUseDomain,
  setNewPassword,
  type EndCredentials,
} from '../accounts/credentials';
import type { AuditSource } from '../audit/audit-log';
import { revokeEveryApiKey } from '../integrations/api-keys';
import { resetSmppAccess } from '../smpp-server/access-settings';
import { endedCredentialsText } from '../../../src/domain/account/own-account';
import { sendResetCode } from '../accounts/system-texts';

/** 3 reset codes per account (docs/product.md#password-reset); the count starts again an hour after the first, or after a reset. */
export const RESET_SENDS_WINDOW_MS = 3600 * 1000;
export const RESET_CODE_EXPIRED = 'The code has expired, please request a new code';
export const RESET_ATTEMPTS_USED = 'Too many wrong codes, please request a new code';
const PASSWORD_MAX = 128;

const failed = (message: string) => ({ status: 'failed' as const, message });

/** Reset codes still being issued and texted after their answer went out. */
const resetsInFlight = new Set<Promise<void>>();

/** Starts `work` once the answer has gone, so the answer takes the same time whether or not there is any. */
function afterAnswer(ctx: GatewayContext, work: () => Promise<void>): void {
  const running = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => ctx.reportError?.('password reset code', error))
    .finally(() => resetsInFlight.delete(running));
  resetsInFlight.add(running);
}

/** Resolves once every reset code asked for so far has been issued and handed to the carrier. */
export async function resetsSettled(): Promise<void> {
  await Promise.all(resetsInFlight);
}

export async function registerPasswordResetRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  app.addHook('onClose', resetsSettled);
  register(app, ctx, REQUEST_PASSWORD_RESET, async ({ body, domain }) => {
    const invalid = resetFieldError('login', body.email);
    if (invalid) return { passcodeSet: false, error: failed(invalid) };
    const user = await findByLogin(ctx, body.email);
    // The same answer, after the same work, whether or not the account exists, may use this domain, or
    // has sends left: the code is issued and texted after the answer has gone.
    if (user && mayUseDomain(user, domain) && user.telnumber) {
      const phone = user.telnumber;
      afterAnswer(ctx, async () => {
        const issued = await issueCode(ctx, 'reset', user.profile_id, RESET_ATTEMPTS, RESET_SENDS_WINDOW_MS);
        if (issued) await sendResetCode(ctx, domain.profile_id, phone, issued.code);
      });
    }
    return { passcodeSet: true };
  });

  register(app, ctx, CHANGE_PASSWORD, async ({ body, req }) => {
    const problem =
      resetFieldError('code', body.resetCode) ??
      resetFieldError('password', body.newPassword) ??
      (body.newPassword.length > PASSWORD_MAX ? `Password must be ${PASSWORD_MAX} characters or fewer` : null) ??
      resetFieldError('confirm', body.confirmNewPassword, body.newPassword) ??
      resetFieldError('login', body.email);
    if (problem) return { passwordchanged: false, error: failed(problem) };
    const check = await checkResetCode(ctx, body.email, body.resetCode);
    if (!check.ok) {
      const message = {
        expired: RESET_CODE_EXPIRED,
        exhausted: RESET_ATTEMPTS_USED,
        wrong: WRONG_CODE,
        unknown: WRONG_CODE,
      }[check.reason];
      return { passwordchanged: false, error: failed(message) };
    }
    const source = auditSource(req);
    const ended = await setNewPassword(ctx, check.subjectId, body.newPassword, source, endCredentials(ctx, source));
    const more = endedCredentialsText(ended);
    return { passwordchanged: true, ended, message: `Your password has been changed.${more ? ` ${more}` : ''}` };
  });
}

/**
 * What a recovery ends beside the sessions (docs/api.md#accounts-and-codes), in its transaction: every
 * API v1 key of the account, and its SMPP password (accounts may not reach either area: this route
 * composes them).
 */
export const endCredentials =
  (ctx: GatewayContext, source: AuditSource): EndCredentials =>
  async (trx, user, reason) => ({
    apiKeys: await revokeEveryApiKey(trx, ctx.now(), user, source, reason),
    smppAccess: await resetSmppAccess(trx, ctx.now(), user, source, reason),
  });
