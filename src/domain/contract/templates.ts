// Message templates (docs/api.md#calls-and-answers, docs/product.md#templates) and a test to yourself
// (docs/product.md#a-test-to-yourself).
import { z } from './zod';
import { frontendCall } from './call';
import { num, outcomeAnswer, ownBody, profileId, requiredNum, shownText, text } from './fields';
import { TEMPLATE_CATEGORIES } from '../templates/template-rules';
import { PERSONAL_FIELD_LIMITS } from '../messages/personalize';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A template's id: a UUID, made by the app (so one made offline keeps it) or by the gateway. */
export const templateId = z.string().trim().regex(UUID, 'must be a template id (a UUID)');

/** A template as the app reads it. */
export const TemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  updatedAt: z.number(),
});

/** The caller's templates, the last changed first. */
export const TEMPLATES = frontendCall(
  'templates',
  { who: 'user', touches: 'self', needs: 'templates' },
  ownBody,
  z.object({ templates: z.array(TemplateSchema) }),
);

/** Creates the template with this id, or changes the caller's own: sending it twice changes nothing more. */
export const SAVE_TEMPLATE = frontendCall(
  'savetemplate',
  { who: 'user', touches: 'self', needs: 'templates' },
  z.object({ profile_id: profileId, id: templateId, name: text, text, category: text }),
  outcomeAnswer.extend({ template: TemplateSchema }),
);

/** Deletes one of the caller's templates; one already gone is deleted too (the outbox may send it twice). */
export const DELETE_TEMPLATE = frontendCall(
  'deletetemplate',
  { who: 'user', touches: 'self', needs: 'templates' },
  z.object({ profile_id: profileId, id: templateId }),
  outcomeAnswer,
);

/** One recipient's values, as a send's personalized item carries them. */
const values = z
  .record(z.string().max(PERSONAL_FIELD_LIMITS.name), z.string().max(PERSONAL_FIELD_LIMITS.value))
  .refine((f) => Object.keys(f).length <= PERSONAL_FIELD_LIMITS.fields, 'has too many fields');

/**
 * A test to yourself: the text (a template's {placeholders} filled from `fields`) sent to the caller's own
 * phone through the send path, charged like any message, and marked as a test on the dashboard.
 */
export const SEND_TEST_TO_SELF = frontendCall(
  'sendtesttoself',
  { who: 'user', touches: 'self', needs: 'send' },
  z.object({ profile_id: profileId, sourceAddress: text, text, fields: values.optional() }),
  z.looseObject({
    message: shownText,
    message_id: num,
    /** The number it went to, as the account has it. */
    to: shownText,
    creditbalance: requiredNum,
    internationalcreditbalance: requiredNum,
  }),
);
