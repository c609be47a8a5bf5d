import type { FastifyInstance } from 'fastify';
import { auditSource, bearerToken } from '../http/authenticate';
import type { GatewayContext } from '../core/context';
import { refuse } from '../core/errors';
import { register } from '../http/register';
import { sessionUserInfo } from '../accounts/member-info';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import { NO_SENDER_ID, splitSenderIds, validateSenderIdRequest } from '../../../src/domain/messages/sender-id';
import {
  APPROVE_SENDER_IDS,
  CHANGE_ACCOUNT_TYPE,
  CHANGE_API_KEY,
  CHANGE_OWN_PASSWORD,
  CHANGE_PHONE,
  CLIENTS,
  REJECT_SENDER_IDS,
  REQUEST_SENDER_IDS,
  SEND_PHONE_CODE,
  SET_CLIENT_CAP,
  SET_LOW_BALANCE_ALERT,
  SET_QUIET_HOURS,
  UPDATE_DETAILS,
} from '../../../src/domain/contract/account';
import { setAlertLevel, setClientCap, setQuietHours } from '../accounts/alert-settings';
import { clientInfo, clientsOf, pendingSenderIdRequests } from '../accounts/client-info';
import { changeSenderIds, decideIds, requestIds } from '../accounts/sender-ids';
import { replaceApiKey } from '../accounts/account-store';
import { changeAccountType } from '../accounts/account-type';
import { changeOwnPassword, confirmPhoneChange, startPhoneChange, updateContactDetails } from '../accounts/own-account';
import { endedCredentialsText } from '../../../src/domain/account/own-account';
import { endCredentials } from './password-reset';

export async function registerAccountRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, CHANGE_API_KEY, async ({ scope: { user }, req, domain }) => {
    const apikey = await replaceApiKey(ctx, user, auditSource(req), domain.profile_id);
    // The only time the key is shown: the gateway keeps its hash.
    return { apikey };
  });

  register(app, ctx, CHANGE_ACCOUNT_TYPE, async ({ body, scope: { user, member }, req }) => {
    await changeAccountType(ctx, user, body.accountType, auditSource(req));
    return { userInfo: await sessionUserInfo(ctx, { user, member }, bearerToken(req) ?? '') };
  });

  register(app, ctx, CLIENTS, async ({ scope: { user } }) => {
    const users = await clientsOf(ctx, user);
    return user.profile_id === TOP_SUPERVISOR_ID ? { users, pending: await pendingSenderIdRequests(ctx) } : { users };
  });

  register(app, ctx, REQUEST_SENDER_IDS, async ({ body, scope: { user, member }, req }) => {
    const checked = validateSenderIdRequest(body.pendingsenderid);
    if (!checked.ok) throw refuse(checked.message);
    const updated = await changeSenderIds(ctx, user.profile_id, requestIds(checked.ids), {
      actor: user,
      source: auditSource(req),
      action: 'sender_id_requested',
      details: { senderIds: checked.ids },
    });
    return { userInfo: await sessionUserInfo(ctx, { user: updated, member }, bearerToken(req) ?? '') };
  });

  // Editing one's own account: each acts on the caller only and answers the updated user info.
  // A new e-mail or number asks for the current password (and the two-step code when on): docs/api.md#editing-ones-own-account.
  register(app, ctx, UPDATE_DETAILS, async ({ body, scope: { user, member }, req, domain }) => {
    const updated = await updateContactDetails(ctx, user, body, auditSource(req), domain.profile_id);
    return { userInfo: await sessionUserInfo(ctx, { user: updated, member }, bearerToken(req) ?? '') };
  });

  register(app, ctx, SET_LOW_BALANCE_ALERT, async ({ body, scope: { user, member }, req }) => {
    const updated = await setAlertLevel(ctx, user, body.threshold);
    return { userInfo: await sessionUserInfo(ctx, { user: updated, member }, bearerToken(req) ?? '') };
  });

  register(app, ctx, SET_QUIET_HOURS, async ({ body, scope: { user, member }, req }) => {
    const updated = await setQuietHours(ctx, user, body.quiet);
    return { userInfo: await sessionUserInfo(ctx, { user: updated, member }, bearerToken(req) ?? '') };
  });

  register(app, ctx, SET_CLIENT_CAP, async ({ body, scope: { user }, req }) => {
    const client = await setClientCap(ctx, user, body.clientprofile_id, body.monthlycap, auditSource(req));
    return { userInfo: await clientInfo(ctx, client) };
  });

  register(app, ctx, SEND_PHONE_CODE, async ({ body, scope: { user }, domain }) => {
    await startPhoneChange(ctx, user, body.phone, domain.profile_id);
    return { status: 'successful', message: 'A code has been sent to the new number' };
  });

  register(app, ctx, CHANGE_PHONE, async ({ body, scope: { user, member }, req, domain }) => {
    const updated = await confirmPhoneChange(ctx, user, body, auditSource(req), domain.profile_id);
    return { userInfo: await sessionUserInfo(ctx, { user: updated, member }, bearerToken(req) ?? '') };
  });

  register(app, ctx, CHANGE_OWN_PASSWORD, async ({ body, scope: { user }, req }) => {
    const source = auditSource(req);
    const ending = body.endCredentials ? endCredentials(ctx, source) : undefined;
    const ended = await changeOwnPassword(ctx, user, body, bearerToken(req) ?? '', source, ending);
    const message = 'Your password has been changed: other devices are signed out';
    if (!ended) return { status: 'successful', message };
    const more = endedCredentialsText(ended);
    return { status: 'successful', message: more ? `${message}. ${more}` : message, ended };
  });

  // Profile 6 decides for every account (docs/product.md#sender-ids).
  for (const [call, approve] of [
    [APPROVE_SENDER_IDS, true],
    [REJECT_SENDER_IDS, false],
  ] as const) {
    register(app, ctx, call, async ({ body, scope: { user }, req }) => {
      const ids = splitSenderIds(body.pendingsenderid);
      if (ids.length === 0) throw refuse(NO_SENDER_ID);
      const client = await changeSenderIds(ctx, body.id, decideIds(ids, approve), {
        actor: user,
        source: auditSource(req),
        action: approve ? 'sender_id_approved' : 'sender_id_rejected',
        details: { senderIds: ids },
      });
      return { userInfo: await clientInfo(ctx, client) };
    });
  }
}
