import { z } from './zod';
import { ApiFailure } from './api-failure';
import { TRY_AGAIN } from '../domain/alerts';

// Tolerant field readers shared by the answer schemas: gateways send numbers as text and null for ''.

export const text = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

export const num = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => {
    const n = Number(v ?? 0);
    return Number.isFinite(n) ? n : 0;
  });

/** A number that must be there: a missing balance must never read as 0. */
export const requiredNum = z
  .union([z.number(), z.string().trim().min(1)])
  .transform((v) => Number(v))
  .refine((n) => Number.isFinite(n), 'not a number');

export const flag = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || (typeof v === 'string' && v.toLowerCase() === 'true'));

/** A row id (message_id, paymentid ...) as text, so numeric and string ids key alike. */
export const rowId = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', 'empty id');

export const intId = z
  .union([z.number(), z.string().trim().min(1)])
  .transform((v) => Number(v))
  .refine((n) => Number.isSafeInteger(n), 'not an integer id');

/** pageNum and hasMore of list answers (docs/api.md#calls-and-answers); a gateway without hasMore pages on until an empty page. */
export const pageFields = {
  pageNum: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => Math.max(1, Number(v) || 1)),
  hasMore: z.union([z.boolean(), z.number(), z.string(), z.null()]).optional(),
};

export function hasMoreOf(hasMore: unknown, itemCount: number): boolean {
  if (hasMore === undefined || hasMore === null) return itemCount > 0;
  return hasMore === true || hasMore === 1 || hasMore === '1' || hasMore === 'true';
}

/** `{ status: "successful", message }` answers of the write calls. */
export const OutcomeSchema = z.looseObject({
  status: text,
  message: text,
  error: z.looseObject({ status: text, message: text }).optional(),
});
export type Outcome = { status: string; message: string };

/** A 200 that carries `error.status` failed/error is a refusal all the same (docs/api.md#answers-and-errors). */
export function outcomeOf(answer: z.infer<typeof OutcomeSchema>): Outcome {
  const error = answer.error;
  if (error && (error.status === 'failed' || error.status === 'error')) {
    throw new ApiFailure('refused', error.message || TRY_AGAIN, 200, error.status);
  }
  return { status: answer.status || 'successful', message: answer.message };
}
