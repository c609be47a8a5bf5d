import type { FastifyInstance } from 'fastify';
import { auditSource, bearerToken } from '../http/authenticate';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import type { UserRow } from '../db/schema-core';
import type { TeamMember } from '../core/scope';
import { sessionUserInfo } from '../accounts/member-info';
import {
  AUDIT_EXPORT,
  AUDIT_LOG,
  END_OTHER_SESSIONS,
  END_SESSION,
  LOGIN_CODE,
  RECORD_EXPORT,
  RECOVERY_CODES,
  SESSIONS,
  TWO_STEP_CONFIRM,
  TWO_STEP_OFF,
  TWO_STEP_REQUIRE,
  TWO_STEP_START,
} from '../../../src/domain/contract/security';
import { MAX_AUDIT_EXPORT_ROWS } from '../../../src/domain/account/audit';
import { endOtherSessions, endSession, listSessions, signedIn } from '../accounts/sessions';
import { completeChallenge } from '../accounts/sign-in-challenge';
import {
  confirmEnrolment,
  disableTwoStep,
  renewRecoveryCodes,
  setTwoStepRequirement,
  startEnrolment,
} from '../accounts/two-step';
import {
  confirmMemberEnrolment,
  disableMemberTwoStep,
  renewMemberRecoveryCodes,
  startMemberEnrolment,
} from '../accounts/member-two-step';
import { auditEntries, auditExport, auditLogPage, recordExport } from '../audit/audit-views';
import { findAccount } from '../accounts/account-store';
import { mayUseDomain } from '../accounts/credentials';
import { TWO_STEP_EXPIRED } from '../../../src/domain/account/two-step';
import { refuse } from '../core/errors';

/** Two-step sign-in, signed-in devices and the audit log (docs/api.md#account-security). */
export async function registerSecurityRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, LOGIN_CODE, async ({ body, domain, req }) => {
    const source = auditSource(req);
    const done = await completeChallenge(ctx, body.challenge, body.code, source);
    if (!mayUseDomain(done.user, domain)) throw refuse(TWO_STEP_EXPIRED);
    const answer = await signedIn(ctx, done.user, source, domain.profile_id, done.member);
    return done.recoveryCodes ? { ...answer, recoveryCodes: done.recoveryCodes } : answer;
  });

  // Each acts on the session's own login: a team member's own two-step, else the account owner's.
  register(app, ctx, TWO_STEP_START, async ({ scope: { user, member }, domain }) => {
    if (member) return startMemberEnrolment(ctx, user, member.id, domain.companyname);
    return startEnrolment(ctx, user, domain.companyname);
  });

  register(app, ctx, TWO_STEP_CONFIRM, async ({ body, scope, req }) => {
    const { user, member } = scope;
    const { recoveryCodes } = member
      ? await confirmMemberEnrolment(ctx, user, member.id, body.code, auditSource(req))
      : await confirmEnrolment(ctx, user, body.code, auditSource(req));
    return { recoveryCodes, userInfo: await reloaded(ctx, scope, bearerToken(req)) };
  });

  register(app, ctx, TWO_STEP_OFF, async ({ body, scope, req, domain }) => {
    const { user, member } = scope;
    if (member) await disableMemberTwoStep(ctx, user, member.id, body.code, auditSource(req));
    else await disableTwoStep(ctx, user, body.code, auditSource(req), domain.profile_id);
    return { userInfo: await reloaded(ctx, scope, bearerToken(req)) };
  });

  register(app, ctx, RECOVERY_CODES, async ({ body, scope: { user, member }, req }) => {
    if (member) return renewMemberRecoveryCodes(ctx, user, member.id, body.code, auditSource(req));
    return renewRecoveryCodes(ctx, user, body.code, auditSource(req));
  });

  register(app, ctx, TWO_STEP_REQUIRE, async ({ body, scope, req }) => {
    await setTwoStepRequirement(ctx, scope.user, body.required, auditSource(req));
    return { userInfo: await reloaded(ctx, scope, bearerToken(req)) };
  });

  register(app, ctx, SESSIONS, async ({ scope, req }) => {
    return { sessions: await listSessions(ctx, scope, bearerToken(req) ?? '') };
  });

  register(app, ctx, END_SESSION, async ({ body, scope, req }) => {
    await endSession(ctx, scope, body.id, auditSource(req));
    return { status: 'successful', message: 'That device has been signed out' };
  });

  register(app, ctx, END_OTHER_SESSIONS, async ({ scope, req }) => {
    const ended = await endOtherSessions(ctx, scope, bearerToken(req) ?? '', auditSource(req));
    return { status: 'successful', message: 'Every other device has been signed out', ended };
  });

  register(app, ctx, AUDIT_LOG, async ({ body, scope: { user } }) => {
    const page = await auditLogPage(ctx, user, body, body.pageNum);
    return { entries: auditEntries(page.items, user), pageNum: body.pageNum, hasMore: page.hasMore };
  });

  register(app, ctx, AUDIT_EXPORT, async ({ body, scope: { user }, req }) => {
    const rows = await auditExport(ctx, user, body, MAX_AUDIT_EXPORT_ROWS, auditSource(req));
    return { entries: auditEntries(rows.items, user), truncated: rows.truncated };
  });

  register(app, ctx, RECORD_EXPORT, async ({ body, scope: { user }, req }) => {
    await recordExport(ctx, user, body.kind, body.count, auditSource(req));
    return { status: 'successful', message: 'Recorded' };
  });
}

/** The session's user info after a change: the account read again, and the member the session is for. */
async function reloaded(
  ctx: GatewayContext,
  scope: { user: UserRow; member: TeamMember | null },
  token: string | null,
) {
  const fresh = await findAccount(ctx, scope.user.profile_id);
  if (!fresh) throw refuse('This account no longer exists');
  return sessionUserInfo(ctx, { user: fresh, member: scope.member }, token ?? '');
}
