// The time from a carrier's submit answer to the part's final receipt, for metrics
// (docs/operations.md#metrics): kept in memory for the parts this instance submitted.
import type { GatewayContext } from '../core/context';
import type { Receipt } from '../core/connector';
import { carrierIdKey } from './parts/carrier-ids';
import { FINAL_STATES } from './parts/recipient-status';

/** Answers (and receipts that came before theirs) remembered at most; the oldest are forgotten first. */
const REMEMBERED = 200_000;

const remember = (map: Map<string, number>, key: string, at: number) => {
  map.set(key, at);
  if (map.size > REMEMBERED) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
};

export class ReceiptDelays {
  private readonly answeredAt = new Map<string, number>();
  /** Final receipts read off the wire before their submit's answer was: they count as immediate. */
  private readonly early = new Map<string, number>();

  constructor(private readonly ctx: GatewayContext) {}

  /** A part the carrier accepted now, by the carrier id its answer gave. */
  answered(carrierId: string) {
    const observers = this.ctx.observers;
    if (!observers) return;
    const key = carrierIdKey(carrierId);
    if (this.early.delete(key)) observers.receiptDelay(0);
    else remember(this.answeredAt, key, Date.now());
  }

  /** Receipts as they arrive: each final one is timed once, from its part's answer. */
  received(receipts: readonly Receipt[]) {
    const observers = this.ctx.observers;
    if (!observers) return;
    const now = Date.now();
    for (const r of receipts) {
      if (!FINAL_STATES.has(r.state)) continue;
      const key = carrierIdKey(r.carrierId);
      const at = this.answeredAt.get(key);
      if (at === undefined) {
        remember(this.early, key, now);
        continue;
      }
      this.answeredAt.delete(key);
      observers.receiptDelay((now - at) / 1000);
    }
  }
}
