import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import { yieldToLoop } from '../core/event-loop';
import type { Connector, OutgoingPart, SubmitOutcome } from '../core/connector';
import { claimLooseParts, claimRecipients, releaseParts, type ClaimedPart } from './parts/part-claims';
import { recordAndMark, type PartOutcome } from './parts/part-outcomes';
import { storeReceipts } from './parts/receipts';
import { matchInDoubtReceipts, rematchRecentReceipts } from './parts/receipt-rematch';
import { beat, beatEveryMs, expireInDoubt, leaveInstance, sweepDeadInstances } from './instances';
import { analyzeAtMostEvery } from '../db/planner-stats';
import { WireParts } from './wire-parts';
import { ReceiptLooks } from './receipt-looks';
import { ReceiptDelays } from './receipt-delays';

/**
 * A large send fills these tables faster than autovacuum looks (once a minute at best): without
 * statistics the planner reads a part's state index instead of its id, and that index holds an entry
 * for every state each part went through, so every step would get slower as the send went on. So
 * while parts are claimed they are analyzed at most once a minute. (Analyzing them at each doubling
 * instead made the claim read the whole table in id order.)
 */
const BUSY_TABLES = ['carrier_parts', 'carrier_receipts', 'message_recipients'];
const ANALYZE_EVERY_MS = 60_000;

/** How long one step waits for a slot when the connector has none (unbound, throttled) before it yields. */
const IDLE_GIVE_UP_MS = 1000;
const SLOT_WAIT_MS = 50;
/**
 * Recipients claimed, and parts or answers recorded, per transaction: on SQLite a step of 2,000 held the
 * event loop for 100 ms and more; the steps yield between them.
 */
const CLAIM_STEP = 250;
export const FLUSH_STEP = 250;
/** A receipt waits this long for its part's submit answer before it is matched to a part in doubt. */
export const IN_DOUBT_SETTLE_MS = 30_000;
/** The instances sweep and the receipt matching safety nets run at most this often (steps come every 200 ms). */
const HOUSEKEEPING_EVERY_MS = 1000;

export interface RunOptions {
  /** Recipients claimed per step. */
  chunk: number;
  /** Steps in this run. */
  maxChunks: number;
  /** Only loose parts (system texts): the sign-up and reset codes' fast path. */
  systemOnly?: boolean;
}

/** A connector that also produces its own receipts on demand (the simulator). */
interface ReceiptSource {
  deliverDue(limit: number): Promise<number>;
}
const hasDueReceipts = (c: Connector): c is Connector & ReceiptSource => 'deliverDue' in c;

/**
 * Moves claimed parts through one connector: each batch is saved as 'submitting' in the same
 * transaction that records the previous answers, so what may be on the wire at a crash is at most
 * the connector's window, and a part is never written twice.
 */
export class Dispatcher {
  readonly owner = randomUUID();
  private queue: ClaimedPart[] = [];
  private readonly flying = new Map<number, ClaimedPart>();
  private answers: PartOutcome[] = [];
  private wake: (() => void) | null = null;
  private answered: Promise<void> | null = null;
  private started: Promise<void> | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly wire = new WireParts();
  private readonly looks: ReceiptLooks;
  private readonly delays: ReceiptDelays;
  private lastLog = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private lastHousekeeping = Number.NEGATIVE_INFINITY;
  private stopping = false;

  constructor(
    private readonly ctx: GatewayContext,
    readonly connector: Connector,
  ) {
    this.looks = new ReceiptLooks(ctx, connector.name);
    this.delays = new ReceiptDelays(ctx);
  }

  /** Starts the connector once, with receipts and messages from phones going to the database. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await beat(this.ctx, this.owner, true);
      // On its own timer: a long step must not look like a dead instance to the others.
      this.heartbeat = setInterval(() => {
        beat(this.ctx, this.owner, true).catch((error: unknown) => this.ctx.reportError?.('carrier heartbeat', error));
      }, beatEveryMs(this.ctx));
      this.heartbeat.unref();
      await this.connector.start(
        (receipts) => {
          this.delays.received(receipts);
          return storeReceipts(this.ctx, this.connector.name, receipts).then(() => {});
        },
        (messages) => this.ctx.inbound.store(this.ctx.db, messages, this.ctx.now()),
      );
    })();
    return this.started;
  }

  /** One carrier step; steps never overlap (each waits for the one before). Returns recipients and receipts handled. */
  run(options: RunOptions): Promise<number> {
    const next = this.chain.then(() => this.step(options));
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The step under way sends nothing more: it records what is on the wire and ends; no step sends again. */
  halt(): void {
    this.stopping = true;
  }

  async stop(): Promise<void> {
    this.halt();
    await this.chain;
    if (!this.started) return;
    await this.started;
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.connector.stop();
    await this.settle();
    await this.looks.settled();
    await releaseParts(
      this.ctx,
      this.owner,
      this.queue.map((p) => p.id),
    );
    this.queue = [];
    await leaveInstance(this.ctx, this.owner);
  }

  private async step({ chunk, maxChunks, systemOnly }: RunOptions): Promise<number> {
    await this.start();
    await this.housekeeping();
    let handled = 0;
    for (let steps = 0; steps < maxChunks && !this.stopping; steps += 1) {
      if (this.queue.length === 0) {
        const loose = await claimLooseParts(this.ctx, this.connector.name, this.owner, chunk);
        handled += loose.length;
        this.queue.push(...loose);
        if (!systemOnly) handled += await this.claimInSteps(chunk);
        if (this.queue.length === 0) break;
        await analyzeAtMostEvery(this.ctx.db, BUSY_TABLES, ANALYZE_EVERY_MS, this.ctx.reportError);
      }
      if (!(await this.pump())) break;
      await yieldToLoop();
    }
    if (hasDueReceipts(this.connector)) handled += await this.connector.deliverDue(chunk);
    await this.looks.settled();
    this.logWhileBusy();
    return handled;
  }

  /**
   * Claims up to `chunk` recipients CLAIM_STEP at a time, yielding between the steps' transactions; each
   * step's parts join the queue at once, so a failed later step strands none. Returns the recipients claimed.
   */
  private async claimInSteps(chunk: number): Promise<number> {
    let recipients = 0;
    while (recipients < chunk) {
      const want = Math.min(chunk - recipients, CLAIM_STEP);
      const claimed = await claimRecipients(this.ctx, this.connector.name, this.owner, want);
      this.queue.push(...claimed);
      this.logClaimed(claimed);
      const fresh = claimed.filter((p) => p.seq === 1).length;
      recipients += fresh;
      if (fresh < want || recipients >= chunk) break;
      await yieldToLoop();
    }
    return recipients;
  }

  /**
   * Sends the queue through the connector's free slots and records every answer; false when the
   * connector had no slot for a while with nothing on the wire (unbound, throttled): the next step resumes.
   */
  private async pump(): Promise<boolean> {
    let idleSince: number | null = null;
    while (this.queue.length > 0 || this.flying.size > 0 || this.answers.length > 0) {
      if (this.stopping) return true;
      const free = Math.min(this.connector.freeSlots(), this.queue.length);
      if (free === 0 && this.answers.length === 0) {
        if (this.flying.size === 0) {
          idleSince ??= Date.now();
          if (Date.now() - idleSince > IDLE_GIVE_UP_MS) return false;
        }
        await Promise.race([this.connector.waitForSlot(SLOT_WAIT_MS), this.nextAnswer()]);
        continue;
      }
      idleSince = null;
      const recorded = this.answers.length;
      await this.flush(this.queue.splice(0, Math.min(free, FLUSH_STEP)));
      if (recorded >= FLUSH_STEP || free >= FLUSH_STEP) await yieldToLoop();
    }
    return true;
  }

  /** Waits for every part on the wire to be answered, and records the answers (the queue stays). */
  private async settle() {
    while (this.flying.size > 0 || this.answers.length > 0) {
      if (this.answers.length === 0) await this.nextAnswer();
      await this.flush([]);
    }
  }

  /** One commit: the answers so far (FLUSH_STEP at most), and the next batch saved as 'submitting'; then the batch is written. */
  private async flush(batch: ClaimedPart[]) {
    const answers = this.answers.splice(0, FLUSH_STEP);
    const { marked, accepted } = await recordAndMark(
      this.ctx.db,
      this.ctx.recipients,
      this.connector.name,
      this.owner,
      answers,
      batch.map((p) => p.id),
      this.ctx.now(),
    );
    this.looks.add(accepted);
    // A part the connector never wrote goes back to the head of the line, in its order.
    const retried = answers.filter((a) => a.outcome.kind === 'retry').map((a) => a.partId);
    const back = retried.map((id) => this.flying.get(id)).filter((p): p is ClaimedPart => p !== undefined);
    for (const a of answers) this.flying.delete(a.partId);
    this.queue.unshift(...back);
    // A part another instance took over in the meantime (this one was thought dead) is its to send.
    for (const part of batch) if (marked.has(part.id)) this.send(part);
  }

  private send(part: ClaimedPart) {
    this.flying.set(part.id, part);
    let outgoing: OutgoingPart;
    try {
      outgoing = this.wire.outgoing(part);
    } catch (error) {
      this.answer(part.id, { kind: 'rejected', code: 0, reason: `cannot encode: ${String(error)}` });
      return;
    }
    this.connector.submit(outgoing).then(
      (outcome) => this.answer(part.id, outcome),
      (error: unknown) => this.answer(part.id, { kind: 'in-doubt', reason: String(error) }),
    );
  }

  private answer(partId: number, outcome: SubmitOutcome) {
    if (outcome.kind === 'accepted') this.delays.answered(outcome.carrierId);
    this.answers.push({ partId, outcome });
    this.wake?.();
  }

  /** One shared promise for everyone waiting: resolved by the next answer. */
  private nextAnswer(): Promise<void> {
    this.answered ??= new Promise<void>((resolve) => {
      this.wake = () => {
        this.answered = null;
        this.wake = null;
        resolve();
      };
    });
    return this.answered;
  }

  private async housekeeping() {
    const now = this.ctx.now();
    if (now - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS && now >= this.lastHousekeeping) return;
    this.lastHousekeeping = now;
    await beat(this.ctx, this.owner, false);
    await sweepDeadInstances(this.ctx, this.owner);
    await rematchRecentReceipts(this.ctx, this.connector.name);
    await matchInDoubtReceipts(this.ctx, this.connector.name, IN_DOUBT_SETTLE_MS);
    await expireInDoubt(this.ctx);
  }

  /** At debug level, the sends whose parts this instance took: a send's id ties them to its request's line. */
  private logClaimed(claimed: readonly ClaimedPart[]) {
    if (claimed.length === 0) return;
    const messageIds = [...new Set(claimed.map((p) => p.messageId).filter((id): id is number => id !== null))];
    this.ctx.log?.(
      'carrier: parts claimed',
      { connector: this.connector.name, parts: claimed.length, messageIds },
      'debug',
    );
  }

  /** A line a minute in the log while there is work: the connector's state at a glance. */
  private logWhileBusy() {
    const now = Date.now();
    const h = this.connector.health();
    if (now - this.lastLog < 60_000 || (h.inFlight === 0 && this.queue.length === 0)) return;
    this.lastLog = now;
    this.ctx.log?.(
      `carrier ${h.name}: ${h.bound ? 'bound' : 'not bound'}, ${h.inFlight} in flight, ${h.sentPerSecond}/s, ` +
        `${h.throttled ? 'throttled, ' : ''}${h.errors} errors, ${h.inDoubt} in doubt, ${this.queue.length} waiting`,
    );
  }
}
