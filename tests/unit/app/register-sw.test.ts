import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_RETRIES_MS, registerServiceWorker } from '../../../src/app/register-sw';

/** A worker being installed: `end` moves it to its final state, as the browser would. */
function installingWorker() {
  const listeners: Array<() => void> = [];
  const worker = {
    state: 'installing',
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
  };
  return {
    worker,
    end: (state: 'activated' | 'redundant') => {
      worker.state = state;
      listeners.forEach((l) => l());
    },
  };
}

describe('registering the service worker', () => {
  let register: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubEnv('PROD', true);
    register = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('tries again, later and later, when the first install fails, and stops after the last wait', async () => {
    const installs: Array<ReturnType<typeof installingWorker>> = [];
    register.mockImplementation(async () => {
      const install = installingWorker();
      installs.push(install);
      return { installing: install.worker, active: null };
    });
    registerServiceWorker();
    await vi.waitFor(() => expect(installs).toHaveLength(1));
    for (const [i, wait] of INSTALL_RETRIES_MS.entries()) {
      installs[i]!.end('redundant');
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(register).toHaveBeenCalledTimes(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(register).toHaveBeenCalledTimes(i + 2);
    }
    installs.at(-1)!.end('redundant');
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(register).toHaveBeenCalledTimes(INSTALL_RETRIES_MS.length + 1);
  });

  it('registers once when the install succeeds', async () => {
    const install = installingWorker();
    register.mockResolvedValue({ installing: install.worker, active: null });
    registerServiceWorker();
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    install.end('activated');
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing more where service workers are blocked and no registration comes back', async () => {
    register.mockResolvedValue(undefined);
    registerServiceWorker();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('tries again when the registration itself is refused', async () => {
    register.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ installing: null, active: {} });
    registerServiceWorker();
    await vi.advanceTimersByTimeAsync(INSTALL_RETRIES_MS[0]!);
    expect(register).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(register).toHaveBeenCalledTimes(2);
  });
});
