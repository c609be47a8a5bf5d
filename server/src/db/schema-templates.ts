import type { Selectable } from 'kysely';
import type { TemplateCategory } from '../../../src/domain/templates/template-rules';

/** A message template (server/src/templates): a named text with {placeholders}, kept per account. */
export interface TemplatesTable {
  /** The app's UUID (a template made offline keeps it), or one the gateway made (the API v1's). */
  id: string;
  profile_id: number;
  name: string;
  text: string;
  category: TemplateCategory;
  created_at: number;
  updated_at: number;
}
export type TemplateRow = Selectable<TemplatesTable>;

export interface TemplateTables {
  templates: TemplatesTable;
}
