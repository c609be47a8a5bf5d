import { sql } from 'kysely';
import type { GatewayContext } from '../../core/context';
import { yieldToLoop } from '../../core/event-loop';
import { PART } from '../../db/schema-carrier';
import { rowsToInsert } from '../../db/queries';
import type {
  Connector,
  ConnectorHealth,
  OutgoingPart,
  Receipt,
  ReceiptSink,
  SubmitOutcome,
} from '../../core/connector';
import { carrierStatusFor } from './sim-rules';

const LOG_CHUNK = 500;
/** The dev inbox's row of a message, and the receipt a part is owed. */
const LOGGED_COLUMNS = {
  to_number: 'text',
  from_id: 'text',
  text: 'text',
  unicode: 'bigint',
  parts: 'bigint',
  job_id: 'text',
  recipient_index: 'bigint',
  message_id: 'bigint',
  status: 'text',
  created_at: 'bigint',
} as const;
const REPORT_COLUMNS = {
  part_id: 'bigint',
  carrier_id: 'text',
  to_number: 'text',
  number: 'text',
  due_at: 'bigint',
} as const;
/** Receipts stored per transaction: few enough that storing them never holds the event loop for long. */
export const RECEIPT_STEP = 250;
const SIM_STATE: Record<'SENT' | 'FAILED', Receipt['state']> = { SENT: 'DELIVRD', FAILED: 'UNDELIV' };
/** The simulator's message id for a part. */
const carrierIdOf = (partId: number) => `sim-${partId}`;

/**
 * The simulated carrier (dev mode and tests): accepts every part at once, logs each recipient's text in
 * carrier_messages (the dev inbox), and reports by the number's last digits (carrierStatusFor)
 * `carrierDelayMs` after the recipient was accepted. What it owes is kept in its own table
 * (carrier_sim_reports), so a restart loses no receipt.
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

  /**
   * Logs a batch of parts in the dev inbox (a recipient once, on its first part), notes the receipts it
   * will owe (a number ending 99 never gets one, nor a system text), and accepts them.
   */
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
    const owed = batch.flatMap(({ part }) =>
      part.meta.queuedAt === null || part.meta.number.endsWith('99')
        ? []
        : [
            {
              part_id: part.partId,
              carrier_id: carrierIdOf(part.partId),
              to_number: part.to,
              number: part.meta.number,
              due_at: part.meta.queuedAt + this.ctx.carrierDelayMs,
            },
          ],
    );
    try {
      for (let i = 0; i < Math.max(rows.length, owed.length); i += LOG_CHUNK) {
        if (i > 0) await yieldToLoop();
        const logged = rows.slice(i, i + LOG_CHUNK);
        const reports = owed.slice(i, i + LOG_CHUNK);
        const dialect = this.ctx.db.dialectName;
        if (logged.length > 0) {
          const { columns, source } = rowsToInsert(dialect, logged, LOGGED_COLUMNS);
          await this.ctx.db.insertInto('carrier_messages').columns(columns).expression(source).execute();
        }
        if (reports.length > 0) {
          const { columns, source } = rowsToInsert(dialect, reports, REPORT_COLUMNS);
          await this.ctx.db
            .insertInto('carrier_sim_reports')
            .columns(columns)
            .expression(source)
            .onConflict((oc) => oc.column('part_id').doNothing())
            .execute();
        }
      }
      for (const { part, resolve } of batch) resolve({ kind: 'accepted', carrierId: carrierIdOf(part.partId) });
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
   * Receipts whose time has come, up to `limit` parts per chunk, for parts whose acceptance is
   * recorded; stored RECEIPT_STEP at a time with a yield between: other requests go between the steps.
   * A report is forgotten once its receipt is stored, or once its part ended otherwise.
   */
  async deliverDue(limit: number, maxChunks = 50): Promise<number> {
    let total = 0;
    for (let chunk = 0; chunk < maxChunks; chunk += 1) {
      const due = await this.ctx.db
        .selectFrom('carrier_sim_reports as s')
        .innerJoin('carrier_parts as p', 'p.id', 's.part_id')
        .select(['s.part_id', 's.carrier_id', 's.to_number', 's.number', 'p.state'])
        .where('s.due_at', '<=', this.ctx.now())
        // The state as an expression: the reports due lead and each part is read by its id, never
        // every part in those states from their index (which a planner with stale statistics may pick).
        .where(sql<number>`${sql.ref('p.state')} + 0`, 'in', [PART.accepted, PART.final])
        .orderBy('s.part_id')
        .limit(limit)
        .execute();
      const owed = due.filter((d) => d.state === PART.accepted);
      const receipts = owed.map((d): Receipt => {
        const status = carrierStatusFor(d.number);
        return {
          carrierId: d.carrier_id,
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
      await this.forget(due.map((d) => d.part_id));
      this.stats.receipts += receipts.length;
      total += receipts.length;
      if (due.length < limit) break;
      await yieldToLoop();
    }
    return total;
  }

  private async forget(partIds: readonly number[]) {
    for (let i = 0; i < partIds.length; i += LOG_CHUNK) {
      await this.ctx.db
        .deleteFrom('carrier_sim_reports')
        .where('part_id', 'in', partIds.slice(i, i + LOG_CHUNK))
        .execute();
    }
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
