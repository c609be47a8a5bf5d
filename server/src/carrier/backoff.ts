export interface BackoffLimits {
  baseMs: number;
  maxMs: number;
}

/** Reconnect and throttle waits: base doubling to max, with full jitter over the upper half. */
export function backoffMs(attempt: number, limits: BackoffLimits, random: () => number = Math.random): number {
  const ceiling = Math.min(limits.maxMs, limits.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
