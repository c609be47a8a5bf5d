// Running counts over what a test's carrier and webhook receiver took, read on from where the last
// look stopped: a test that waits on 30,000 recipients looks every 20 ms without reading them all again.
import type { FakeSmsc } from './fake-smsc';
import type { Receiver } from './webhook-receiver';

/** Submits the carrier took, per destination. */
export class CarrierTally {
  readonly counts = new Map<string, number>();
  private read = 0;

  constructor(private readonly smsc: FakeSmsc) {}

  update(): Map<string, number> {
    const ledger = this.smsc.ledger;
    for (; this.read < ledger.length; this.read += 1) {
      const to = ledger[this.read]!.to;
      this.counts.set(to, (this.counts.get(to) ?? 0) + 1);
    }
    return this.counts;
  }

  /** How many of `numbers` the carrier has taken at least once. */
  reached(numbers: readonly string[]): number {
    const counts = this.update();
    return numbers.reduce((n, to) => (counts.has(to) ? n + 1 : n), 0);
  }
}

export interface MessageEvents {
  /** Requests that carried the message's event. */
  requests: number;
  webhookIds: Set<string>;
  types: Set<string>;
}

/** The verified webhook requests of one path, per message id (`data.id`). */
export class EventTally {
  readonly byMessage = new Map<string, MessageEvents>();
  unverified = 0;
  private read = 0;

  constructor(
    private readonly receiver: Receiver,
    private readonly path: string,
  ) {}

  update(): Map<string, MessageEvents> {
    const received = this.receiver.received;
    for (; this.read < received.length; this.read += 1) {
      const r = received[this.read]!;
      if (r.path !== this.path) continue;
      if (!r.verified) {
        this.unverified += 1;
        continue;
      }
      const id = String(r.json.data.id);
      const seen = this.byMessage.get(id) ?? { requests: 0, webhookIds: new Set(), types: new Set() };
      seen.requests += 1;
      seen.webhookIds.add(String(r.headers['webhook-id']));
      seen.types.add(r.json.type);
      this.byMessage.set(id, seen);
    }
    return this.byMessage;
  }
}
