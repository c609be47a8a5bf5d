// Whole PDUs off an SMPP session's socket, in place of the `smpp` package's reader, for both sides
// (the carrier's connector: readCarrierPdus; the SMPP server's sessions: smpp-server/intake.ts), and
// the writes of one turn of the event loop sent together.
import smpp, { type PDU, type Session } from 'smpp';
import { HEADER } from './protocol';
import { readCarrierPdu } from './pdu-in';

/** What the package's Session keeps that its reader uses. */
type SessionInternals = Session & {
  paused: boolean;
  _callbacks: Record<number, ((pdu: PDU) => void) | undefined>;
  _extractPDUs: () => void;
};

/** Frames whole PDUs off a socket: `next` gives a PDU only once all its octets are there. */
class PduFramer {
  private head: Buffer | null = null;
  constructor(private readonly socket: Session['socket']) {}

  /**
   * The next whole PDU; null until its octets are there; 'wrong length' for a command_length the
   * stream cannot be followed past; 'cut short' when the stream ended inside a PDU (dropped, never read).
   */
  next(): Buffer | null | 'wrong length' | 'cut short' {
    if (this.head === null) {
      // read(n) gives n octets, null until they are there, or fewer only at the end of the stream.
      const head = this.socket.read(4) as Buffer | null;
      if (!head) return null;
      if (head.length < 4) return 'cut short';
      const length = head.readUInt32BE(0);
      if (length < HEADER || length > smpp.PDU.maxLength) return 'wrong length';
      this.head = head;
    }
    const length = this.head.readUInt32BE(0);
    const rest = this.socket.read(length - 4) as Buffer | null;
    if (!rest) return null;
    if (rest.length < length - 4) return 'cut short';
    const raw = Buffer.concat([this.head, rest], length);
    this.head = null;
    return raw;
  }
}

/** Hands a response to the callback its request was sent with, if any. */
export function answered(session: Session, pdu: PDU) {
  const callbacks = (session as SessionInternals)._callbacks;
  const callback = callbacks[pdu.sequence_number];
  if (!callback) return;
  delete callbacks[pdu.sequence_number];
  callback(pdu);
}

/** What readPdus hands on: each PDU's octets, and what stops the reading. */
export interface PduReader {
  /** A whole PDU's octets. */
  onPdu: (raw: Buffer) => void;
  /** A command_length the stream cannot be followed past: nothing more is read from the session. */
  onWrongLength: () => void;
  /** A fault of the reading or of onPdu: nothing more is read from the session. */
  onFault: (error: unknown) => void;
  /** Whether too many answers wait for the peer to read them: then nothing is read until it says no. */
  backlogged?: () => boolean;
  /** PDUs read in one turn of the event loop; the rest in a turn of its own (none when not given). */
  perTurn?: number;
}

/**
 * Reads whole PDUs off a session's socket in place of the package's reader. A PDU is taken only once
 * all its octets are there; one cut short by the end of the stream is dropped, never read. With
 * `backlogged`, reading goes on at 'drain' or when the caller, its answers taken, calls what this
 * returns. Nothing thrown here leaves the event handler.
 */
export function readPdus(session: Session, reader: PduReader): () => void {
  const s = session as SessionInternals;
  const socket = session.socket;
  socket.removeAllListeners('readable');
  const framer = new PduFramer(socket);
  const perTurn = reader.perTurn ?? Number.POSITIVE_INFINITY;
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
        if (reader.backlogged?.()) {
          held = true;
          break;
        }
        if (taken++ === perTurn) {
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
          stop();
          reader.onWrongLength();
          return;
        }
        reader.onPdu(raw);
      }
    } catch (error) {
      stop();
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
  if (reader.backlogged) socket.on('drain', later);
  s._extractPDUs = extract;
  return () => {
    if (held) later();
  };
}

/**
 * Puts the reader of `readCarrierPdu` in place of the package's on a client session: whole PDUs are
 * handed on as the package hands them (the 'pdu' event, the command's event, then the callback of
 * the request answered); a fault is the session's 'error'.
 */
export function readCarrierPdus(session: Session) {
  readPdus(session, {
    onPdu: (raw) => {
      const pdu = readCarrierPdu(raw) ?? new smpp.PDU(raw);
      session.emit('pdu', pdu);
      session.emit(pdu.command, pdu);
      if (pdu.isResponse()) answered(session, pdu);
    },
    onWrongLength: () => session.emit('error', new Error('PDU length was too large or too small')),
    onFault: (error) => session.emit('error', error),
  });
}

const corked = new WeakSet<Session>();

/**
 * The PDUs a session is given in one turn of the event loop leave in one write, not a write each (a
 * system call each would cost a large send much of the gateway's time). Released at the end of the turn.
 */
export function writeTogether(session: Session) {
  if (corked.has(session)) return;
  corked.add(session);
  session.socket.cork();
  process.nextTick(() => {
    corked.delete(session);
    session.socket.uncork();
  });
}
