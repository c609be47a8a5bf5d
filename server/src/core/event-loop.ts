/**
 * Lets timers, I/O and other requests run before the caller goes on: a loop over thousands of rows
 * awaits it between chunks, so no request holds the event loop for long. (An `await` on a settled
 * promise, such as a better-sqlite3 query's, yields to nothing but other microtasks.)
 */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
