// The API v1's templates (docs/api-v1.md#templates): the templates area's, in the API's words.
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { Refusal } from '../core/errors';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  saveTemplate,
  templateOf,
  type TemplateFields,
} from '../templates/templates';
import { placeholderNames } from '../../../src/domain/messages/personalize';
import {
  fillTemplate,
  missingFields,
  TEMPLATE_NOT_FOUND,
  templateProblem,
  type Template,
} from '../../../src/domain/templates/template-rules';
import type { SendMessagesBody } from '../../../src/domain/api-v1/schemas';
import type { TemplateV1, UpdateTemplateBody } from '../../../src/domain/api-v1/template-schemas';
import { isoOrNull } from '../messaging/delivery-time';
import { apiRefusal } from './api-refusal';

export const templateV1 = (t: Template): TemplateV1 => ({
  id: t.id,
  name: t.name,
  text: t.text,
  category: t.category,
  placeholders: [...placeholderNames(t.text)].filter((n) => n !== ''),
  updatedAt: isoOrNull(t.updatedAt) ?? '',
});

/** The template's fields as they would be kept, refused (400, naming the field) where a rule says no. */
function checkFields(fields: { name: string; text: string; category: string }) {
  const problem = templateProblem(fields);
  if (!problem) return fields;
  const param = /name/i.test(problem) ? 'name' : /categor|transactional/i.test(problem) ? 'category' : 'text';
  throw apiRefusal(400, 'invalid_request', problem, param);
}

/** One of the account's templates; another account's id, or one that is none, is not found (404). */
export async function ownTemplate(ctx: GatewayContext, user: UserRow, id: string): Promise<Template> {
  try {
    return await templateOf(ctx, user.profile_id, id);
  } catch (error) {
    if (error instanceof Refusal && error.kind === 'not-found')
      throw apiRefusal(404, 'not_found', TEMPLATE_NOT_FOUND, 'templateId');
    throw error;
  }
}

export async function listTemplatesV1(ctx: GatewayContext, user: UserRow) {
  return { data: (await listTemplates(ctx, user.profile_id)).map(templateV1) };
}

export async function createTemplateV1(ctx: GatewayContext, user: UserRow, body: TemplateFields) {
  return templateV1(await createTemplate(ctx, user.profile_id, checkFields(body)));
}

export async function updateTemplateV1(ctx: GatewayContext, user: UserRow, id: string, body: UpdateTemplateBody) {
  const before = await ownTemplate(ctx, user, id);
  const fields = checkFields({
    name: body.name ?? before.name,
    text: body.text ?? before.text,
    category: body.category ?? before.category,
  });
  return templateV1(await saveTemplate(ctx, user.profile_id, id, fields, true));
}

export async function deleteTemplateV1(ctx: GatewayContext, user: UserRow, id: string) {
  await ownTemplate(ctx, user, id);
  await deleteTemplate(ctx, user.profile_id, id, false);
  return { id, deleted: true as const };
}

/**
 * sendMessages with templateId: each recipient's text is the template filled from its fields (the send's,
 * then its own); a placeholder left without a value is refused (400), naming it. The send takes the
 * template's category unless it gives one.
 */
export async function withTemplateTexts(
  ctx: GatewayContext,
  user: UserRow,
  body: SendMessagesBody,
): Promise<SendMessagesBody> {
  if (body.templateId === undefined) return body;
  const { text, category } = await ownTemplate(ctx, user, body.templateId);
  // A send from a template is of the template's kind unless it says its own (docs/product.md#quiet-hours).
  body = { ...body, category: body.category ?? category };
  const fill = (fields: Readonly<Record<string, string>>, param: string) => {
    const missing = missingFields(text, fields);
    if (missing.length > 0)
      throw apiRefusal(
        400,
        'invalid_request',
        `${param} has no value for ${missing.map((m) => `{${m}}`).join(', ')}`,
        param,
      );
    return fillTemplate(text, fields);
  };
  if (!body.messages) return { ...body, text: fill(body.fields ?? {}, 'fields') };
  return {
    ...body,
    messages: body.messages.map((m, i) => ({
      to: m.to,
      text: fill({ ...body.fields, ...m.fields }, `messages.${i}.fields`),
    })),
  };
}
