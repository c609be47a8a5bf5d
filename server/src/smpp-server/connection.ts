// One customer's session on the SMPP server and what is written on it: its answers and receipts
// counted until its socket takes them, and the flow control of its submits (docs/smpp.md#binds).
import smpp, { type PDU, type Session } from 'smpp';
import { writeTogether } from '../smpp/pdu-stream';

export type BindType = 'transmitter' | 'receiver' | 'transceiver';

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

export interface Conn {
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
  /** PDUs sent on this session and not yet taken by its socket (ANSWERS_HIGH). */
  unsent: number;
  /** Goes on reading a session stopped for the answers waiting (intake.ts). */
  read: () => void;
}

/** A session just opened: not bound, nothing in flight. */
export const newConn = (session: Session): Conn => ({
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
  unsent: 0,
  read: () => undefined,
});

/**
 * Sends in the bind's batch of writes (the PDUs of one turn, a group's answers or a batch of
 * receipts, leave in one write); false when the socket no longer takes them.
 */
export function sendOn(conn: Conn, pdu: PDU, onResponse?: (resp: PDU) => void): boolean {
  writeTogether(conn.session);
  conn.unsent += 1;
  const sent = conn.session.send(pdu, onResponse, () => {
    conn.unsent -= 1;
    if (conn.unsent <= ANSWERS_HIGH / 2) conn.read();
  });
  if (!sent) conn.unsent -= 1;
  return sent;
}

/** Answers a request with its `_resp` (generic_nack for an unknown command), its sequence number kept. */
export const respond = (conn: Conn, pdu: PDU, options: Record<string, unknown> = {}) =>
  sendOn(conn, pdu.response(options));

/** generic_nack: what cannot be read or is not taken here. */
export const genericNack = (conn: Conn, sequence: number, status: number) =>
  sendOn(conn, new smpp.PDU('generic_nack', { sequence_number: sequence, command_status: status }));

/** Too many answers wait for the customer to read them: nothing more is read from the session. */
export const backlogged = (conn: Conn) => conn.session.socket.writableLength > WRITE_HIGH || conn.unsent > ANSWERS_HIGH;

/**
 * Pauses a bind with a full window; resumes it when half of it is answered. (A customer not reading
 * its answers is not read either: backlogged.)
 */
export function flow(conn: Conn, stopped: boolean) {
  if (conn.inflight >= SUBMIT_WINDOW) {
    if (!conn.session.paused) conn.session.pause();
  } else if (conn.session.paused && !stopped && conn.inflight < SUBMIT_WINDOW / 2) conn.session.resume();
}
