import type { ConnectorHealth } from '../../core/connector';

const RATE_WINDOW_MS = 5000;

/** What an SMPP connector counts for its health call and the minute's log line. */
export class SmppStats {
  submitted = 0;
  accepted = 0;
  rejected = 0;
  inDoubt = 0;
  throttled = 0;
  errors = 0;
  receipts = 0;
  reconnects = 0;
  lastError = '';
  private answeredAt: number[] = [];

  accept() {
    this.accepted += 1;
    const now = Date.now();
    this.answeredAt.push(now);
    if (this.answeredAt.length > 50_000) this.answeredAt = this.answeredAt.filter((t) => t > now - RATE_WINDOW_MS);
  }

  error(reason: string) {
    this.errors += 1;
    this.lastError = reason.slice(0, 200);
  }

  health(name: string, bound: boolean, inFlight: number, throttled: boolean): ConnectorHealth {
    const since = Date.now() - RATE_WINDOW_MS;
    this.answeredAt = this.answeredAt.filter((t) => t > since);
    return {
      name,
      kind: 'smpp',
      bound,
      inFlight,
      sentPerSecond: Math.round(this.answeredAt.length / (RATE_WINDOW_MS / 1000)),
      throttled,
      submitted: this.submitted,
      accepted: this.accepted,
      rejected: this.rejected,
      inDoubt: this.inDoubt,
      errors: this.errors,
      receipts: this.receipts,
      reconnects: this.reconnects,
      lastError: this.lastError,
    };
  }
}
