// SMPP 3.4 connector: the `smpp` package's sessions carry the PDUs (smpp-link.ts); the window, the
// rate, the timeouts, enquire_link, reconnecting and throttling are ours (the package has none of them).
import type { PDU, Session } from 'smpp';
import type {
  Connector,
  ConnectorHealth,
  OutgoingPart,
  ReceiptSink,
  InboundSink,
  SubmitOutcome,
} from '../../core/connector';
import type { SmppSettings } from '../carrier-url';
import { backoffMs, type BackoffLimits } from '../backoff';
import { TokenBucket } from '../token-bucket';
import { SmppStats } from './smpp-stats';
import { receiptKeyOf } from '../parts/carrier-ids';
import { shortMessagePdu } from '../../smpp/pdu-out';
import { writeTogether } from '../../smpp/pdu-stream';
import { statusName } from '../../smpp/protocol';
import { enquire, linkBound, openLink, unbindAll, UNBIND_WAIT_MS, type Link } from './smpp-link';
import { Deliveries } from './smpp-deliveries';

const ESME_ROK = 0;
const THROTTLED = new Set([0x58, 0x14]); // ESME_RTHROTTLED, ESME_RMSGQFUL

export interface SmppTiming {
  reconnect: BackoffLimits;
  throttle: BackoffLimits;
  /**
   * The CA that signed the SMSC's certificate (smpps://), for tests; a gateway whose carrier uses a
   * private CA is given it with NODE_EXTRA_CA_CERTS (docs/carrier.md).
   */
  tlsCa?: Buffer;
  /** The longest a receipt waits for more to make a batch (tests widen it). */
  receiptWaitMs?: number;
}
const DEFAULT_TIMING: SmppTiming = {
  reconnect: { baseMs: 1000, maxMs: 60_000 },
  throttle: { baseMs: 1000, maxMs: 60_000 },
};

interface Waiting {
  part: OutgoingPart;
  order: number;
  resolve: (outcome: SubmitOutcome) => void;
}

export class SmppConnector implements Connector {
  readonly kind = 'smpp' as const;
  private link: Link | null = null;
  private stopping = false;
  private queue: Waiting[] = [];
  private readonly flying = new Map<number, { waiting: Waiting; timer: NodeJS.Timeout; session: Session }>();
  private order = 0;
  private readonly bucket: TokenBucket;
  private pausedUntil = 0;
  private throttleAttempts = 0;
  private reconnectAttempts = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private pumpTimer: NodeJS.Timeout | null = null;
  private slotWaiters: (() => void)[] = [];
  private readonly stats = new SmppStats();
  private readonly deliveries: Deliveries;

  constructor(
    readonly name: string,
    private readonly settings: SmppSettings,
    private readonly timing: SmppTiming = DEFAULT_TIMING,
  ) {
    this.bucket = new TokenBucket(settings.tps);
    this.deliveries = new Deliveries(name, this.stats, timing.receiptWaitMs);
  }

  async start(sink: ReceiptSink, inbound?: InboundSink): Promise<void> {
    this.deliveries.sink = sink;
    this.deliveries.inbound = inbound ?? null;
    this.stopping = false;
    this.connect();
  }

  freeSlots(): number {
    if (!linkBound(this.link) || Date.now() < this.pausedUntil) return 0;
    return Math.max(0, this.settings.window - this.flying.size - this.queue.length);
  }

  waitForSlot(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const waiters = this.slotWaiters;
      function done() {
        clearTimeout(timer);
        const i = waiters.indexOf(done);
        if (i >= 0) waiters.splice(i, 1);
        resolve();
      }
      waiters.push(done);
    });
  }

  submit(part: OutgoingPart): Promise<SubmitOutcome> {
    if (this.stopping) return Promise.resolve({ kind: 'retry', reason: 'the connector is stopping' });
    return new Promise((resolve) => {
      this.queue.push({ part, order: (this.order += 1), resolve });
      this.pump();
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of [this.reconnectTimer, this.pumpTimer]) if (timer) clearTimeout(timer);
    for (const w of this.queue.splice(0)) w.resolve({ kind: 'retry', reason: 'the connector stopped' });
    // Answers already on their way are worth a short wait; what stays unanswered is in doubt.
    const deadline = Date.now() + Math.min(this.settings.timeoutS * 1000, UNBIND_WAIT_MS);
    while (this.flying.size > 0 && Date.now() < deadline) await this.waitForSlot(20);
    await this.deliveries.flushAll();
    const link = this.link;
    if (link) {
      await unbindAll(link);
      this.drop(link, 'the connector stopped');
    }
  }

  health(): ConnectorHealth {
    return this.stats.health(this.name, linkBound(this.link), this.flying.size, Date.now() < this.pausedUntil);
  }

  // ---- the link ----

  private connect() {
    if (this.stopping) return;
    this.link = openLink(this.settings, this.timing.tlsCa, {
      fail: (link, reason) => this.fail(link, reason),
      drop: (link, reason) => this.drop(link, reason),
      deliver: (session, pdu) => this.deliveries.onDeliver(session, pdu),
      nack: (pdu) => this.onAnswer(pdu.sequence_number, pdu),
      sessionBound: (link) => {
        if (linkBound(this.link) && this.link === link) this.onBound(link);
      },
    });
  }

  private onBound(link: Link) {
    this.reconnectAttempts = 0;
    this.stats.lastError = '';
    link.enquireTimer = setInterval(
      () => enquire(link, this.settings.timeoutS * 1000, (l, reason) => this.fail(l, reason)),
      this.settings.enquireS * 1000,
    );
    this.pump();
  }

  private fail(link: Link, reason: string) {
    if (this.link !== link) return;
    this.stats.error(reason);
    this.drop(link, reason);
  }

  /** Ends a link: its unanswered submits are in doubt; a new session follows after a backoff. */
  private drop(link: Link, reason: string) {
    if (this.link !== link) return;
    this.link = null;
    if (link.enquireTimer) clearInterval(link.enquireTimer);
    for (const session of link.sessions) session.destroy();
    for (const [seq, entry] of this.flying) {
      clearTimeout(entry.timer);
      this.flying.delete(seq);
      this.stats.inDoubt += 1;
      entry.waiting.resolve({ kind: 'in-doubt', reason: `no answer before ${reason}` });
    }
    this.wakeSlots();
    if (this.stopping) return;
    const wait = backoffMs(this.reconnectAttempts, this.timing.reconnect);
    this.reconnectAttempts += 1;
    this.stats.reconnects += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), wait);
  }

  // ---- submits ----

  /** Writes waiting parts in order while the window, the rate and any throttling allow. */
  private pump() {
    const link = this.link;
    if (!link || !linkBound(link) || this.stopping) return;
    const pause = this.pausedUntil - Date.now();
    if (pause > 0) return this.pumpLater(pause);
    while (this.queue.length > 0 && this.flying.size < this.settings.window) {
      if (!this.bucket.take()) return this.pumpLater(this.bucket.wait());
      const waiting = this.queue.shift()!;
      if (!this.write(link, waiting)) {
        this.queue.unshift(waiting);
        return;
      }
    }
  }

  private pumpLater(ms: number) {
    if (this.pumpTimer) return;
    this.pumpTimer = setTimeout(() => {
      this.pumpTimer = null;
      this.pump();
    }, ms);
  }

  private write(link: Link, waiting: Waiting): boolean {
    const { part } = waiting;
    const pdu = shortMessagePdu('submit_sm', {
      sourceTon: part.fromTon,
      sourceNpi: part.fromNpi,
      source: part.from,
      destTon: 1,
      destNpi: 1,
      destination: part.to,
      esmClass: part.esmClass,
      registeredDelivery: 1,
      dataCoding: part.dataCoding,
      message: part.shortMessage,
    });
    const session = link.tx;
    writeTogether(session);
    const sent = session.send(pdu, (resp) => this.onAnswer(resp.sequence_number, resp));
    if (!sent) return false;
    const seq = pdu.sequence_number;
    const timer = setTimeout(() => {
      if (!this.flying.delete(seq)) return;
      this.stats.inDoubt += 1;
      waiting.resolve({ kind: 'in-doubt', reason: `no answer in ${this.settings.timeoutS} s` });
      this.wakeSlots();
      this.pump();
    }, this.settings.timeoutS * 1000);
    this.flying.set(seq, { waiting, timer, session });
    this.stats.submitted += 1;
    return true;
  }

  private onAnswer(seq: number, resp: PDU) {
    const entry = this.flying.get(seq);
    if (!entry) return; // answered after its timeout: already in doubt, never resent
    clearTimeout(entry.timer);
    this.flying.delete(seq);
    const status = resp.command_status;
    if (status === ESME_ROK && resp.command === 'submit_sm_resp') {
      this.throttleAttempts = 0;
      this.stats.accept();
      // In the form this carrier's receipts will use (CARRIER_URL ids=), so they match exactly.
      entry.waiting.resolve({
        kind: 'accepted',
        carrierId: receiptKeyOf(String(resp.message_id ?? ''), this.settings.ids),
      });
    } else if (THROTTLED.has(status)) {
      // Not taken: the whole connector waits, then this part goes first, in its order.
      this.stats.throttled += 1;
      this.pausedUntil = Date.now() + backoffMs(this.throttleAttempts, this.timing.throttle);
      this.throttleAttempts += 1;
      const at = this.queue.findIndex((w) => w.order > entry.waiting.order);
      this.queue.splice(at < 0 ? this.queue.length : at, 0, entry.waiting);
    } else {
      this.stats.rejected += 1;
      entry.waiting.resolve({ kind: 'rejected', code: status, reason: statusName(status) });
    }
    this.wakeSlots();
    this.pump();
  }

  private wakeSlots() {
    for (const wake of this.slotWaiters.splice(0)) wake();
  }
}
