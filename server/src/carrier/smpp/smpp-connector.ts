// SMPP 3.4 connector: the `smpp` package frames PDUs; the window, the rate, the timeouts, enquire_link,
// reconnecting and throttling are ours (the package has none of them).
import smpp, { type PDU, type Session } from 'smpp';
import { readCarrierPdus } from './pdu-in';
import type {
  Connector,
  ConnectorHealth,
  OutgoingPart,
  Receipt,
  ReceiptSink,
  InboundSink,
  SubmitOutcome,
} from '../../core/connector';
import type { SmppSettings } from '../carrier-url';
import { backoffMs, type BackoffLimits } from '../backoff';
import { TokenBucket } from '../token-bucket';
import { isReceipt, parseReceipt } from './smpp-receipt';
import { inboundOf } from './smpp-inbound';
import { SmppStats } from './smpp-stats';
import { receiptKeyOf } from '../parts/carrier-ids';
import { deliverSmResp, shortMessagePdu } from './pdu-out';
import { yieldToLoop } from '../../core/event-loop';

const ESME_ROK = 0;
const THROTTLED = new Set([0x58, 0x14]); // ESME_RTHROTTLED, ESME_RMSGQFUL
const RECEIPT_BATCH = 200;
const RECEIPT_WAIT_MS = 20;
const UNBIND_WAIT_MS = 2000;

const ERROR_NAMES = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]));
export const statusName = (code: number) => ERROR_NAMES.get(code) ?? `0x${code.toString(16).padStart(8, '0')}`;

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

interface Link {
  /** The session submits go on (the transceiver, or the transmitter). */
  tx: Session;
  sessions: Session[];
  bound: Set<Session>;
  enquireTimer: NodeJS.Timeout | null;
}

export class SmppConnector implements Connector {
  readonly kind = 'smpp' as const;
  private sink: ReceiptSink | null = null;
  private inbound: InboundSink | null = null;
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
  private receipts: { receipt: Receipt | null; pdu: PDU; session: Session }[] = [];
  private receiptTimer: NodeJS.Timeout | null = null;
  private storing: Promise<void> | null = null;
  private readonly stats = new SmppStats();

  constructor(
    readonly name: string,
    private readonly settings: SmppSettings,
    private readonly timing: SmppTiming = DEFAULT_TIMING,
  ) {
    this.bucket = new TokenBucket(settings.tps);
  }

  async start(sink: ReceiptSink, inbound?: InboundSink): Promise<void> {
    this.sink = sink;
    this.inbound = inbound ?? null;
    this.stopping = false;
    this.connect();
  }

  freeSlots(): number {
    if (!this.bound() || Date.now() < this.pausedUntil) return 0;
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
    while (this.storing || this.receipts.length > 0) await this.flushReceipts();
    const link = this.link;
    if (link) {
      await Promise.all(
        [...link.bound].map(
          (session) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, UNBIND_WAIT_MS);
              const sent = session.send(new smpp.PDU('unbind'), () => {
                clearTimeout(timer);
                resolve();
              });
              if (!sent) resolve();
            }),
        ),
      );
      this.drop(link, 'the connector stopped');
    }
  }

  health(): ConnectorHealth {
    return this.stats.health(this.name, this.bound(), this.flying.size, Date.now() < this.pausedUntil);
  }

  private bound() {
    const link = this.link;
    return !!link && link.sessions.every((s) => link.bound.has(s));
  }

  // ---- the link ----

  private connect() {
    if (this.stopping) return;
    const s = this.settings;
    const open = (command: string) => {
      const ca = this.timing.tlsCa ? { ca: this.timing.tlsCa } : {};
      const session = smpp.connect({ host: s.host, port: s.port, tls: s.tls, rejectUnauthorized: true, ...ca });
      readCarrierPdus(session);
      // Small PDUs answered one by one: Nagle's delay would hold each write back for the previous ACK.
      session.socket.setNoDelay(true);
      session.on('error', (error: Error) => this.fail(link, `link error: ${error.message}`));
      session.on('close', () => this.drop(link, 'the link closed'));
      session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
      session.on('unbind', (pdu: PDU) => {
        session.send(pdu.response());
        this.drop(link, 'the carrier unbound');
      });
      session.on('deliver_sm', (pdu: PDU) => this.onDeliver(session, pdu));
      session.on('generic_nack', (pdu: PDU) => this.onAnswer(pdu.sequence_number, pdu));
      session.on(s.tls ? 'secureConnect' : 'connect', () => {
        session.send(
          new smpp.PDU(command, {
            system_id: s.systemId,
            password: s.password,
            system_type: s.systemType,
            interface_version: 0x34,
          }),
          (resp) => {
            if (resp.command_status !== ESME_ROK) {
              this.fail(link, `bind refused: ${statusName(resp.command_status)}`);
              return;
            }
            link.bound.add(session);
            if (this.bound() && this.link === link) this.onBound(link);
          },
        );
      });
      return session;
    };
    const sessions =
      s.bind === 'transceiver' ? [open('bind_transceiver')] : [open('bind_transmitter'), open('bind_receiver')];
    const link: Link = { tx: sessions[0]!, sessions, bound: new Set(), enquireTimer: null };
    this.link = link;
  }

  private onBound(link: Link) {
    this.reconnectAttempts = 0;
    this.stats.lastError = '';
    link.enquireTimer = setInterval(() => this.enquire(link), this.settings.enquireS * 1000);
    this.pump();
  }

  /** enquire_link on each session; no answer within the response timeout means the link is dead. */
  private enquire(link: Link) {
    for (const session of link.sessions) {
      const timer = setTimeout(() => this.fail(link, 'no answer to enquire_link'), this.settings.timeoutS * 1000);
      session.send(new smpp.PDU('enquire_link'), () => clearTimeout(timer));
    }
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
    if (!link || !this.bound() || this.stopping) return;
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

  // ---- receipts ----

  private onDeliver(session: Session, pdu: PDU) {
    if (!isReceipt(pdu)) {
      void this.storeInbound(session, pdu);
      return;
    }
    this.receipts.push({ receipt: parseReceipt(pdu), pdu, session });
    if (this.receipts.length >= RECEIPT_BATCH) void this.flushReceipts();
    else
      this.receiptTimer ??= setTimeout(() => void this.flushReceipts(), this.timing.receiptWaitMs ?? RECEIPT_WAIT_MS);
  }

  /**
   * Stores the receipts so far, one batch of at most RECEIPT_BATCH at a time (on PostgreSQL each batch
   * takes the connector's lock anyway; batches at once only queued for it, holding connections), what
   * arrives meanwhile making the next batch. A turn of the event loop between batches: on SQLite a
   * batch's transaction holds the loop from start to end (0.12 ms a receipt on a slow day), and an
   * SMSC that does not window its deliver_sm could send thousands at once.
   */
  private flushReceipts(): Promise<void> {
    if (this.receiptTimer) clearTimeout(this.receiptTimer);
    this.receiptTimer = null;
    this.storing ??= this.storeWaiting().finally(() => {
      this.storing = null;
      if (this.receipts.length > 0) void this.flushReceipts();
    });
    return this.storing;
  }

  private async storeWaiting() {
    while (this.receipts.length > 0) {
      await this.storeBatch(this.receipts.splice(0, RECEIPT_BATCH));
      if (this.receipts.length > 0) await yieldToLoop();
    }
  }

  /** Stores a message from a phone (a STOP reply, or another), then answers it: unanswered, the carrier sends it again. */
  private async storeInbound(session: Session, pdu: PDU) {
    try {
      await this.inbound?.([inboundOf(this.name, pdu)]);
    } catch (error) {
      this.stats.error(`message from a phone not stored: ${String(error)}`);
      return;
    }
    session.send(pdu.response());
  }

  /** Stores a batch of receipts, then answers each deliver_sm: never before they are in the database. */
  private async storeBatch(batch: typeof this.receipts) {
    const receipts = batch.map((b) => b.receipt).filter((r): r is Receipt => r !== null);
    try {
      await this.sink?.(receipts);
    } catch (error) {
      // Unanswered, the carrier sends them again.
      this.stats.error(`receipts not stored: ${String(error)}`);
      return;
    }
    this.stats.receipts += receipts.length;
    for (const { pdu, session } of batch) {
      writeTogether(session);
      session.send(deliverSmResp(pdu.sequence_number));
    }
  }
}

const corked = new WeakSet<Session>();

/**
 * The PDUs a session is given in one turn of the event loop leave in one write, not a write each, which
 * would cost a large send much of the gateway's time. Released at the end of the turn.
 */
function writeTogether(session: Session) {
  if (corked.has(session)) return;
  corked.add(session);
  session.socket.cork();
  process.nextTick(() => {
    corked.delete(session);
    session.socket.uncork();
  });
}
