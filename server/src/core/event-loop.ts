/**
 * Lets timers, I/O and other requests run before the caller goes on: a loop over thousands of rows
 * awaits it between chunks, so no request holds the event loop for long. (An `await` on a settled
 * promise, such as a better-sqlite3 query's, yields to nothing but other microtasks.)
 */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Calls `f` on each item in order, yielding to the event loop every `step` items: a long list never holds it for long. */
export async function forEachInSteps<T>(
  items: readonly T[],
  step: number,
  f: (item: T, index: number) => void,
): Promise<void> {
  for (let i = 0; i < items.length; i += 1) {
    if (i > 0 && i % step === 0) await yieldToLoop();
    f(items[i]!, i);
  }
}

/** `items.map(f)`, yielding to the event loop every `step` items (forEachInSteps). */
export async function mapInSteps<T, U>(
  items: readonly T[],
  step: number,
  f: (item: T, index: number) => U,
): Promise<U[]> {
  const out: U[] = [];
  await forEachInSteps(items, step, (item, i) => out.push(f(item, i)));
  return out;
}
