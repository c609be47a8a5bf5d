import { timingSafeEqual } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import { newCode, sha256 } from '../auth/tokens';
import { VALIDATION_ATTEMPTS, VALIDATION_TIMER_SECONDS } from '../../../src/domain/constants';

/** A sign-up's number, a reset, or a signed-in account's new number (`phone`, bound to that number). */
export type CodePurpose = 'signup' | 'reset' | 'phone';

/** A code is valid 600 s (the validation timer) and allows 7 attempts (docs/product.md#sign-up). */
export const CODE_TTL_MS = VALIDATION_TIMER_SECONDS * 1000;

// Checked against one known row (by id or by account), never searched for by its hash. A code bound to
// something (a new phone number) matches only with it: the same digits for another number are wrong.
const codeHash = (purpose: CodePurpose, code: string, boundTo: string) =>
  sha256(boundTo ? `${purpose}:${boundTo}:${code}` : `${purpose}:${code}`);

export type IssuedCode = { codeId: number; code: string };

/**
 * Draws a new code for a sign-up or an account and uses up one of its `sends`. The one row per
 * subject starts over after `renewAfterMs` (or once used) when given; null when no send is left.
 * A new code replaces the subject's previous one, whatever it was bound to.
 */
export async function issueCode(
  ctx: GatewayContext,
  purpose: CodePurpose,
  subjectId: number,
  sends: number,
  renewAfterMs?: number,
  boundTo = '',
): Promise<IssuedCode | null> {
  const now = ctx.now();
  await ctx.db
    .insertInto('codes')
    .values({
      purpose,
      subject_id: subjectId,
      code_hash: '',
      expires_at: 0,
      attempts_left: 0,
      sends_left: sends,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['purpose', 'subject_id']).doNothing())
    .execute();
  if (renewAfterMs !== undefined) {
    await ctx.db
      .updateTable('codes')
      .set({ sends_left: sends, used: 0, created_at: now })
      .where('purpose', '=', purpose)
      .where('subject_id', '=', subjectId)
      .where((eb) => eb.or([eb('used', '=', 1), eb('created_at', '<=', now - renewAfterMs)]))
      .execute();
  }
  const code = newCode();
  const row = await ctx.db
    .updateTable('codes')
    .set((eb) => ({
      code_hash: codeHash(purpose, code, boundTo),
      expires_at: now + CODE_TTL_MS,
      attempts_left: VALIDATION_ATTEMPTS,
      sends_left: eb('sends_left', '-', 1),
    }))
    .where('purpose', '=', purpose)
    .where('subject_id', '=', subjectId)
    .where('sends_left', '>', 0)
    .where('used', '=', 0)
    .returning('id')
    .executeTakeFirst();
  return row ? { codeId: row.id, code } : null;
}

export type CodeCheck =
  { ok: true; subjectId: number } | { ok: false; reason: 'wrong' | 'expired' | 'exhausted' | 'unknown' };

/** Checks a code against one known row, spending one of its attempts; a right code is used up. */
export async function checkCode(
  ctx: GatewayContext,
  purpose: CodePurpose,
  where: { id: number } | { subjectId: number },
  code: string,
  boundTo = '',
): Promise<CodeCheck> {
  let query = ctx.db.selectFrom('codes').selectAll().where('purpose', '=', purpose);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('subject_id', '=', where.subjectId);
  const row = await query.executeTakeFirst();
  if (!row || row.used === 1 || row.code_hash === '') return { ok: false, reason: 'unknown' };
  if (row.expires_at <= ctx.now()) return { ok: false, reason: 'expired' };
  const spent = await ctx.db
    .updateTable('codes')
    .set((eb) => ({ attempts_left: eb('attempts_left', '-', 1) }))
    .where('id', '=', row.id)
    .where('attempts_left', '>', 0)
    .where('used', '=', 0)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) return { ok: false, reason: 'exhausted' };
  if (!sameHash(row.code_hash, codeHash(purpose, code.trim(), boundTo))) return { ok: false, reason: 'wrong' };
  return useCode(ctx, row.id, row.subject_id);
}

async function useCode(ctx: GatewayContext, id: number, subjectId: number): Promise<CodeCheck> {
  const used = await ctx.db
    .updateTable('codes')
    .set({ used: 1 })
    .where('id', '=', id)
    .where('used', '=', 0)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? { ok: true, subjectId } : { ok: false, reason: 'unknown' };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
