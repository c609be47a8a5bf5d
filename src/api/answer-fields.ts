import type { z } from './zod';
import { ApiFailure } from './api-failure';
import { TRY_AGAIN } from '../domain/alerts';
import { outcomeAnswer } from '../domain/contract/fields';

/** `{ status: "successful", message }` answers of the write calls. */
export const OutcomeSchema = outcomeAnswer;
export type Outcome = { status: string; message: string };

/** A 200 that carries `error.status` failed/error is a refusal all the same (docs/api.md#answers-and-errors). */
export function outcomeOf(answer: z.infer<typeof OutcomeSchema>): Outcome {
  const error = answer.error;
  if (error && (error.status === 'failed' || error.status === 'error')) {
    throw new ApiFailure('refused', error.message || TRY_AGAIN, 200, error.status);
  }
  return { status: answer.status || 'successful', message: answer.message };
}
