/**
 * Reads by key that come while one is under way wait for it, then go together into the next: a burst
 * of clicks on 200 short links costs a few statements, not 200, and a lone read starts at once. Each
 * caller gets its own key's value, or undefined when none was found; a failed read fails its callers.
 */
export function groupedReads<K, V>(
  readMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
  mostInOneRead = 500,
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let waiting = new Map<K, Waiter[]>();
  let reading = false;

  async function readAll(): Promise<void> {
    reading = true;
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
      if (!reading) void readAll();
    });
}
