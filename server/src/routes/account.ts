import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../http/authenticate';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { refuse } from '../core/errors';
import { ownProfile, post } from '../http/route';
import { FRONTEND_PATH, OWN_ACCOUNT_CALLS } from '../../../src/domain/api-paths';
import { userInfo } from '../tenancy/user-info';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import { NO_SENDER_ID, splitSenderIds, validateSenderIdRequest } from '../../../src/domain/sender-id';
import { numericId, profileId, text } from '../http/body-fields';
import { clientInfo, clientsOf, pendingSenderIdRequests } from '../accounts/client-info';
import { changeSenderIds, decideIds, requestIds } from '../accounts/sender-ids';
import { replaceApiKey } from '../accounts/account-store';
import { changeAccountType } from '../accounts/account-type';
import { changeOwnPassword, confirmPhoneChange, startPhoneChange, updateContactDetails } from '../accounts/own-account';

const ownBody = z.object({ profile_id: profileId });
// The original client sends the IDs as comma text; a list is accepted too.
const idsText = z.preprocess((v) => (Array.isArray(v) ? v.join(',') : v), text);

export async function registerAccountRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(
    app,
    ctx,
    FRONTEND_PATH + 'changeapikey',
    'user',
    z.object({ profile_id: profileId, username: z.unknown().optional() }),
    async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      const apikey = await replaceApiKey(ctx, user);
      // The only time the key is shown: the gateway keeps its hash.
      return { apikey };
    },
  );

  const typeBody = z.object({ profile_id: profileId, accountType: text });
  post(app, ctx, FRONTEND_PATH + 'changeaccountype', 'user', typeBody, async ({ body, user, req }) => {
    ownProfile(user, body.profile_id);
    await changeAccountType(ctx, user, body.accountType);
    return { userInfo: await userInfo(ctx, user, bearerToken(req) ?? '') };
  });

  post(app, ctx, FRONTEND_PATH + 'allusers', 'admin', ownBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const users = await clientsOf(ctx, user);
    return user.profile_id === TOP_SUPERVISOR_ID ? { users, pending: await pendingSenderIdRequests(ctx) } : { users };
  });

  const requestBody = z.object({ profile_id: profileId, pendingsenderid: idsText });
  post(app, ctx, FRONTEND_PATH + 'senderidrequest', 'user', requestBody, async ({ body, user, req }) => {
    ownProfile(user, body.profile_id);
    const checked = validateSenderIdRequest(body.pendingsenderid);
    if (!checked.ok) throw refuse(checked.message);
    const updated = await changeSenderIds(ctx, user.profile_id, requestIds(checked.ids));
    return { userInfo: await userInfo(ctx, updated, bearerToken(req) ?? '') };
  });

  // Editing one's own account: each acts on the caller only and answers the updated user info.
  const detailsBody = z.object({ profile_id: profileId, email: text, companyname: text });
  post(app, ctx, FRONTEND_PATH + OWN_ACCOUNT_CALLS.details, 'user', detailsBody, async ({ body, user, req }) => {
    ownProfile(user, body.profile_id);
    const updated = await updateContactDetails(ctx, user, body);
    return { userInfo: await userInfo(ctx, updated, bearerToken(req) ?? '') };
  });

  const phoneCodeBody = z.object({ profile_id: profileId, phone: text });
  post(app, ctx, FRONTEND_PATH + OWN_ACCOUNT_CALLS.phoneCode, 'user', phoneCodeBody, async ({ body, user, domain }) => {
    ownProfile(user, body.profile_id);
    await startPhoneChange(ctx, user, body.phone, domain.profile_id);
    return { status: 'successful', message: 'A code has been sent to the new number' };
  });

  const phoneBody = z.object({ profile_id: profileId, phone: text, code: text });
  post(app, ctx, FRONTEND_PATH + OWN_ACCOUNT_CALLS.phone, 'user', phoneBody, async ({ body, user, req }) => {
    ownProfile(user, body.profile_id);
    const updated = await confirmPhoneChange(ctx, user, body.phone, body.code);
    return { userInfo: await userInfo(ctx, updated, bearerToken(req) ?? '') };
  });

  const passwordBody = z.object({
    profile_id: profileId,
    currentPassword: text,
    newPassword: text,
    confirmNewPassword: text,
  });
  post(app, ctx, FRONTEND_PATH + OWN_ACCOUNT_CALLS.password, 'user', passwordBody, async ({ body, user, req }) => {
    ownProfile(user, body.profile_id);
    await changeOwnPassword(ctx, user, body, bearerToken(req) ?? '');
    return { status: 'successful', message: 'Your password has been changed: other devices are signed out' };
  });

  // Profile 6 is the platform's operator: sender IDs are registered platform-wide, so it decides for
  // every account, resellers' clients included (no reseller admin may: docs/product.md#sender-ids).
  const decisionBody = z.object({ profile_id: profileId, id: numericId, pendingsenderid: idsText });
  for (const [call, approve] of [
    ['approvesenderid', true],
    ['rejectsenderid', false],
  ] as const) {
    post(app, ctx, FRONTEND_PATH + call, 'profile6', decisionBody, async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      const ids = splitSenderIds(body.pendingsenderid);
      if (ids.length === 0) throw refuse(NO_SENDER_ID);
      const client = await changeSenderIds(ctx, body.id, decideIds(ids, approve));
      return { userInfo: await clientInfo(ctx, client) };
    });
  }
}
