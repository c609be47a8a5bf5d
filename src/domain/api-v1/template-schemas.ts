// The integrators' API's templates (docs/api-v1.md#templates): bodies and answers, and the fields a
// send names a template with.
import { SEND_CATEGORIES } from '../send/quiet-hours';
import { z } from '../contract/zod';
import { TEMPLATE_CATEGORIES, TEMPLATE_NAME_MAX, TEMPLATE_TEXT_MAX } from '../templates/template-rules';
import { PERSONAL_FIELD_LIMITS } from '../messages/personalize';

const name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(TEMPLATE_NAME_MAX, `is longer than ${TEMPLATE_NAME_MAX} characters`);
const text = z
  .string()
  .min(1, 'must not be empty')
  .max(TEMPLATE_TEXT_MAX, `is longer than ${TEMPLATE_TEXT_MAX} characters`)
  .describe('The text, with {placeholders} such as {firstname} filled from each recipient’s fields');
const category = z.enum(TEMPLATE_CATEGORIES).describe('transactional (codes, receipts) or promotional (offers)');

export const createTemplateBody = z.strictObject({ name, text, category });
export const updateTemplateBody = z
  .strictObject({ name: name.optional(), text: text.optional(), category: category.optional() })
  .describe('The fields to change; the others stay');
export type UpdateTemplateBody = z.output<typeof updateTemplateBody>;

export const templateParams = z.strictObject({ templateId: z.string().max(64) });

export const template = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  category,
  placeholders: z.array(z.string()).describe('The fields its text names, to give in fields'),
  updatedAt: z.string().describe('ISO 8601 date and time, UTC'),
});
export type TemplateV1 = z.output<typeof template>;
export const templateList = z.object({ data: z.array(template) });
export const deletedTemplate = z.object({ id: z.string(), deleted: z.literal(true) });

/** One recipient's values for a template's {placeholders}. */
export const templateFields = z
  .record(
    z.string().max(PERSONAL_FIELD_LIMITS.name, `names must be at most ${PERSONAL_FIELD_LIMITS.name} characters`),
    z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(
        z.string().max(PERSONAL_FIELD_LIMITS.value, `values must be at most ${PERSONAL_FIELD_LIMITS.value} characters`),
      ),
  )
  .refine(
    (f) => Object.keys(f).length <= PERSONAL_FIELD_LIMITS.fields,
    `must have at most ${PERSONAL_FIELD_LIMITS.fields} fields`,
  )
  .describe("Values of the template's placeholders, by name");

export const sendTemplateId = z
  .string()
  .max(64)
  .describe("A template's id: its text is sent, filled from fields, in place of text");

type SendShape = {
  to?: unknown;
  text?: unknown;
  fields?: unknown;
  templateId?: unknown;
  messages?: ReadonlyArray<{ text?: unknown; fields?: unknown }> | undefined;
};
type Issues = { addIssue: (issue: { code: 'custom'; path: (string | number)[]; message: string }) => void };

/**
 * sendMessages takes one text to many numbers (to with text, or with templateId and fields) or one text
 * per number (messages, each with its text, or with its fields when templateId names the text; the
 * send's fields are every recipient's).
 */
export function checkSendShape(body: SendShape, ctx: Issues): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const named = body.templateId !== undefined;
  const many = body.to !== undefined || body.text !== undefined;
  if (many && body.messages !== undefined) issue(['messages'], 'cannot be sent with to and text');
  if (named && body.text !== undefined) issue(['text'], 'cannot be sent with templateId');
  if (!named && body.fields !== undefined) issue(['fields'], 'needs templateId');
  if (body.messages === undefined) {
    if (body.to === undefined) issue(['to'], 'is required');
    if (!named && body.text === undefined) issue(['text'], 'is required');
    return;
  }
  body.messages.forEach((m, i) => {
    if (named && m.text !== undefined) issue(['messages', i, 'text'], 'cannot be sent with templateId');
    if (!named && m.text === undefined) issue(['messages', i, 'text'], 'is required');
    if (!named && m.fields !== undefined) issue(['messages', i, 'fields'], 'needs templateId');
  });
}

/** A send's category (docs/product.md#quiet-hours); with templateId, the template's when absent. */
export const sendCategory = z
  .enum(SEND_CATEGORIES)
  .describe(
    "promotional (the default; held while the account's quiet hours last) or transactional (codes, receipts: never held); a template's own when templateId is given",
  );
