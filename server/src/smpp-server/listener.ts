// The SMPP 3.4 server customers bind to (docs/smpp.md), on the `smpp` package's server: its listeners,
// its sessions (sessions.ts), binds (binds.ts), what it reads (intake.ts), its submits (submit-intake.ts
// and the submit desk, submits.ts) and the receipts it pushes to every receiver bind of an account
// (receipt-pump.ts), each on its timer, and its stop.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import smpp, { type Server, type Session } from 'smpp';
import type { GatewayContext } from '../core/context';
import { BIND_HEARTBEAT_MS } from './access';
import { flow, genericNack, type Conn } from './connection';
import { Sessions, type SessionTimes } from './sessions';
import { Binds } from './binds';
import { answerCommand, readSession } from './intake';
import { takeSubmit, type SubmitIntake } from './submit-intake';
import { SubmitDesk } from './submits';
import { ReceiptPump } from './receipt-pump';
import { releaseReceipts, pruneSmpp } from './receipt-claims';
import { pruneRate } from './rate';

/** Connections one listener holds at once, bound or not; one more is closed as it opens. */
export const MAX_CONNECTIONS = 2000;
const RECEIPT_TICK_MS = 200;
const HELD_TICK_MS = 1000;
/** Receipts delivered, submits past their retention (receipt-claims.ts) and old throughput counts (rate.ts) are pruned this often. */
const PRUNE_EVERY_MS = 3600 * 1000;
/** How long a stop waits for the submits it took to be answered. */
const STOP_WAIT_MS = 10_000;

const newOwner = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** One instance's SMPP server: its listeners share the binds, the submit desk and the receipt loop. */
export class SmppServer {
  readonly owner = newOwner();
  private readonly desk: SubmitDesk;
  private readonly sessions: Sessions;
  private readonly binds: Binds;
  private readonly receipts: ReceiptPump;
  private readonly intake: SubmitIntake;
  private readonly servers: Server[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private heldRunning: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: GatewayContext,
    options: SessionTimes,
  ) {
    this.desk = new SubmitDesk(ctx);
    this.sessions = new Sessions(ctx, options);
    this.binds = new Binds(ctx, this.owner, this.sessions, () => this.receipts.kick());
    this.receipts = new ReceiptPump(ctx, this.owner, this.binds);
    this.intake = { ctx, desk: this.desk, binds: this.binds, stopped: () => this.stopped };
    this.timers.push(
      setInterval(() => this.receipts.kick(), RECEIPT_TICK_MS),
      setInterval(() => this.tickHeld(), HELD_TICK_MS),
      setInterval(() => void this.heartbeat(), BIND_HEARTBEAT_MS),
      setInterval(
        () =>
          void pruneSmpp(ctx)
            .then(() => pruneRate(ctx))
            .catch((error: unknown) => ctx.reportError?.('SMPP sweep', error)),
        PRUNE_EVERY_MS,
      ),
    );
    for (const t of this.timers) t.unref();
  }

  /** Receipts this instance has sent since it started, by how it came to hold them. */
  get receiptsSent() {
    return this.receipts.sent;
  }

  /** Listens on `port` (0: any free one), over TLS with a key and certificate; resolves with the port. */
  async listen(port: number, host: string, tls?: { key: Buffer; cert: Buffer }): Promise<number> {
    const server = smpp.createServer(tls ?? {}, (session) => this.onSession(session));
    server.maxConnections = MAX_CONNECTIONS;
    this.servers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => this.ctx.reportError?.('SMPP listener', error));
    return (server.address() as { port: number }).port;
  }

  /** Binds open on this instance. */
  get bindCount(): number {
    return this.sessions.bindCount;
  }

  /** Answers the customer of the busiest session has not taken yet (sessions.ts). */
  get answersWaiting(): number {
    return this.sessions.answersWaiting;
  }

  /**
   * Stops: no more reading, the submits taken are answered (they are stored), the receipts sent and
   * not answered go back to be claimed, every bind is unbound and removed, then the listeners close.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.receipts.halt();
    for (const t of this.timers) clearInterval(t);
    for (const c of this.sessions.conns) c.session.pause();
    await Promise.race([this.desk.drained(), new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref())]);
    await this.receipts.idle();
    await this.heldRunning;
    await this.receipts.flushAcks();
    for (const c of [...this.sessions.conns]) await this.closeConn(c, true);
    await Promise.all(this.servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }

  /**
   * Stops as a killed process does (tests of restarts): the sockets are cut and nothing is released
   * or answered; the binds' rows lapse with their heartbeat and the receipts' claims with their lease.
   */
  kill(): void {
    this.stopped = true;
    this.receipts.halt();
    for (const t of this.timers) clearInterval(t);
    this.sessions.cutAll();
    for (const s of this.servers) s.close();
  }

  private onSession(session: Session) {
    const conn = this.sessions.open(session, this.stopped);
    if (!conn) return;
    session.socket.on('close', () => void this.closeConn(conn, false));
    session.socket.on('drain', () => flow(conn, this.stopped));
    conn.read = readSession(conn, {
      submit: (sequence, raw) => takeSubmit(this.intake, conn, sequence, raw),
      command: (pdu) => answerCommand(conn, pdu, this.binds),
      wrongLength: () => {
        // The stream cannot be followed past a wrong length: answered, then closed.
        genericNack(conn, 0, smpp.errors.ESME_RINVCMDLEN!);
        this.sessions.cutAfterAnswer(conn);
      },
      // Any PDU keeps a bind alive, a deliver_sm_resp too.
      any: () => this.sessions.touch(conn),
      fault: (error) => this.ctx.reportError?.('SMPP read', error),
    });
  }

  /** Ends a session; a bind's receipts unanswered go back to be claimed, and its row is dropped. */
  private async closeConn(conn: Conn, unbind: boolean) {
    if (!this.sessions.end(conn, unbind)) return;
    const bound = conn.bound;
    if (!bound) return;
    const held = this.receipts.heldBy(conn, this.binds.forget(conn));
    try {
      await releaseReceipts(this.ctx, this.owner, held);
      await this.binds.ended(bound, conn.ip);
    } catch (error) {
      this.ctx.reportError?.('SMPP unbind', error);
    }
  }

  private tickHeld() {
    if (this.heldRunning || this.stopped) return;
    this.heldRunning = this.desk
      .tickHeld()
      .catch((error: unknown) => this.ctx.reportError?.('SMPP held submits', error))
      .finally(() => {
        this.heldRunning = null;
      });
  }

  /**
   * Keeps this instance's binds alive, and applies changed settings: throughput, sender IDs, disabling.
   * Runs every BIND_HEARTBEAT_MS (tests call it).
   */
  async heartbeat() {
    try {
      await this.binds.heartbeat((c) => void this.closeConn(c, true));
    } catch (error) {
      this.ctx.reportError?.('SMPP heartbeat', error);
    }
  }
}
