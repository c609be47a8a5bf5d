// Message templates (docs/product.md#templates): named texts with {placeholders}, kept per account, each
// transactional or promotional. The same rules on the Templates screen, the gateway and the API v1.
import { countSms, OUT_OF_RANGE_PARTS } from '../messages/sms';
import { normalizeApostrophes } from '../messages/message-text';
import { personalize, placeholderNames } from '../messages/personalize';

export const TEMPLATE_CATEGORIES = ['transactional', 'promotional'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_NAME_MAX = 60;
/** 9 parts of plain text; a unicode text is refused sooner, by its parts. */
export const TEMPLATE_TEXT_MAX = 1377;
/** The most templates one account keeps. */
export const MAX_TEMPLATES = 500;

export type Template = {
  id: string;
  name: string;
  text: string;
  category: TemplateCategory;
  /** Epoch ms of the last change. */
  updatedAt: number;
};

export const TEMPLATE_NAME_NEEDED = 'Please give the template a name';
export const TEMPLATE_TEXT_NEEDED = 'Please type the text of the template';
export const TEMPLATE_NAME_TOO_LONG = `A template's name must be at most ${TEMPLATE_NAME_MAX} characters`;
export const TEMPLATE_TEXT_TOO_LONG =
  "A template's text must fit in 9 SMS parts (1,377 plain characters, fewer with unicode)";
export const TEMPLATE_CATEGORY_NEEDED = 'Please mark the template transactional or promotional';
export const TOO_MANY_TEMPLATES = `An account keeps at most ${MAX_TEMPLATES} templates: delete one first`;
export const TEMPLATE_NOT_FOUND = 'No such template in this account';

/** The first problem of a template's fields, in the words the screen and the gateway show; null when none. */
export function templateProblem(fields: { name: string; text: string; category: string }): string | null {
  const name = fields.name.trim();
  if (!name) return TEMPLATE_NAME_NEEDED;
  if ([...name].length > TEMPLATE_NAME_MAX) return TEMPLATE_NAME_TOO_LONG;
  if (!fields.text.trim()) return TEMPLATE_TEXT_NEEDED;
  if (fields.text.length > TEMPLATE_TEXT_MAX || countSms(normalizeApostrophes(fields.text)).parts >= OUT_OF_RANGE_PARTS)
    return TEMPLATE_TEXT_TOO_LONG;
  if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(fields.category)) return TEMPLATE_CATEGORY_NEEDED;
  return null;
}

/** The name a duplicate gets: "<name> (copy)", cut to fit. */
export function duplicateName(name: string): string {
  const suffix = ' (copy)';
  return [...name].slice(0, TEMPLATE_NAME_MAX - suffix.length).join('') + suffix;
}

/** The placeholders a template names that the values do not fill, as typed (lower-cased). */
export function missingFields(text: string, values: Readonly<Record<string, string>>): string[] {
  const given = new Set(Object.keys(values).map((k) => k.trim().toLowerCase()));
  return [...placeholderNames(text)].filter((name) => name !== '' && !given.has(name));
}

/** A template's text filled from one recipient's values (the send form's own rule: docs/product.md#personalisation). */
export const fillTemplate = (text: string, values: Readonly<Record<string, string>>): string =>
  personalize(text, { ...values });

export const categoryLabel = (category: TemplateCategory): string =>
  category === 'transactional' ? 'Transactional' : 'Promotional';
