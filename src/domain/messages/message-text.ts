// Message text clean-up before sending (docs/product.md#personalisation).
import type { ContactSource, MessageKind, MessageSubtype } from '../types';

// Word processors and phone keyboards turn ' into these; plain GSM text has only the straight one.
const TYPOGRAPHIC_APOSTROPHES = /[\u2018\u2019\u201B\u02BC]/g;
const AGE_PLACEHOLDER = /\{\s*age\s*\}/gi;

export const normalizeApostrophes = (text: string): string => text.replace(TYPOGRAPHIC_APOSTROPHES, "'");

export type AgeRuleContext = { messageType: MessageKind; subtype: MessageSubtype; source: ContactSource };

export const ageRuleApplies = ({ messageType, subtype, source }: AgeRuleContext): boolean =>
  subtype === 'personalized' && source === 'phonebook' && messageType !== 'birthday';

export function stripAgePlaceholder(text: string, context: AgeRuleContext): string {
  return ageRuleApplies(context) ? text.replace(AGE_PLACEHOLDER, '') : text;
}

export function prepareMessageText(text: string, context: AgeRuleContext): string {
  return stripAgePlaceholder(normalizeApostrophes(text), context);
}
