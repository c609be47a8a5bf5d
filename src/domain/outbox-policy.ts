// The outbox's decisions as pure functions: batching, idempotency keys, retry or give up (API.md, SPEC.md 8 and 9).
import type { SendItem } from './types';
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

// Recipients are numbered across the whole send (API.md), so a regular item's list may span batches.
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

export const idempotencyKey = (jobId: string, from: number, to: number): string => `${jobId}:${from}-${to}`;

export type IdempotencyRange = { jobId: string; from: number; to: number };

// The gateway reads the key back; anything malformed is treated as no key at all.
export function parseIdempotencyKey(key: string | null | undefined): IdempotencyRange | null {
  const match = /^(.+):(\d+)-(\d+)$/.exec(key?.trim() ?? '');
  if (!match?.[1] || match[2] === undefined || match[3] === undefined) return null;
  const from = Number(match[2]);
  const to = Number(match[3]);
  return Number.isSafeInteger(from) && Number.isSafeInteger(to) && from <= to ? { jobId: match[1], from, to } : null;
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
  // A batch of 100 that is still too large cannot be helped by splitting again.
  batched?: boolean;
  retryAfterMs?: number;
};

export function decideSendOutcome(result: SendFailure, attempt: number, options: DecisionOptions = {}): SendDecision {
  if (typeof result === 'number' && result >= 200 && result < 300) return { kind: 'done' };
  if (result === 401) return { kind: 'signed-out' };
  if (result === 413) return options.batched ? { kind: 'final', reason: result } : { kind: 'split' };
  // Transient failures are retried without limit: queued work is never dropped (API.md).
  if (isTransient(result)) {
    return { kind: 'retry', afterMs: Math.max(retryDelayMs(attempt, options.random), options.retryAfterMs ?? 0) };
  }
  return { kind: 'final', reason: result };
}
