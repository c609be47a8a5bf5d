// The sessions open on one instance's SMPP server (docs/smpp.md#binds): how many from one address may
// wait unbound, how long one may wait before it binds, how long a bind may stay idle, and their end.
import smpp, { type Session } from 'smpp';
import type { GatewayContext } from '../core/context';
import { addressKey } from '../auth/rate-limit';
import { newConn, type Conn } from './connection';

/** A session not bound this long after it opened is closed; enquire_link does not extend it (docs/smpp.md#binds). */
export const BIND_TIMEOUT_MS = 30_000;
/** Sessions not yet bound from one address; one more is closed as it opens (docs/smpp.md#binds). */
export const UNBOUND_PER_ADDRESS = 20;
/** A session unbound (or idle) is cut this long after, if the customer holds on. */
const CUT_AFTER_MS = 1000;

export interface SessionTimes {
  /** A bind that sends nothing (enquire_link included) for this long is unbound (SMPP_IDLE_S). */
  idleMs: number;
  /** A session not bound this long after it opened is closed; BIND_TIMEOUT_MS when not given. */
  bindTimeoutMs?: number;
}

export class Sessions {
  readonly conns = new Set<Conn>();
  /** Sessions not bound yet, per remote address (an IPv6 one by its /64: addressKey). */
  private readonly unboundAt = new Map<string, number>();

  constructor(
    private readonly ctx: GatewayContext,
    private readonly times: SessionTimes,
  ) {}

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
   * A new session, counted among its address's unbound ones and closed if it does not bind in time;
   * null when it is refused (the server stopping, too many unbound from its address): then it is
   * closed at once, unanswered, and nothing of it is read.
   */
  open(session: Session, stopped: boolean): Conn | null {
    const conn = newConn(session);
    const unboundHere = this.unboundAt.get(addressKey(conn.ip)) ?? 0;
    if (stopped || unboundHere >= UNBOUND_PER_ADDRESS) {
      session.on('error', () => undefined);
      session.destroy();
      return null;
    }
    this.unboundAt.set(addressKey(conn.ip), unboundHere + 1);
    this.conns.add(conn);
    session.socket.setNoDelay(true);
    session.on('error', () => session.destroy());
    this.touch(conn);
    conn.bindTimer = setTimeout(() => {
      this.ctx.log?.(`SMPP: a session from ${conn.ip} not bound in time, closed`);
      session.destroy();
    }, this.times.bindTimeoutMs ?? BIND_TIMEOUT_MS);
    conn.bindTimer.unref();
    return conn;
  }

  /** The session no longer counts among its address's unbound ones (it bound, or it closed). */
  leaveUnbound(conn: Conn) {
    if (conn.bindTimer) clearTimeout(conn.bindTimer);
    conn.bindTimer = null;
    if (!conn.unbound) return;
    conn.unbound = false;
    const counted = addressKey(conn.ip);
    const n = (this.unboundAt.get(counted) ?? 1) - 1;
    if (n > 0) this.unboundAt.set(counted, n);
    else this.unboundAt.delete(counted);
  }

  /** Any PDU keeps a session alive: one silent for idleMs is unbound, then cut. */
  touch(conn: Conn) {
    if (conn.idle) clearTimeout(conn.idle);
    conn.idle = setTimeout(() => {
      this.ctx.log?.(`SMPP: ${conn.bound?.systemId ?? 'an unbound session'} from ${conn.ip} idle, closed`);
      if (conn.bound) conn.session.send(new smpp.PDU('unbind'));
      setTimeout(() => conn.session.destroy(), CUT_AFTER_MS).unref();
    }, this.times.idleMs);
    conn.idle.unref();
  }

  /**
   * Ends a session once (false when it had ended): with `unbind`, a bind still open is sent unbind,
   * then the end of the stream once it is written, cut after a second if the customer holds on.
   */
  end(conn: Conn, unbind: boolean): boolean {
    if (conn.closed) return false;
    conn.closed = true;
    if (conn.idle) clearTimeout(conn.idle);
    this.leaveUnbound(conn);
    this.conns.delete(conn);
    if (unbind && conn.bound && !conn.session.socket.destroyed) {
      conn.session.send(new smpp.PDU('unbind'));
      conn.session.close();
      setTimeout(() => conn.session.destroy(), CUT_AFTER_MS).unref();
    } else conn.session.destroy();
    return true;
  }

  /** A command_length that cannot be followed: answered, then the session is closed and soon cut. */
  cutAfterAnswer(conn: Conn) {
    conn.session.close();
    setTimeout(() => conn.session.destroy(), CUT_AFTER_MS).unref();
  }

  /** Every session cut as a killed process's are: nothing released or answered. */
  cutAll() {
    for (const c of this.conns) {
      c.closed = true;
      if (c.idle) clearTimeout(c.idle);
      if (c.bindTimer) clearTimeout(c.bindTimer);
      c.session.destroy();
    }
    this.conns.clear();
  }
}
