// Receipts pushed to the customers' receiver binds on one instance (docs/smpp.md#receipts): the
// recipient events fanned out into receipts (those of accounts bound here taken as they are stored:
// receipts-taken.ts), then each bind's window filled, answers recorded, refusals sent again later.
import type { PDU } from 'smpp';
import type { GatewayContext } from '../core/context';
import { yieldToLoop } from '../core/event-loop';
import type { SmppReceiptRow } from '../db/schema-smpp';
import { senderAddress } from '../smpp/addresses';
import { receiptDeliverSm } from '../smpp/pdu-out';
import { messageStateOf } from '../smpp/protocol';
import { receiptText } from '../smpp/receipt-text';
import { EVENT_STEP, fanOutReceipts, type TakeAtFanOut } from './receipts';
import { claimReceipts, receiptsDelivered, releaseReceipts } from './receipt-claims';
import { ReceiptsTaken } from './receipts-taken';
import { messageIdOf } from './submit-answers';
import { sendOn, type Conn } from './connection';
import type { Binds } from './binds';

/** Receipts one bind may have unanswered (deliver_sm without deliver_sm_resp). */
export const RECEIPT_WINDOW = 50;
/**
 * The recipient events are read for new receipts at most this often: the runs between (a bind's
 * answers freeing its window) only send what is already owed, so each read takes more events.
 */
const FAN_OUT_EVERY_MS = 50;
/** A receipt answered with an error is sent again after this long. */
const RECEIPT_RETRY_MS = 5000;

export class ReceiptPump {
  private pumping: Promise<void> | null = null;
  private fannedOutAt = -Infinity;
  private pumpAgain = false;
  private acked: number[] = [];
  private readonly taken = new ReceiptsTaken();
  private stopped = false;
  /** Receipts this instance has sent since it started, by how it came to hold them. */
  readonly sent = { taken: 0, claimed: 0 };

  constructor(
    private readonly ctx: GatewayContext,
    private readonly owner: string,
    private readonly binds: Binds,
  ) {}

  /** Runs the receipt loop now, or once more after the running one. */
  kick() {
    if (this.stopped) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump()
      .catch((error: unknown) => this.ctx.reportError?.('SMPP receipts', error))
      .finally(() => {
        this.pumping = null;
        if (this.pumpAgain) {
          this.pumpAgain = false;
          this.kick();
        }
      });
  }

  /** No more runs from now on. */
  halt() {
    this.stopped = true;
  }

  /** Resolves once the run under way (if any) has ended. */
  async idle() {
    await this.pumping;
  }

  /** Records the receipts the customers answered. */
  async flushAcks() {
    const ids = this.acked.splice(0);
    await receiptsDelivered(this.ctx, ids);
  }

  /** A receiver bind closed: the receipts it held unanswered, and those taken for its account if it was the last. */
  heldBy(conn: Conn, lastOfAccount: boolean): number[] {
    const held = [...conn.receipts];
    conn.receipts.clear();
    if (lastOfAccount) held.push(...this.taken.drop(conn.bound!.profileId));
    return held;
  }

  /**
   * Fans new outcomes out into receipts, taking those of the accounts bound here as it stores them
   * (receipts-taken.ts); then fills each bind's window: first with the receipts taken, then with a
   * claim when older ones may wait (on bind, after a release) or now and then for those another
   * instance stored.
   */
  private async pump() {
    if (performance.now() - this.fannedOutAt >= FAN_OUT_EVERY_MS) {
      this.fannedOutAt = performance.now();
      await this.fanOut();
    }
    await this.flushAcks();
    for (const profileId of this.binds.accounts()) {
      const open = this.binds.openReceivers(profileId);
      const room = () => open.reduce((n, c) => n + Math.max(0, RECEIPT_WINDOW - c.receipts.size), 0);
      const now = this.ctx.now();
      await this.sendReceipts(open, this.taken.next(profileId, room(), now), 'taken');
      const left = room();
      // The claims' pace is kept in real time; the leases in the gateway's time.
      if (left === 0 || !this.taken.shouldClaim(profileId, performance.now())) continue;
      const claimed = await claimReceipts(this.ctx, this.owner, profileId, left);
      this.taken.claimed(profileId, left, claimed.length, performance.now());
      await this.sendReceipts(open, claimed, 'claimed');
    }
  }

  /**
   * Steps while each reads a full step (a shorter one read all there was), at most 20 per run, the
   * event loop let turn between two (SQLite's steps run in it).
   */
  private async fanOut() {
    for (let i = 0; i < 20; i += 1) {
      const bound = this.binds.accounts().filter((id) => this.binds.openReceivers(id).length > 0);
      const take: TakeAtFanOut = { owner: this.owner, room: this.taken.room(bound), taken: [] };
      const read = await fanOutReceipts(this.ctx, take);
      await this.keepTaken(take);
      if (read !== EVENT_STEP) break;
      await yieldToLoop();
    }
  }

  /** Keeps the receipts a fan-out took; those of an account whose binds closed meanwhile go back. */
  private async keepTaken(take: TakeAtFanOut) {
    const gone = new Set(take.taken.filter((r) => this.binds.openReceivers(r.profile_id).length === 0));
    this.taken.keep(
      take.room,
      take.taken.filter((r) => !gone.has(r)),
    );
    await releaseReceipts(
      this.ctx,
      this.owner,
      [...gone].map((r) => r.id),
    );
  }

  /** Sends receipts claimed for this instance on the least busy of the binds; those without room go back. */
  private async sendReceipts(open: readonly Conn[], receipts: readonly SmppReceiptRow[], how: 'taken' | 'claimed') {
    const unsent: number[] = [];
    for (const r of receipts) {
      const conn = open
        .filter((c) => !c.closed && c.receipts.size < RECEIPT_WINDOW)
        .sort((a, b) => a.receipts.size - b.receipts.size)[0];
      if (!conn) {
        unsent.push(r.id);
        continue;
      }
      conn.receipts.add(r.id);
      if (!this.sendReceipt(conn, r)) {
        conn.receipts.delete(r.id);
        unsent.push(r.id);
      } else this.sent[how] += 1;
    }
    if (unsent.length > 0) this.taken.released(receipts[0]!.profile_id);
    await releaseReceipts(this.ctx, this.owner, unsent);
  }

  /** One receipt's deliver_sm on a bind; its answer ends it, or sends it back to be sent again later. */
  private sendReceipt(conn: Conn, r: SmppReceiptRow): boolean {
    const messageId = messageIdOf(r.submit_id);
    const to = senderAddress(r.destination);
    const text = receiptText({
      id: messageId,
      stat: r.stat,
      err: r.err,
      preview: r.preview,
      submittedAt: Number(r.submitted_at),
      doneAt: Number(r.done_at),
    });
    const pdu = receiptDeliverSm({
      sourceTon: 1,
      sourceNpi: 1,
      source: r.source,
      destTon: to.ton,
      destNpi: to.npi,
      destination: r.destination,
      text: Buffer.from(text, 'latin1'),
      receiptedMessageId: messageId,
      messageState: messageStateOf(r.stat),
    });
    return sendOn(conn, pdu, (resp: PDU) => {
      if (!conn.receipts.delete(r.id)) return;
      if (resp.command_status === 0) this.acked.push(r.id);
      else {
        this.taken.released(r.profile_id);
        void releaseReceipts(this.ctx, this.owner, [r.id], RECEIPT_RETRY_MS);
      }
      // Half the bind's window answered: the next receipts go now, not at the next tick.
      if (conn.receipts.size <= RECEIPT_WINDOW / 2 || this.acked.length >= 100) this.kick();
    });
  }
}
