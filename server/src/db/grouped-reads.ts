/**
 * Reads by key go together: those asked in one turn of the event loop (every socket read in it) into one
 * read at the turn's end, and those asked while a read is under way into the next. A burst of clicks on
 * 200 short links costs a few statements, not 200: on SQLite, whose read ends before the next socket is
 * read, starting at once grouped 4 clicks a statement, at the turn's end about 70 (docs/architecture.md#short-links).
 * A lone read waits for nothing but the turn's end. Each caller gets its own key's value, or undefined
 * when none was found; a failed read fails its callers.
 */
export function groupedReads<K, V>(
  readMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
  mostInOneRead = 500,
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let waiting = new Map<K, Waiter[]>();
  let reading = false;

  async function readAll(): Promise<void> {
    while (waiting.size > 0) {
      const all = [...waiting];
      const batch = all.slice(0, mostInOneRead);
      waiting = new Map(all.slice(batch.length));
      try {
        const found = await readMany(batch.map(([key]) => key));
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
      } catch (error) {
        for (const [, waiters] of batch) for (const w of waiters) w.reject(error);
      }
    }
    reading = false;
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!reading) {
        reading = true;
        setImmediate(() => void readAll());
      }
    });
}
