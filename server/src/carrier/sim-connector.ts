import type { GatewayContext } from '../core/context';
import { yieldToLoop } from '../core/event-loop';
import { PART } from '../db/schema-carrier';
import { STAGE } from '../db/schema-messaging';
import type { Connector, ConnectorHealth, OutgoingPart, Receipt, ReceiptSink, SubmitOutcome } from './connector';
import { carrierStatusFor } from './sim-rules';

const LOG_CHUNK = 500;
/** Receipts stored per transaction: few enough that storing them never holds the event loop for long. */
export const RECEIPT_STEP = 250;
const SIM_STATE: Record<'SENT' | 'FAILED', Receipt['state']> = { SENT: 'DELIVRD', FAILED: 'UNDELIV' };

/**
 * The simulated carrier (dev mode and tests): accepts every part at once, logs each recipient's text in
 * carrier_messages (the dev inbox), and reports by the number's last digits (carrierStatusFor) once the
 * recipient's due time has come. Its receipts come from the database, so a restart loses none.
 */
export class SimConnector implements Connector {
  readonly name = 'sim';
  readonly kind = 'sim' as const;
  private sink: ReceiptSink | null = null;
  private pending: { part: OutgoingPart; resolve: (o: SubmitOutcome) => void }[] = [];
  private flushing = false;
  private readonly stats = { submitted: 0, receipts: 0 };

  constructor(
    private readonly ctx: GatewayContext,
    private readonly window = 2000,
  ) {}

  async start(sink: ReceiptSink) {
    this.sink = sink;
  }

  async stop() {}

  freeSlots() {
    return Math.max(0, this.window - this.pending.length);
  }

  /** Its slots free as each batch is logged: a short wait, never a busy loop. */
  waitForSlot(ms: number) {
    return new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 1)));
  }

  submit(part: OutgoingPart): Promise<SubmitOutcome> {
    this.stats.submitted += 1;
    return new Promise((resolve) => {
      this.pending.push({ part, resolve });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  /** Logs a batch of parts in the dev inbox (a recipient once, on its first part) and accepts them. */
  private async flush() {
    const batch = this.pending.splice(0);
    const now = this.ctx.now();
    const rows = batch
      .filter(({ part }) => part.meta.seq === 1)
      .map(({ part }) => ({
        to_number: part.meta.number,
        from_id: part.from,
        text: part.meta.text,
        unicode: part.meta.unicode ? 1 : 0,
        parts: part.meta.total,
        job_id: part.meta.jobId,
        recipient_index: part.meta.recipientIndex,
        message_id: part.meta.messageId,
        status: carrierStatusFor(part.meta.number),
        created_at: now,
      }));
    try {
      for (let i = 0; i < rows.length; i += LOG_CHUNK) {
        if (i > 0) await yieldToLoop();
        await this.ctx.db
          .insertInto('carrier_messages')
          .values(rows.slice(i, i + LOG_CHUNK))
          .execute();
      }
      for (const { part, resolve } of batch) resolve({ kind: 'accepted', carrierId: `sim-${part.partId}` });
    } catch (error) {
      for (const { resolve } of batch) resolve({ kind: 'retry', reason: String(error) });
    } finally {
      this.flushing = false;
      if (this.pending.length > 0) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    }
  }

  /**
   * Receipts whose time has come (a number ending 99 never gets one), up to `limit` parts per chunk,
   * stored RECEIPT_STEP at a time with a yield between: other requests go between the steps.
   */
  async deliverDue(limit: number, maxChunks = 50): Promise<number> {
    let total = 0;
    for (let chunk = 0; chunk < maxChunks; chunk += 1) {
      const due = await this.ctx.db
        .selectFrom('carrier_parts as p')
        .innerJoin('message_recipients as r', 'r.id', 'p.recipient_id')
        .select(['p.carrier_id', 'p.to_number', 'r.number'])
        .where('p.connector', '=', this.name)
        .where('p.state', '=', PART.accepted)
        .where('r.stage', '=', STAGE.submitted)
        .where('r.due_at', '<=', this.ctx.now())
        .where('r.number', 'not like', '%99')
        .orderBy('p.id')
        .limit(limit)
        .execute();
      const receipts = due.map((d): Receipt => {
        const status = carrierStatusFor(d.number);
        return {
          carrierId: d.carrier_id ?? '',
          state: status === 'PENDING' ? 'UNKNOWN' : SIM_STATE[status],
          error: status === 'FAILED' ? '001' : '000',
          doneAt: this.ctx.now(),
          to: d.to_number,
        };
      });
      for (let from = 0; from < receipts.length; from += RECEIPT_STEP) {
        await yieldToLoop();
        await this.sink?.(receipts.slice(from, from + RECEIPT_STEP));
      }
      this.stats.receipts += receipts.length;
      total += receipts.length;
      if (due.length < limit) break;
      await yieldToLoop();
    }
    return total;
  }

  health(): ConnectorHealth {
    return {
      name: this.name,
      kind: this.kind,
      bound: true,
      inFlight: this.pending.length,
      sentPerSecond: 0,
      throttled: false,
      submitted: this.stats.submitted,
      accepted: this.stats.submitted - this.pending.length,
      rejected: 0,
      inDoubt: 0,
      errors: 0,
      receipts: this.stats.receipts,
      reconnects: 0,
      lastError: '',
    };
  }
}
