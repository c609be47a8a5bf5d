// The outbox's decisions as pure functions: batching, idempotency keys, retry or give up (docs/product.md#the-outbox-and-batches).
import type { SendItem } from '../types';
import { splitDestinations } from './recipients';

export const BATCH_SIZE = 100;
export const BATCH_GAP_MS = 2000;
export const RETRY_BASE_MS = 1000;
export const RETRY_CAP_MS = 60_000;
export const TRANSIENT_STATUSES: readonly number[] = [408, 429, 500, 502, 503, 504];

export type SendBatch<T extends SendItem = SendItem> = { from: number; to: number; items: T[] };

export function countRecipients(items: readonly SendItem[]): number {
  return items.reduce((sum, item) => sum + splitDestinations(item.destinationAddress).length, 0);
}

// Recipients are numbered across the whole send (docs/api.md#sends), so a regular item's list may span batches.
export function splitIntoBatches<T extends SendItem>(items: readonly T[], size: number = BATCH_SIZE): SendBatch<T>[] {
  const limit = Math.max(1, Math.floor(size));
  const batches: SendBatch<T>[] = [];
  let next = 0;
  let current: SendBatch<T> | undefined;
  for (const item of items) {
    const numbers = splitDestinations(item.destinationAddress);
    let offset = 0;
    while (offset < numbers.length) {
      if (current === undefined || current.to - current.from + 1 >= limit) {
        current = { from: next, to: next - 1, items: [] };
        batches.push(current);
      }
      const chunk = numbers.slice(offset, offset + limit - (current.to - current.from + 1));
      current.items.push({ ...item, destinationAddress: chunk.join(',') });
      current.to += chunk.length;
      next += chunk.length;
      offset += chunk.length;
    }
  }
  return batches;
}

export type SendFailure = number | 'network' | 'timeout';

export type SendDecision =
  | { kind: 'done' }
  | { kind: 'retry'; afterMs: number }
  | { kind: 'split' }
  | { kind: 'signed-out' }
  | { kind: 'final'; reason: SendFailure };

export const isTransient = (result: SendFailure): boolean =>
  typeof result === 'string' || TRANSIENT_STATUSES.includes(result);

// Equal jitter: never below half the capped delay, so retries neither stampede nor fire at once.
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.max(1, Math.floor(attempt)) - 1;
  const capped = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(step, 30));
  const jitter = Math.min(1, Math.max(0, random()));
  return Math.round(capped / 2 + (capped / 2) * jitter);
}

export type DecisionOptions = {
  random?: () => number;
  /** Recipients in the refused request: a 413 on more than one is split smaller; one alone is final. */
  recipients?: number;
  /** The server's Retry-After (parseRetryAfter): never retried sooner, up to the policy's cap. */
  retryAfterMs?: number;
};

export function decideSendOutcome(result: SendFailure, attempt: number, options: DecisionOptions = {}): SendDecision {
  if (typeof result === 'number' && result >= 200 && result < 300) return { kind: 'done' };
  if (result === 401) return { kind: 'signed-out' };
  if (result === 413) return (options.recipients ?? 2) > 1 ? { kind: 'split' } : { kind: 'final', reason: result };
  // Transient failures are retried without limit: queued work is never dropped.
  if (isTransient(result)) {
    const asked = Math.min(RETRY_CAP_MS, Math.max(0, options.retryAfterMs ?? 0));
    return { kind: 'retry', afterMs: Math.max(retryDelayMs(attempt, options.random), asked) };
  }
  return { kind: 'final', reason: result };
}

/** After a 413 on a request of `count` recipients: half as many a request (100, 50, 25, 12, 6, 3, 1). */
export const smallerBatchSize = (count: number): number => Math.max(1, Math.floor(count / 2));

/**
 * Retry-After (RFC 9110 10.2.3) in ms from `now`: delay-seconds or an HTTP date; undefined when absent
 * or unreadable, 0 for a date already past.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}
