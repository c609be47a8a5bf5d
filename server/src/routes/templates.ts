import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { deleteTemplate, listTemplates, saveTemplate } from '../templates/templates';
import { sendTestToSelf } from '../sending/test-to-self';
import { DELETE_TEMPLATE, SAVE_TEMPLATE, SEND_TEST_TO_SELF, TEMPLATES } from '../../../src/domain/contract/templates';

/** Templates (docs/api.md#calls-and-answers) and a test to yourself. */
export async function registerTemplateRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, TEMPLATES, async ({ scope: { user } }) => ({
    templates: await listTemplates(ctx, user.profile_id),
  }));

  register(app, ctx, SAVE_TEMPLATE, async ({ body, scope: { user } }) => {
    const template = await saveTemplate(ctx, user.profile_id, body.id, body);
    return { status: 'successful', message: `Template ${template.name} saved`, template };
  });

  register(app, ctx, DELETE_TEMPLATE, async ({ body, scope: { user } }) => {
    await deleteTemplate(ctx, user.profile_id, body.id, true);
    return { status: 'successful', message: 'Template deleted' };
  });

  register(app, ctx, SEND_TEST_TO_SELF, ({ body, scope: { user } }) => sendTestToSelf(ctx, user, body));
}
