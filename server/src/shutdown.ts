import type { Liveness } from './core/liveness';
import type { EventLog } from './core/log';

/** One part of the gateway to stop, in the order given (docs/operations.md#graceful-stop). */
export interface StopStep {
  name: string;
  stop: () => Promise<unknown>;
}

/**
 * On SIGTERM (or SIGINT): readiness answers 503 at once (and new requests are refused, app.ts), then
 * each step stops in turn; the process exits 0 once all have, or 1 when SHUTDOWN_GRACE_S runs out
 * first, naming the step still running (what it held lapses with its lease on the other instances).
 */
export function stopOnSignals(
  liveness: Liveness,
  steps: () => StopStep[],
  options: { graceS: number; log: EventLog; exit: (code: number) => void },
): void {
  let current = 'nothing';
  const stop = async (signal: string) => {
    if (liveness.stopping) return;
    liveness.stopping = true;
    const started = performance.now();
    options.log(`stopping on ${signal}`, { graceS: options.graceS });
    const timer = setTimeout(() => {
      options.log(`stop took longer than SHUTDOWN_GRACE_S: exiting while ${current} was still stopping`, {}, 'warn');
      options.exit(1);
    }, options.graceS * 1000);
    for (const step of steps()) {
      current = step.name;
      try {
        await step.stop();
      } catch (error) {
        options.log(`stopping ${step.name} failed: ${String(error)}`, {}, 'warn');
      }
    }
    clearTimeout(timer);
    options.log('stopped', { ms: Math.round(performance.now() - started) });
    options.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
