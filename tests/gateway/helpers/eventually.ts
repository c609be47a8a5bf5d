import { vi } from 'vitest';

/**
 * Waits for a condition the gateway reaches in its own time (a bind, a stored receipt, a row).
 * vi.waitFor gives up after one second, which a CI machine running three test files at once on two
 * cores can exceed; this waits up to 20 s, checking every 20 ms, and fails with the check's last error.
 */
export function eventually<T>(check: () => T | Promise<T>, timeout = 20_000): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 20 });
}
