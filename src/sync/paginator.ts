export type PaginatorStatus = 'idle' | 'loading' | 'done' | 'error';

export interface PaginatorState {
  status: PaginatorStatus;
  /** Why the last load failed (the screen shows what is stored and says so). */
  error: unknown;
}

type Load = () => Promise<{ done: boolean }>;

/**
 * An infinite list's loader (Elk's paginator): idle | loading | done | error, one load in flight;
 * a load asked for while one runs joins it instead of starting another.
 */
export class Paginator {
  private state: PaginatorState = { status: 'idle', error: null };
  private inFlight: Promise<void> | null = null;
  private queued: { load: Load; promise: Promise<void> } | null = null;
  private readonly listeners = new Set<() => void>();

  snapshot = (): PaginatorState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Runs `load` unless the end was reached; a `restart` load (search, refresh) runs even then, and
   * after the load in flight (the latest one asked for wins).
   */
  run(load: Load, restart = false): Promise<void> {
    if (this.inFlight && !restart) return this.inFlight;
    if (this.inFlight) {
      if (this.queued) {
        this.queued.load = load;
        return this.queued.promise;
      }
      const promise = this.inFlight.then(() => {
        const next = this.queued!.load;
        this.queued = null;
        return this.run(next, true);
      });
      this.queued = { load, promise };
      return promise;
    }
    if (this.state.status === 'done' && !restart) return Promise.resolve();
    this.set({ status: 'loading', error: null });
    this.inFlight = load()
      .then(
        ({ done }) => this.set({ status: done ? 'done' : 'idle', error: null }),
        (error: unknown) => this.set({ status: 'error', error }),
      )
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private set(state: PaginatorState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

const registry = new Map<string, Paginator>();

/** One paginator per account and list, shared by every screen showing that list. */
export function paginatorFor(profileId: number, list: string): Paginator {
  const key = `${profileId}:${list}`;
  let paginator = registry.get(key);
  if (!paginator) {
    paginator = new Paginator();
    registry.set(key, paginator);
  }
  return paginator;
}
