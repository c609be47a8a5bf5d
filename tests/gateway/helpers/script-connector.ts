import type {
  Connector,
  ConnectorHealth,
  OutgoingPart,
  Receipt,
  ReceiptSink,
  SubmitOutcome,
} from '../../../server/src/core/connector';

/** What the scripted carrier does with one part: an outcome now, or 'hold' (no answer until released). */
export type Script = (part: OutgoingPart, n: number) => SubmitOutcome | 'hold';

/**
 * A carrier connector driven by the test: it records every part written (the ledger), answers as the
 * script says, and hands receipts to the gateway when the test says so. No network, no timers.
 */
export class ScriptConnector implements Connector {
  readonly kind = 'smpp' as const;
  readonly ledger: OutgoingPart[] = [];
  private held: { part: OutgoingPart; resolve: (o: SubmitOutcome) => void }[] = [];
  private sink: ReceiptSink | null = null;
  private stopped = false;

  constructor(
    readonly name: string,
    private script: Script = (part) => ({ kind: 'accepted', carrierId: `c${part.partId}` }),
    private readonly window = 10,
  ) {}

  setScript(script: Script) {
    this.script = script;
  }

  async start(sink: ReceiptSink) {
    this.sink = sink;
  }

  async stop() {
    this.stopped = true;
    for (const h of this.held.splice(0)) h.resolve({ kind: 'in-doubt', reason: 'stopped' });
  }

  freeSlots() {
    return this.stopped ? 0 : Math.max(0, this.window - this.held.length);
  }

  waitForSlot(ms: number) {
    return new Promise<void>((resolve) => setTimeout(resolve, ms));
  }

  submit(part: OutgoingPart): Promise<SubmitOutcome> {
    if (this.stopped) return Promise.resolve({ kind: 'retry', reason: 'stopped' });
    this.ledger.push(part);
    const outcome = this.script(part, this.ledger.length);
    if (outcome !== 'hold') return Promise.resolve(outcome);
    return new Promise((resolve) => this.held.push({ part, resolve }));
  }

  /** Answers every held part with what `answer` says. */
  release(answer: (part: OutgoingPart) => SubmitOutcome) {
    for (const h of this.held.splice(0)) h.resolve(answer(h.part));
  }

  get heldCount() {
    return this.held.length;
  }

  /** Hands receipts to the gateway; resolves once they are stored (as deliver_sm_resp would wait). */
  receipts(receipts: Receipt[]) {
    if (!this.sink) throw new Error('not started');
    return this.sink(receipts);
  }

  health(): ConnectorHealth {
    return {
      name: this.name,
      kind: this.kind,
      bound: !this.stopped,
      inFlight: this.held.length,
      sentPerSecond: 0,
      throttled: false,
      submitted: this.ledger.length,
      accepted: 0,
      rejected: 0,
      inDoubt: 0,
      errors: 0,
      receipts: 0,
      reconnects: 0,
      lastError: '',
    };
  }
}

/** A receipt as a carrier sends it for a part it accepted. */
export const receiptFor = (carrierId: string, to: string, state: Receipt['state'] = 'DELIVRD'): Receipt => ({
  carrierId,
  state,
  error: state === 'DELIVRD' ? '000' : '001',
  doneAt: Date.parse('2026-11-20T10:00:05Z'),
  to,
});
