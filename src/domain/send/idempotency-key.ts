// The Idempotency-Key `<jobId>:<from>-<to>` (docs/api.md#idempotency-key-and-batches): which recipients of which send a request carries.
// The outbox writes it and the gateway reads it back, with this one pattern.

export type IdempotencyRange = { key: string; jobId: string; from: number; to: number };

const KEY = /^([A-Za-z0-9][A-Za-z0-9_-]{0,99}):(\d{1,9})-(\d{1,9})$/;

export const idempotencyKey = (jobId: string, from: number, to: number): string => `${jobId}:${from}-${to}`;

/** The key's parts (jobId lower-cased), null when there is no key, or the problem in words. */
export function parseIdempotencyKey(value: string | null | undefined): IdempotencyRange | { problem: string } | null {
  const key = value?.trim();
  if (!key) return null;
  const match = KEY.exec(key);
  if (!match) return { problem: 'Invalid Idempotency-Key: expected <jobId>:<from>-<to>' };
  const [, jobId = '', from, to] = match;
  const range = { from: Number(from), to: Number(to) };
  if (range.to < range.from) return { problem: 'Invalid Idempotency-Key: <to> is before <from>' };
  return { key, jobId: jobId.toLowerCase(), ...range };
}
