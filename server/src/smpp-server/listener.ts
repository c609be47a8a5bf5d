// The SMPP 3.4 server customers bind to (docs/smpp.md), on the `smpp` package's server: binds and
// their refusals, enquire_link, unbind, generic_nack for what cannot be read, flow control per bind,
// submit_sm through SubmitDesk, and receipts pushed to every receiver bind of the account.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import smpp, { type PDU, type Server, type Session } from 'smpp';
import type { GatewayContext } from '../core/context';
import { yieldToLoop } from '../core/event-loop';
import { addressKey } from '../auth/rate-limit';
import type { UserRow } from '../db/schema-core';
import type { SmppAccountRow } from '../db/schema-smpp';
import { findAccount } from '../accounts/account-store';
import { senderAddress } from '../carrier/smpp/sms-wire';
import { splitSenderIds } from '../../../src/domain/messages/sender-id';
import { checkPhoneNumber } from '../../../src/domain/numbers/number-screen';
import { needsUnicode, smsLength, smsParts } from '../../../src/domain/messages/sms';
import {
  accountsById,
  BIND_HEARTBEAT_MS,
  checkBind,
  dropBind,
  heartbeatBinds,
  noteBoundAddress,
  registerBind,
} from './access';
import { concatOf, DATA_CODINGS, decodeText, readSubmit, smppTime, type SubmitBody } from './wire';
import { messageIdOf, SubmitDesk, type SubmitAnswer } from './submits';
import { receiptDeliverSm, submitSmResp } from './wire-out';
import { COMMAND } from '../carrier/smpp/pdu-out';
import { PduFramer } from '../carrier/smpp/pdu-in';
import { pruneRate } from './rate';
import {
  claimReceipts,
  EVENT_STEP,
  fanOutReceipts,
  MESSAGE_STATE,
  pruneSmpp,
  receiptsDelivered,
  receiptText,
  releaseReceipts,
  type TakeAtFanOut,
} from './receipts';
import { ReceiptsTaken } from './receipts-taken';
import type { SmppReceiptRow } from '../db/schema-smpp';

/** What the server answers binds with as its own system_id. */
export const SERVER_SYSTEM_ID = 'BULKSMS';
/** Submits one bind may have unanswered; past it the bind is not read until answers go out. */
export const SUBMIT_WINDOW = 100;
/**
 * Bytes of answers waiting for the customer to read them; past it nothing more is read from the
 * session, bound or not, until they go out: no answer of any kind is buffered past it.
 */
export const WRITE_HIGH = 1 << 20;
/**
 * Answers waiting for the customer to read them, however short: past it nothing more is read either
 * (each answer held costs the gateway far more than its octets). Reading goes on at half of it.
 */
export const ANSWERS_HIGH = 1024;
/** PDUs one session reads in one turn of the event loop, then yields (a turn stays well under 50 ms). */
const PDUS_A_TURN = 256;
/** A session not bound this long after it opened is closed; enquire_link does not extend it (docs/smpp.md#binds). */
export const BIND_TIMEOUT_MS = 30_000;
/** How often an open bind's address is noted again as binding its system_id (noteBoundAddress). */
const NOTE_BOUND_EVERY_MS = 3_600_000;
/** Sessions not yet bound from one address; one more is closed as it opens (docs/smpp.md#binds). */
export const UNBOUND_PER_ADDRESS = 20;
/** Connections one listener holds at once, bound or not; one more is closed as it opens. */
export const MAX_CONNECTIONS = 2000;
/** A session closed for a command_length it cannot follow is cut this long after its generic_nack. */
const CUT_AFTER_MS = 1000;
/** Receipts one bind may have unanswered (deliver_sm without deliver_sm_resp). */
export const RECEIPT_WINDOW = 50;
const RECEIPT_TICK_MS = 200;
/**
 * The recipient events are read for new receipts at most this often: the runs between (a bind's
 * answers freeing its window) only send what is already owed, so each read takes more events.
 */
const FAN_OUT_EVERY_MS = 50;
const HELD_TICK_MS = 1000;
/** Receipts delivered, submits past their retention (receipts.ts) and old throughput counts (rate.ts) are pruned this often. */
const PRUNE_EVERY_MS = 3600 * 1000;
/** A receipt answered with an error is sent again after this long. */
const RECEIPT_RETRY_MS = 5000;
/** How long a stop waits for the submits it took to be answered. */
const STOP_WAIT_MS = 10_000;
/** How far ahead a submit may be scheduled (docs/smpp.md#sending). */
export const SCHEDULE_AHEAD_MAX_DAYS = 30;
const SCHEDULE_AHEAD_MAX_MS = SCHEDULE_AHEAD_MAX_DAYS * 24 * 3600 * 1000;

export interface SmppServerOptions {
  /** A bind that sends nothing (enquire_link included) for this long is unbound (SMPP_IDLE_S). */
  idleMs: number;
  /** A session not bound this long after it opened is closed; BIND_TIMEOUT_MS when not given. */
  bindTimeoutMs?: number;
}

type BindType = 'transmitter' | 'receiver' | 'transceiver';

interface Conn {
  session: Session & { paused: boolean };
  ip: string;
  /** `notedAt`: when its address was last noted as binding the system_id (noteBoundAddress). */
  bound: { id: string; type: BindType; profileId: number; systemId: string; notedAt: number } | null;
  binding: boolean;
  inflight: number;
  /** Receipt ids sent on this bind and not answered yet. */
  receipts: Set<number>;
  idle: NodeJS.Timeout | null;
  /** Closes the session if it has not bound in time; cleared when it binds. */
  bindTimer: NodeJS.Timeout | null;
  /** Counted among its address's unbound sessions (until it binds or closes). */
  unbound: boolean;
  closed: boolean;
  /** PDUs written in this turn of the event loop go out together (corked until the next tick). */
  corked: boolean;
  /** PDUs sent on this session and not yet taken by its socket (ANSWERS_HIGH). */
  unsent: number;
  /** Goes on reading a session stopped for the answers waiting (readRaw). */
  read: () => void;
}

/** At most `rate` parts a second with a burst of one second's worth; 0 takes nothing. */
class PartsBucket {
  private tokens: number;
  private at = performance.now();
  constructor(public rate: number) {
    this.tokens = rate;
  }
  take(parts: number): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.rate, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (this.rate <= 0 || this.tokens < parts) return false;
    this.tokens -= parts;
    return true;
  }
}

type SessionInternals = Session & {
  paused: boolean;
  _extractPDUs: () => void;
  _callbacks: Record<number, ((pdu: PDU) => void) | undefined>;
};

/** Hands a response to the callback its request was sent with, if any. */
function answered(s: SessionInternals, pdu: PDU) {
  const callback = s._callbacks[pdu.sequence_number];
  if (!callback) return;
  delete s._callbacks[pdu.sequence_number];
  callback(pdu);
}

/** What readRaw hands on: each PDU read, and what it could not read. */
interface RawReader {
  onSubmit: (sequence: number, raw: Buffer) => void;
  onPdu: (pdu: PDU) => void;
  /** A PDU that could not be read; the session goes on. */
  onUnreadable: (sequence: number, status: number) => void;
  /** A command_length that cannot be followed: nothing more is read from the session. */
  onWrongLength: () => void;
  onAny: () => void;
  /** A fault of the reader itself: the session is destroyed. */
  onFault: (error: unknown) => void;
  /** Whether too many answers wait for the customer to read more now. */
  backlogged: () => boolean;
}

/**
 * Reads whole PDUs off the socket with their raw bytes, in place of the package's reader: a PDU that
 * cannot be read is answered generic_nack instead of stopping the session, and submit_sm is read
 * from its bytes by the gateway's own reader and decoders (wire.ts) alone: the package's parse of
 * it, text decoded with its own guesses, would only be thrown away. A deliver_sm_resp (one for each
 * receipt) is read for its status alone.
 *
 * A PDU is taken only once all its octets are there; one cut short by the end of the stream is
 * dropped, never read. Nothing is read while too many answers wait for the customer (WRITE_HIGH,
 * ANSWERS_HIGH); reading goes on at 'drain', or when the caller, its answers taken, calls what
 * this returns. Nothing thrown here leaves the event handler.
 */
function readRaw(session: Session, reader: RawReader): () => void {
  const s = session as SessionInternals;
  const socket = session.socket;
  socket.removeAllListeners('readable');
  const framer = new PduFramer(socket);
  let busy = false;
  let dead = false;
  /** Stopped for the answers waiting. */
  let held = false;
  const stop = () => {
    dead = true;
    socket.off('readable', extract);
    socket.off('drain', later);
  };
  const extract = () => {
    if (busy || dead) return;
    busy = true;
    held = false;
    let taken = 0;
    try {
      while (!s.paused && !socket.destroyed) {
        if (reader.backlogged()) {
          held = true;
          break;
        }
        if (taken++ === PDUS_A_TURN) {
          // The rest of what arrived is read in a turn of its own: other sessions and requests go between.
          later();
          break;
        }
        const raw = framer.next();
        if (raw === null) break;
        if (raw === 'cut short') {
          stop();
          break;
        }
        if (raw === 'wrong length') {
          // The stream cannot be followed past a wrong length: answered, then closed.
          stop();
          reader.onWrongLength();
          return;
        }
        reader.onAny();
        if (raw.readUInt32BE(4) === COMMAND.submit_sm) {
          reader.onSubmit(raw.readUInt32BE(12), raw);
          continue;
        }
        if (raw.readUInt32BE(4) === COMMAND.deliver_sm_resp) {
          // A receipt's answer: only its status is read (its message_id is empty), not the whole PDU.
          answered(s, {
            command: 'deliver_sm_resp',
            command_id: COMMAND.deliver_sm_resp,
            command_status: raw.readUInt32BE(8),
            sequence_number: raw.readUInt32BE(12),
          } as PDU);
          continue;
        }
        let pdu: PDU;
        try {
          pdu = new smpp.PDU(raw);
        } catch {
          reader.onUnreadable(raw.readUInt32BE(12), smpp.errors.ESME_RINVCMDLEN!);
          continue;
        }
        if (pdu.isResponse()) {
          answered(s, pdu);
          continue;
        }
        reader.onPdu(pdu);
      }
    } catch (error) {
      stop();
      socket.destroy();
      reader.onFault(error);
    } finally {
      busy = false;
    }
  };
  // Goes on in a turn of its own, never in the write callbacks: those run one after another in a
  // single turn of the event loop, and reading there would read batch after batch without yielding.
  let scheduled = false;
  const later = () => {
    if (scheduled || dead) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      extract();
    });
  };
  socket.on('readable', extract);
  socket.on('drain', later);
  s._extractPDUs = extract;
  return () => {
    if (held) later();
  };
}

const newOwner = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** One instance's SMPP server: its listeners share the binds, the submit desk and the receipt loop. */
export class SmppServer {
  readonly owner = newOwner();
  private readonly desk: SubmitDesk;
  private readonly servers: Server[] = [];
  private readonly conns = new Set<Conn>();
  /** Sessions not bound yet, per remote address (an IPv6 one by its /64: addressKey). */
  private readonly unboundAt = new Map<string, number>();
  /** Receiver and transceiver binds per account. */
  private readonly receivers = new Map<number, Set<Conn>>();
  private readonly buckets = new Map<number, PartsBucket>();
  private readonly users = new Map<number, UserRow>();
  private readonly timers: NodeJS.Timeout[] = [];
  private pumping: Promise<void> | null = null;
  private fannedOutAt = -Infinity;
  private pumpAgain = false;
  private heldRunning: Promise<void> | null = null;
  private acked: number[] = [];
  private readonly taken = new ReceiptsTaken();
  private stopped = false;
  /** Receipts this instance has sent since it started, by how it came to hold them. */
  readonly receiptsSent = { taken: 0, claimed: 0 };

  constructor(
    private readonly ctx: GatewayContext,
    private readonly options: SmppServerOptions,
  ) {
    this.desk = new SubmitDesk(ctx);
    this.timers.push(
      setInterval(() => this.kick(), RECEIPT_TICK_MS),
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
    let n = 0;
    for (const c of this.conns) if (c.bound) n += 1;
    return n;
  }

  /**
   * Answers the customer of the session holding the most has not taken yet: at most ANSWERS_HIGH
   * and one more, since nothing more is read from such a session until they go out.
   */
  get answersWaiting(): number {
    let most = 0;
    for (const c of this.conns) most = Math.max(most, c.unsent);
    return most;
  }

  /**
   * Stops: no more reading, the submits taken are answered (they are stored), the receipts sent and
   * not answered go back to be claimed, every bind is unbound and removed, then the listeners close.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (const c of this.conns) c.session.pause();
    await Promise.race([this.desk.drained(), new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref())]);
    await this.pumping;
    await this.heldRunning;
    await this.flushAcks();
    for (const c of [...this.conns]) await this.closeConn(c, true);
    await Promise.all(this.servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }

  /**
   * Stops as a killed process does (tests of restarts): the sockets are cut and nothing is released
   * or answered; the binds' rows lapse with their heartbeat and the receipts' claims with their lease.
   */
  kill(): void {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (const c of this.conns) {
      c.closed = true;
      if (c.idle) clearTimeout(c.idle);
      if (c.bindTimer) clearTimeout(c.bindTimer);
      c.session.destroy();
    }
    this.conns.clear();
    for (const s of this.servers) s.close();
  }

  private onSession(session: Session) {
    const conn: Conn = {
      session: session as Conn['session'],
      ip: session.socket.remoteAddress ?? '',
      bound: null,
      binding: false,
      inflight: 0,
      receipts: new Set(),
      idle: null,
      bindTimer: null,
      unbound: true,
      closed: false,
      corked: false,
      unsent: 0,
      read: () => undefined,
    };
    const unboundHere = this.unboundAt.get(addressKey(conn.ip)) ?? 0;
    // Refused sessions are closed at once, unanswered: nothing of theirs is read.
    if (this.stopped || unboundHere >= UNBOUND_PER_ADDRESS) {
      session.on('error', () => undefined);
      session.destroy();
      return;
    }
    this.unboundAt.set(addressKey(conn.ip), unboundHere + 1);
    this.conns.add(conn);
    session.socket.setNoDelay(true);
    session.on('error', () => session.destroy());
    session.socket.on('close', () => void this.closeConn(conn, false));
    session.socket.on('drain', () => this.flow(conn));
    this.touch(conn);
    conn.bindTimer = setTimeout(() => {
      this.ctx.log?.(`SMPP: a session from ${conn.ip} not bound in time, closed`);
      session.destroy();
    }, this.options.bindTimeoutMs ?? BIND_TIMEOUT_MS);
    conn.bindTimer.unref();
    conn.read = readRaw(session, {
      onSubmit: (sequence, raw) => this.onSubmit(conn, sequence, raw),
      onPdu: (pdu) => this.onPdu(conn, pdu),
      onUnreadable: (sequence, status) =>
        this.send(conn, new smpp.PDU('generic_nack', { sequence_number: sequence, command_status: status })),
      onWrongLength: () => {
        this.send(
          conn,
          new smpp.PDU('generic_nack', { sequence_number: 0, command_status: smpp.errors.ESME_RINVCMDLEN }),
        );
        session.close();
        setTimeout(() => session.destroy(), CUT_AFTER_MS).unref();
      },
      // Any PDU keeps a bind alive, a deliver_sm_resp too.
      onAny: () => this.touch(conn),
      onFault: (error) => this.ctx.reportError?.('SMPP read', error),
      backlogged: () => conn.session.socket.writableLength > WRITE_HIGH || conn.unsent > ANSWERS_HIGH,
    });
  }

  /** The session no longer counts among its address's unbound ones (it bound, or it closed). */
  private leaveUnbound(conn: Conn) {
    if (conn.bindTimer) clearTimeout(conn.bindTimer);
    conn.bindTimer = null;
    if (!conn.unbound) return;
    conn.unbound = false;
    const counted = addressKey(conn.ip);
    const n = (this.unboundAt.get(counted) ?? 1) - 1;
    if (n > 0) this.unboundAt.set(counted, n);
    else this.unboundAt.delete(counted);
  }

  private touch(conn: Conn) {
    if (conn.idle) clearTimeout(conn.idle);
    conn.idle = setTimeout(() => {
      this.ctx.log?.(`SMPP: ${conn.bound?.systemId ?? 'an unbound session'} from ${conn.ip} idle, closed`);
      if (conn.bound) conn.session.send(new smpp.PDU('unbind'));
      setTimeout(() => conn.session.destroy(), 1000).unref();
    }, this.options.idleMs);
    conn.idle.unref();
  }

  private async closeConn(conn: Conn, unbind: boolean) {
    if (conn.closed) return;
    conn.closed = true;
    if (conn.idle) clearTimeout(conn.idle);
    this.leaveUnbound(conn);
    this.conns.delete(conn);
    if (unbind && conn.bound && !conn.session.socket.destroyed) {
      // unbind, then the end of the stream once it is written; cut after a second if the customer holds on.
      conn.session.send(new smpp.PDU('unbind'));
      conn.session.close();
      setTimeout(() => conn.session.destroy(), 1000).unref();
    } else conn.session.destroy();
    const bound = conn.bound;
    if (!bound) return;
    this.receivers.get(bound.profileId)?.delete(conn);
    const held = [...conn.receipts];
    conn.receipts.clear();
    if (this.openReceivers(bound.profileId).length === 0) held.push(...this.taken.drop(bound.profileId));
    try {
      await releaseReceipts(this.ctx, this.owner, held);
      await noteBoundAddress(this.ctx, bound.systemId, conn.ip);
      await dropBind(this.ctx, bound.id);
    } catch (error) {
      this.ctx.reportError?.('SMPP unbind', error);
    }
  }

  /** Answers a request with its `_resp` (generic_nack for an unknown command), its sequence number kept. */
  private respond(conn: Conn, pdu: PDU, options: Record<string, unknown> = {}) {
    this.send(conn, pdu.response(options));
  }

  /** Sends in the bind's batch of writes; false when the socket no longer takes them. */
  private send(conn: Conn, pdu: PDU, onResponse?: (resp: PDU) => void): boolean {
    this.batch(conn);
    conn.unsent += 1;
    const sent = conn.session.send(pdu, onResponse, () => {
      conn.unsent -= 1;
      if (conn.unsent <= ANSWERS_HIGH / 2) conn.read();
    });
    if (!sent) conn.unsent -= 1;
    return sent;
  }

  /**
   * Holds the bind's writes until the next tick, so the PDUs sent in one turn (a group's answers,
   * a batch of receipts) leave in one write, not one system call each.
   */
  private batch(conn: Conn) {
    if (conn.corked) return;
    conn.corked = true;
    conn.session.socket.cork();
    process.nextTick(() => {
      conn.corked = false;
      conn.session.socket.uncork();
    });
  }

  private onPdu(conn: Conn, pdu: PDU) {
    switch (pdu.command) {
      case 'bind_transmitter':
      case 'bind_receiver':
      case 'bind_transceiver':
        void this.onBind(conn, pdu);
        return;
      case 'enquire_link':
        this.respond(conn, pdu);
        return;
      case 'unbind':
        this.respond(conn, pdu);
        conn.session.close();
        return;
      case 'unknown':
        this.respond(conn, pdu, { command_status: smpp.errors.ESME_RINVCMDID });
        return;
      default:
        // A command the server does not take (query_sm, replace_sm, data_sm, submit_multi, ...).
        this.send(
          conn,
          new smpp.PDU('generic_nack', {
            sequence_number: pdu.sequence_number,
            command_status: smpp.errors.ESME_RINVCMDID,
          }),
        );
    }
  }

  private async onBind(conn: Conn, pdu: PDU) {
    const type = pdu.command.replace('bind_', '') as BindType;
    if (conn.bound || conn.binding) {
      this.respond(conn, pdu, { command_status: smpp.errors.ESME_RALYBND });
      return;
    }
    conn.binding = true;
    const systemId = String(pdu.system_id ?? '');
    const refuse = (status: string, reason: string) => {
      // Logged with the system_id and address, never the password.
      this.ctx.log?.(`SMPP bind refused: ${type} '${systemId.slice(0, 16)}' from ${conn.ip}: ${reason} (${status})`);
      this.respond(conn, pdu, { command_status: smpp.errors[status] });
      conn.binding = false;
    };
    try {
      const verdict = await checkBind(this.ctx, systemId, String(pdu.password ?? ''), conn.ip);
      if (!verdict.ok) return refuse(verdict.status, verdict.reason);
      const account = verdict.account;
      const user = await findAccount(this.ctx, account.profile_id);
      if (!user) return refuse('ESME_RBINDFAIL', 'account not found');
      const id = `${this.owner}:${randomBytes(6).toString('hex')}`;
      const registered = await registerBind(this.ctx, {
        id,
        profileId: account.profile_id,
        type,
        instance: this.owner,
        remoteIp: conn.ip,
      });
      if (!registered) return refuse('ESME_RBINDFAIL', `all ${account.max_binds} binds are in use`);
      if (conn.closed) {
        await dropBind(this.ctx, id);
        return;
      }
      this.users.set(account.profile_id, user);
      this.setBucket(account);
      conn.bound = { id, type, profileId: account.profile_id, systemId: account.system_id, notedAt: this.ctx.now() };
      conn.binding = false;
      this.leaveUnbound(conn);
      this.respond(conn, pdu, { system_id: SERVER_SYSTEM_ID });
      this.ctx.log?.(`SMPP bound: ${type} '${account.system_id}' from ${conn.ip}`);
      if (type !== 'transmitter') {
        const set = this.receivers.get(account.profile_id) ?? new Set<Conn>();
        this.receivers.set(account.profile_id, set);
        set.add(conn);
        this.kick();
      }
    } catch (error) {
      this.ctx.reportError?.('SMPP bind', error);
      refuse('ESME_RSYSERR', 'the gateway could not check the bind');
    }
  }

  private setBucket(account: SmppAccountRow) {
    const bucket = this.buckets.get(account.profile_id);
    if (!bucket) this.buckets.set(account.profile_id, new PartsBucket(account.throughput));
    else bucket.rate = account.throughput;
  }

  /**
   * Pauses a bind with a full window; resumes it when half of it is answered. (A customer not reading
   * its answers is not read either: readRaw.)
   */
  private flow(conn: Conn) {
    if (conn.inflight >= SUBMIT_WINDOW) {
      if (!conn.session.paused) conn.session.pause();
    } else if (conn.session.paused && !this.stopped && conn.inflight < SUBMIT_WINDOW / 2) conn.session.resume();
  }

  private onSubmit(conn: Conn, sequence: number, raw: Buffer) {
    // The request was read from its bytes (readSubmit), so its answer is made from its sequence number.
    const respond = (answer: { messageId: string } | { status: number | undefined }) =>
      this.send(
        conn,
        submitSmResp(sequence, 'status' in answer ? { status: answer.status ?? smpp.errors.ESME_RSYSERR! } : answer),
      );
    const answer = (a: SubmitAnswer) => {
      if (conn.closed) return;
      if (a.ok) respond({ messageId: a.messageId });
      else respond({ status: smpp.errors[a.status] });
    };
    if (!conn.bound || conn.bound.type === 'receiver') {
      respond({ status: smpp.errors.ESME_RINVBNDSTS });
      return;
    }
    let body: SubmitBody;
    try {
      body = readSubmit(raw);
    } catch {
      this.send(
        conn,
        new smpp.PDU('generic_nack', {
          sequence_number: sequence,
          command_status: smpp.errors.ESME_RINVCMDLEN,
        }),
      );
      return;
    }
    conn.inflight += 1;
    this.flow(conn);
    void this.submit(conn.bound.profileId, body)
      .catch((error: unknown): SubmitAnswer => {
        this.ctx.reportError?.('SMPP submit', error);
        return { ok: false, status: 'ESME_RSYSERR', reason: 'fault' };
      })
      .then((a) => {
        conn.inflight -= 1;
        answer(a);
        this.flow(conn);
      });
  }

  private async submit(profileId: number, body: SubmitBody): Promise<SubmitAnswer> {
    const user = this.users.get(profileId);
    if (!user) return { ok: false, status: 'ESME_RSYSERR', reason: 'account not found' };
    if (!DATA_CODINGS.has(body.dataCoding))
      return { ok: false, status: 'ESME_RSUBMITFAIL', reason: `data_coding ${body.dataCoding} is not taken` };
    if (!splitSenderIds(user.senderidapproved).includes(body.source))
      return { ok: false, status: 'ESME_RINVSRCADR', reason: 'sender ID not approved' };
    const number = checkPhoneNumber(body.destination);
    if (!number.ok) return { ok: false, status: 'ESME_RINVDSTADR', reason: 'not a phone number' };
    let concat: ReturnType<typeof concatOf>;
    let dueAt: number | null;
    let expiresAt: number | null;
    const now = this.ctx.now();
    try {
      concat = concatOf(body);
    } catch {
      return { ok: false, status: 'ESME_RINVMSGLEN', reason: 'malformed UDH' };
    }
    if (concat.total < 1 || concat.seq < 1 || concat.seq > concat.total)
      return { ok: false, status: 'ESME_RINVMSGLEN', reason: 'part number out of range' };
    try {
      dueAt = smppTime(body.scheduleDeliveryTime, now);
    } catch {
      return { ok: false, status: 'ESME_RINVSCHED', reason: 'schedule_delivery_time' };
    }
    if (dueAt !== null && dueAt > now + SCHEDULE_AHEAD_MAX_MS)
      return {
        ok: false,
        status: 'ESME_RINVSCHED',
        reason: `scheduled more than ${SCHEDULE_AHEAD_MAX_DAYS} days ahead`,
      };
    try {
      expiresAt = smppTime(body.validityPeriod, now);
    } catch {
      return { ok: false, status: 'ESME_RINVEXPIRY', reason: 'validity_period' };
    }
    if (expiresAt !== null && expiresAt <= Math.max(now, dueAt ?? 0))
      return { ok: false, status: 'ESME_RINVEXPIRY', reason: 'validity_period already passed' };
    // Throughput counts parts: one per submit_sm, or the parts of a message_payload's text.
    let parts = 1;
    if (body.fromPayload) {
      const text = decodeText(body.dataCoding, concat.bytes);
      parts = smsParts(smsLength(text, needsUnicode(text)));
    }
    const bucket = this.buckets.get(profileId);
    if (!bucket || !bucket.take(parts)) return { ok: false, status: 'ESME_RTHROTTLED', reason: 'throughput' };
    return this.desk.submit({
      profileId,
      source: body.source,
      destination: number.number,
      dataCoding: body.dataCoding,
      bytes: concat.bytes,
      ref: concat.total > 1 ? concat.ref : null,
      seq: concat.seq,
      total: concat.total,
      registeredDelivery: body.registeredDelivery,
      dueAt,
      expiresAt,
      throughput: bucket.rate,
      parts,
    });
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

  /** Runs the receipt loop now, or once more after the running one. */
  private kick() {
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

  /** The account's receiver and transceiver binds still open on this instance. */
  private openReceivers(profileId: number): Conn[] {
    return [...(this.receivers.get(profileId) ?? [])].filter((c) => !c.closed);
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
      // Steps while each reads a full step (a shorter one read all there was), at most 20 per run,
      // the event loop let turn between two (SQLite's steps run in it).
      for (let i = 0; i < 20; i += 1) {
        const bound = [...this.receivers.keys()].filter((id) => this.openReceivers(id).length > 0);
        const take: TakeAtFanOut = { owner: this.owner, room: this.taken.room(bound), taken: [] };
        const read = await fanOutReceipts(this.ctx, take);
        await this.keepTaken(take);
        if (read !== EVENT_STEP) break;
        await yieldToLoop();
      }
    }
    await this.flushAcks();
    for (const profileId of this.receivers.keys()) {
      const open = this.openReceivers(profileId);
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

  /** Keeps the receipts a fan-out took; those of an account whose binds closed meanwhile go back. */
  private async keepTaken(take: TakeAtFanOut) {
    const gone = new Set(take.taken.filter((r) => this.openReceivers(r.profile_id).length === 0));
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
      const messageId = messageIdOf(r.submit_id);
      const to = senderAddress(r.destination);
      conn.receipts.add(r.id);
      const sent = this.send(
        conn,
        receiptDeliverSm({
          sourceTon: 1,
          sourceNpi: 1,
          source: r.source,
          destTon: to.ton,
          destNpi: to.npi,
          destination: r.destination,
          text: Buffer.from(receiptText(r, messageId), 'latin1'),
          receiptedMessageId: messageId,
          messageState: MESSAGE_STATE[r.stat] ?? MESSAGE_STATE.UNKNOWN!,
        }),
        (resp: PDU) => {
          if (!conn.receipts.delete(r.id)) return;
          if (resp.command_status === 0) this.acked.push(r.id);
          else {
            this.taken.released(r.profile_id);
            void releaseReceipts(this.ctx, this.owner, [r.id], RECEIPT_RETRY_MS);
          }
          // Half the bind's window answered: the next receipts go now, not at the next tick.
          if (conn.receipts.size <= RECEIPT_WINDOW / 2 || this.acked.length >= 100) this.kick();
        },
      );
      if (!sent) {
        conn.receipts.delete(r.id);
        unsent.push(r.id);
      } else this.receiptsSent[how] += 1;
    }
    if (unsent.length > 0) this.taken.released(receipts[0]!.profile_id);
    await releaseReceipts(this.ctx, this.owner, unsent);
  }

  private async flushAcks() {
    const ids = this.acked.splice(0);
    await receiptsDelivered(this.ctx, ids);
  }

  /**
   * Keeps this instance's binds alive, and applies changed settings: throughput, sender IDs, disabling.
   * Runs every BIND_HEARTBEAT_MS (tests call it).
   */
  async heartbeat() {
    try {
      const bound = [...this.conns].filter((c) => c.bound);
      await heartbeatBinds(
        this.ctx,
        bound.map((c) => c.bound!.id),
      );
      // A bind open for days keeps its address noted (checkBind trusts it for a day after).
      const now = this.ctx.now();
      for (const c of bound)
        if (now - c.bound!.notedAt >= NOTE_BOUND_EVERY_MS) {
          c.bound!.notedAt = now;
          await noteBoundAddress(this.ctx, c.bound!.systemId, c.ip);
        }
      const profileIds = [...new Set(bound.map((c) => c.bound!.profileId))];
      for (const account of await accountsById(this.ctx, profileIds)) {
        this.setBucket(account);
        const user = await findAccount(this.ctx, account.profile_id);
        if (user) this.users.set(account.profile_id, user);
        if (account.enabled !== 1)
          for (const c of bound) if (c.bound!.profileId === account.profile_id) void this.closeConn(c, true);
      }
    } catch (error) {
      this.ctx.reportError?.('SMPP heartbeat', error);
    }
  }
}
