// Message templates kept per account (docs/product.md#templates): the one owner of `templates`.
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { TemplateRow } from '../db/schema-templates';
import { notFound, refuse } from '../core/errors';
import { isUniqueViolation } from '../db/queries';
import { lockOwnerRows } from '../db/owner-lock';
import {
  MAX_TEMPLATES,
  TEMPLATE_NOT_FOUND,
  TOO_MANY_TEMPLATES,
  templateProblem,
  type Template,
  type TemplateCategory,
} from '../../../src/domain/templates/template-rules';

export type TemplateFields = { name: string; text: string; category: string };

/** A template as both APIs answer it. */
export const templateAnswer = (row: TemplateRow): Template => ({
  id: row.id,
  name: row.name,
  text: row.text,
  category: row.category,
  updatedAt: Number(row.updated_at),
});

/** The fields checked and trimmed as they are kept, or the refusal naming the first problem. */
function checked(fields: TemplateFields) {
  const problem = templateProblem(fields);
  if (problem) throw refuse(problem);
  return { name: fields.name.trim(), text: fields.text, category: fields.category as TemplateCategory };
}

/** The account's templates, the last changed first. */
export async function listTemplates(ctx: GatewayContext, profileId: number): Promise<Template[]> {
  const rows = await ctx.db
    .selectFrom('templates')
    .selectAll()
    .where('profile_id', '=', profileId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(templateAnswer);
}

const rowById = (db: Executor, id: string) =>
  db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();

/** One of the account's templates; another account's, or none, is not found (404). */
export async function templateOf(ctx: GatewayContext, profileId: number, id: string): Promise<Template> {
  const row = await rowById(ctx.db, id);
  if (!row || row.profile_id !== profileId) throw notFound(TEMPLATE_NOT_FOUND);
  return templateAnswer(row);
}

/**
 * Creates the template with this id, or changes it when the account has it already (the app's outbox
 * sends a template made offline again until it is answered); another account's id is not found.
 */
export async function saveTemplate(
  ctx: GatewayContext,
  profileId: number,
  id: string,
  fields: TemplateFields,
  mustExist = false,
): Promise<Template> {
  const kept = checked(fields);
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await lockOwnerRows(trx, ctx.db.dialectName, 'templates', profileId);
      const before = await rowById(trx, id);
      if ((before && before.profile_id !== profileId) || (!before && mustExist)) throw notFound(TEMPLATE_NOT_FOUND);
      if (before) {
        const row = await trx
          .updateTable('templates')
          .set({ ...kept, updated_at: now })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return templateAnswer(row);
      }
      const count = await trx
        .selectFrom('templates')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('profile_id', '=', profileId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_TEMPLATES) throw refuse(TOO_MANY_TEMPLATES);
      const row = await trx
        .insertInto('templates')
        .values({ id, profile_id: profileId, ...kept, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return templateAnswer(row);
    });
  } catch (error) {
    // Another request made this id meanwhile: it is found now, and changed (or refused) as such.
    if (isUniqueViolation(error)) return saveTemplate(ctx, profileId, id, fields, true);
    throw error;
  }
}

/** A new template with an id the gateway makes (the API v1's createTemplate). */
export const createTemplate = (ctx: GatewayContext, profileId: number, fields: TemplateFields) =>
  saveTemplate(ctx, profileId, randomUUID(), fields);

/**
 * Deletes one of the account's templates; another account's is not found. With `goneIsDone` (the app's
 * outbox, which may send a deletion twice) a template already gone is deleted, not a 404.
 */
export async function deleteTemplate(
  ctx: GatewayContext,
  profileId: number,
  id: string,
  goneIsDone: boolean,
): Promise<void> {
  const row = await rowById(ctx.db, id);
  if (row && row.profile_id !== profileId) throw notFound(TEMPLATE_NOT_FOUND);
  if (!row) {
    if (goneIsDone) return;
    throw notFound(TEMPLATE_NOT_FOUND);
  }
  await ctx.db.deleteFrom('templates').where('id', '=', id).where('profile_id', '=', profileId).execute();
}
