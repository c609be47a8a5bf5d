/** One background loop's heartbeat, on the process's monotonic clock (performance.now()). */
export interface LoopBeat {
  everyMs: number;
  /** When its last tick ended (ok or failed), or null before the first. */
  lastDoneAt: number | null;
  /** When the tick now running began, or null between ticks. */
  runningSince: number | null;
}

/**
 * What readiness (/readyz, docs/operations.md#health) knows of this process: its background loops'
 * heartbeats (written by background.ts) and whether it is stopping.
 */
export class Liveness {
  readonly loops = new Map<string, LoopBeat>();
  readonly startedAt = performance.now();
  stopping = false;
}
