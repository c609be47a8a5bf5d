// What the carrier delivers on the connector's link (docs/carrier.md): receipts, stored in batches and
// answered deliver_sm_resp only once stored, and messages from phones, each stored, then answered.
// Unanswered, the carrier sends them again.
import type { PDU, Session } from 'smpp';
import type { InboundSink, Receipt, ReceiptSink } from '../../core/connector';
import { yieldToLoop } from '../../core/event-loop';
import { deliverSmResp } from '../../smpp/pdu-out';
import { writeTogether } from '../../smpp/pdu-stream';
import { isReceipt, parseReceipt } from './smpp-receipt';
import { inboundOf } from './smpp-inbound';
import type { SmppStats } from './smpp-stats';

const RECEIPT_BATCH = 200;
const RECEIPT_WAIT_MS = 20;

interface Delivered {
  receipt: Receipt | null;
  pdu: PDU;
  session: Session;
}

export class Deliveries {
  sink: ReceiptSink | null = null;
  inbound: InboundSink | null = null;
  private receipts: Delivered[] = [];
  private receiptTimer: NodeJS.Timeout | null = null;
  private storing: Promise<void> | null = null;

  constructor(
    private readonly connector: string,
    private readonly stats: SmppStats,
    /** The longest a receipt waits for more to make a batch. */
    private readonly receiptWaitMs = RECEIPT_WAIT_MS,
  ) {}

  /** A deliver_sm: a receipt joins the next batch; a message from a phone is stored at once. */
  onDeliver(session: Session, pdu: PDU) {
    if (!isReceipt(pdu)) {
      void this.storeInbound(session, pdu);
      return;
    }
    this.receipts.push({ receipt: parseReceipt(pdu), pdu, session });
    if (this.receipts.length >= RECEIPT_BATCH) void this.flushReceipts();
    else this.receiptTimer ??= setTimeout(() => void this.flushReceipts(), this.receiptWaitMs);
  }

  /** Stores every receipt received so far (a stop waits for it). */
  async flushAll() {
    while (this.storing || this.receipts.length > 0) await this.flushReceipts();
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
      await this.inbound?.([inboundOf(this.connector, pdu)]);
    } catch (error) {
      this.stats.error(`message from a phone not stored: ${String(error)}`);
      return;
    }
    session.send(pdu.response());
  }

  /** Stores a batch of receipts, then answers each deliver_sm: never before they are in the database. */
  private async storeBatch(batch: readonly Delivered[]) {
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
