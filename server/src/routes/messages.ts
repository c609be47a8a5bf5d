import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { MessageList, MessageRow } from '../db/schema-messaging';
import { forbidden } from '../core/errors';
import { ownProfile, post } from '../http/route';
import type { Call, CallRequest } from '../../../src/domain/contract/call';
import {
  DELETE_RECURRING,
  DELETE_SCHEDULED,
  MESSAGE_STATUS,
  QUICK_CLIENTS,
  QUICK_OWN,
  RECURRING_CLIENTS,
  RECURRING_OWN,
  SCHEDULED_CLIENTS,
  SCHEDULED_OWN,
  UPDATE_RECURRING,
  UPDATE_SCHEDULED,
} from '../../../src/domain/contract/messages';
import { MESSAGE_REPORT, OVERVIEW } from '../../../src/domain/contract/reports';
import { listPage, type ListScope } from '../messaging/list-queries';
import { messageReport, overview } from '../messaging/reports';
import { bulkMessageView, campaignView, scheduledMessageView } from '../messaging/message-views';
import { deleteRegistration, updateRegistration } from '../sending/schedule-edit';
import { isPagedQuery, readableMessage, statusPage, statusRows } from '../messaging/status-query';

/** Each list's own and clients' calls; their answers hold the rows under the field the calls name. */
const LISTS = [
  { own: QUICK_OWN, all: QUICK_CLIENTS, list: 'bulk' },
  { own: SCHEDULED_OWN, all: SCHEDULED_CLIENTS, list: 'scheduled' },
  { own: RECURRING_OWN, all: RECURRING_CLIENTS, list: 'recurring' },
] as const satisfies readonly { own: Call; all: Call; list: MessageList }[];

const EDITS = [
  { update: UPDATE_SCHEDULED, remove: DELETE_SCHEDULED, list: 'scheduled' },
  { update: UPDATE_RECURRING, remove: DELETE_RECURRING, list: 'recurring' },
] as const;

export async function registerMessageRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  for (const { own, all, list } of LISTS) {
    const view = (row: MessageRow): object => (list === 'bulk' ? bulkMessageView(row) : scheduledMessageView(row));
    const answer = async (user: UserRow, body: CallRequest<typeof own>, scope: ListScope) => {
      ownProfile(user, body.profile_id);
      const page = await listPage(ctx, list, scope, body.search, body.pageNum);
      return { [own.field]: page.rows.map((row) => view(row)), pageNum: page.pageNum, hasMore: page.hasMore };
    };
    post(app, ctx, own, ({ body, user }) => answer(user, body, { own: user.profile_id }));
    post(app, ctx, all, ({ body, user }) => answer(user, body, { clientsOf: user.profile_id }));
  }

  for (const { update, remove, list } of EDITS) {
    post(app, ctx, update, async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      return updateRegistration(ctx, user, list, body);
    });
    post(app, ctx, remove, async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      return deleteRegistration(ctx, user, list, body.message_id);
    });
  }

  /** A message the caller may read; the client dashboard may name the client whose message it shows, nobody else. */
  const shownMessage = async (user: UserRow, id: string, profileId: number | string | undefined) => {
    const message = await readableMessage(ctx, user, id);
    if (
      profileId !== undefined &&
      profileId !== '' &&
      profileId !== user.profile_id &&
      profileId !== message.profile_id
    ) {
      throw forbidden();
    }
    return message;
  };

  post(app, ctx, MESSAGE_REPORT, async ({ body, user, req }) => {
    const message = await shownMessage(user, (req.params as { id: string }).id, body.profile_id);
    return { report: await messageReport(ctx, message) };
  });

  post(app, ctx, OVERVIEW, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    if (body.view === 'client' && user.isAdmin !== 1) throw forbidden();
    const scope = body.view === 'client' ? { clientsOf: user.profile_id } : { own: user.profile_id };
    return { overview: await overview(ctx, scope) };
  });

  post(app, ctx, MESSAGE_STATUS, async ({ body, user, req }) => {
    const message = await shownMessage(user, (req.params as { id: string }).id, body.profile_id);
    // Opted-out recipients never wait for the carrier: they count as submitted, and are counted apart.
    const counts = {
      posted: message.posted,
      submitted: message.submitted + message.opted_out,
      optedOut: message.opted_out,
    };
    // Without paging parameters: every row, as old clients read it.
    if (!isPagedQuery(body)) return { status: await statusRows(ctx, message), ...counts };
    // The header comes from the message itself (message-views.ts campaignView); a look at what changed has none.
    const campaign = body.since === undefined ? { campaign: campaignView(message) } : {};
    return { ...(await statusPage(ctx, message, body)), ...counts, ...campaign };
  });
}
