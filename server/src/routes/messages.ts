import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import type { MessageList, MessageRow } from '../db/schema-messaging';
import { register } from '../http/register';
import type { Call } from '../../../src/domain/contract/call';
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
import { LINK_AUDIENCE, MESSAGE_REPORT, OVERVIEW } from '../../../src/domain/contract/reports';
import { clickReport, linkMessageIds } from '../links/reports';
import { followUpNumbers, withClicks } from '../links/follow-up';
import { listPage } from '../messaging/list-queries';
import { messageReport, overview } from '../messaging/reports';
import { bulkMessageView, campaignView, scheduledMessageView } from '../messaging/message-views';
import { deleteRegistration, updateRegistration } from '../sending/schedule-edit';
import { isPagedQuery, statusPage, statusRows } from '../messaging/status-query';

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
    // The own call reads the caller's rows, the clients' call an admin's clients' (their declared access).
    for (const call of [own, all]) {
      register(app, ctx, call, async ({ body, scope }) => {
        const member = 'member_id' in body ? (body.member_id ?? null) : null;
        const page = await listPage(ctx, list, scope.owners, body.search, body.pageNum, member);
        return { [own.field]: page.rows.map((row) => view(row)), pageNum: page.pageNum, hasMore: page.hasMore };
      });
    }
  }

  for (const { update, remove, list } of EDITS) {
    register(app, ctx, update, async ({ body, scope: { user } }) => {
      return updateRegistration(ctx, user, list, body);
    });
    register(app, ctx, remove, async ({ body, scope: { user } }) => {
      return deleteRegistration(ctx, user, list, body.message_id);
    });
  }

  // The message the path names, which the caller may read: the registrar found it (touches 'record').
  register(app, ctx, MESSAGE_REPORT, async ({ scope: { record: message } }) => {
    const clicks = await clickReport(ctx.db, linkMessageIds(message));
    return { report: { ...(await messageReport(ctx, message)), clicks } };
  });

  // A follow-up of a send with short links: who clicked, or who did not (docs/product.md#follow-up).
  register(app, ctx, LINK_AUDIENCE, async ({ body, scope: { record: message } }) => {
    return { numbers: await followUpNumbers(ctx.db, message, body.clicked), senderId: message.source_address };
  });

  // The caller's own days, or with view 'client' an admin's clients' (touches 'self-or-clients').
  register(app, ctx, OVERVIEW, async ({ body, scope }) => {
    return { overview: await overview(ctx, scope.owners, body.member_id ?? null) };
  });

  register(app, ctx, MESSAGE_STATUS, async ({ body, scope: { record: message } }) => {
    // Opted-out recipients never wait for the carrier: they count as submitted, and are counted apart.
    const counts = {
      posted: message.posted,
      submitted: message.submitted + message.opted_out,
      optedOut: message.opted_out,
    };
    // Without paging parameters: every row, as old clients read it.
    if (!isPagedQuery(body)) return { status: await statusRows(ctx, message), ...counts };
    // The header comes from the message itself (message-views.ts campaignView); a look at what changed has none.
    const campaign = body.since === undefined ? { campaign: campaignView(message, ctx.now()) } : {};
    const page = await statusPage(ctx, message, body);
    // Each row says whether its recipient clicked a short link (docs/product.md#short-links).
    const rows = 'status' in page && page.status ? { status: await withClicks(ctx.db, message, page.status) } : {};
    const changes =
      'changes' in page && page.changes ? { changes: await withClicks(ctx.db, message, page.changes) } : {};
    return { ...page, ...rows, ...changes, ...counts, ...campaign };
  });
}
