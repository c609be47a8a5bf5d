import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { MessageList, MessageRow } from '../db/schema-messaging';
import { forbidden } from '../core/errors';
import { numericId, pageNumField, profileId, searchField } from '../http/body-fields';
import { ownProfile, post } from '../http/route';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import { listPage, type ListScope } from '../messaging/list-queries';
import { bulkMessageView, scheduledMessageView } from '../messaging/message-views';
import { deleteRegistration, updateRegistration } from '../sending/schedule-edit';
import { campaignName } from '../sending/send-items';
import { readableMessage, statusRows } from '../messaging/status-query';

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === '1' || v === 'true'));
const optionalText = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined ? undefined : String(v)));

const listBody = z.object({
  profile_id: profileId,
  search: searchField,
  pageNum: pageNumField,
});

const editBody = z.object({
  profile_id: profileId,
  message_id: numericId,
  shortMessage: optionalText,
  sourceAddress: optionalText,
  messageDescription: campaignName.optional(),
  expectedDeliveryTime: optionalText,
  specialUnicodeSupport: flag,
  recurringPeriod: optionalText,
  recurringInterval: z.union([z.number(), z.string(), z.null()]).optional(),
});

const deleteBody = z.object({ profile_id: profileId, message_id: numericId });

/** Lists answer under the field docs/api.md#calls-and-answers gives each one. */
const LISTS: { own: string; all: string; list: MessageList; field: 'bulksms' | 'scheduled' | 'recurring' }[] = [
  { own: 'quickrequest', all: 'allbulksms', list: 'bulk', field: 'bulksms' },
  { own: 'scheduledrequest', all: 'allscheduled', list: 'scheduled', field: 'scheduled' },
  { own: 'recurringrequest', all: 'allrecurring', list: 'recurring', field: 'recurring' },
];

export async function registerMessageRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  for (const { own, all, list, field } of LISTS) {
    const view = (row: MessageRow): object => (list === 'bulk' ? bulkMessageView(row) : scheduledMessageView(row));
    const answer = async (user: UserRow, body: z.infer<typeof listBody>, scope: ListScope) => {
      ownProfile(user, body.profile_id);
      const page = await listPage(ctx, list, scope, body.search, body.pageNum);
      return { [field]: page.rows.map((row) => view(row)), pageNum: page.pageNum, hasMore: page.hasMore };
    };
    // Own messages for anyone signed in; an admin's clients' (supid = the admin) for admins only.
    post(app, ctx, FRONTEND_PATH + own, 'user', listBody, ({ body, user }) =>
      answer(user, body, { own: user.profile_id }),
    );
    post(app, ctx, FRONTEND_PATH + all, 'admin', listBody, ({ body, user }) =>
      answer(user, body, { clientsOf: user.profile_id }),
    );
  }

  for (const list of ['scheduled', 'recurring'] as const) {
    post(app, ctx, `${FRONTEND_PATH}update${list}`, 'user', editBody, async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      return updateRegistration(ctx, user, list, body);
    });
    post(app, ctx, `${FRONTEND_PATH}delete${list}`, 'user', deleteBody, async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      return deleteRegistration(ctx, user, list, body.message_id);
    });
  }

  post(
    app,
    ctx,
    `${FRONTEND_PATH}status/:id`,
    'user',
    z.object({ profile_id: profileId }),
    async ({ body, user, req }) => {
      const message = await readableMessage(ctx, user, (req.params as { id: string }).id);
      // The client dashboard may name the client whose message it shows; nobody else's id is accepted.
      if (
        body.profile_id !== undefined &&
        body.profile_id !== '' &&
        body.profile_id !== user.profile_id &&
        body.profile_id !== message.profile_id
      ) {
        throw forbidden();
      }
      return { status: await statusRows(ctx, message), posted: message.posted, submitted: message.submitted };
    },
  );
}
