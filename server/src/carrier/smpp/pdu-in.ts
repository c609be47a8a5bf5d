// PDUs read straight from their bytes (SMPP 3.4 4.4.1, 4.6.1): the body that submit_sm and deliver_sm
// share (the SMPP server's submits, smpp-server/wire.ts), and the carrier's answers and receipts, one
// of each for every part sent. The `smpp` package's generic reader (a filter and a coder looked up for
// each field) cost the gateway about 6% of its CPU a part; every other PDU is still read by it.
import smpp, { type PDU, type Session } from 'smpp';
import { COMMAND, HEADER } from './pdu-out';
import type { PduAddresses } from './pdu-out';

export class Malformed extends Error {}

/** The fields of a submit_sm or deliver_sm body, its TLVs by tag. */
export interface ShortMessageBody extends PduAddresses {
  serviceType: string;
  esmClass: number;
  registeredDelivery: number;
  scheduleDeliveryTime: string;
  validityPeriod: string;
  dataCoding: number;
  smLength: number;
  /** short_message's octets, as they came (a view of the PDU). */
  shortMessage: Buffer;
  tlvs: Map<number, Buffer>;
}

/**
 * A cursor over a PDU's octets. A class, not closures made for each PDU: under tsx each closure was
 * named anew (Object.defineProperty) for every PDU read.
 */
class Octets {
  at = HEADER;

  constructor(
    private readonly pdu: Buffer,
    private readonly command: string,
  ) {}

  need(n: number) {
    if (this.at + n > this.pdu.length) throw new Malformed(`The ${this.command} is shorter than its fields`);
  }

  u8() {
    this.need(1);
    return this.pdu[this.at++]!;
  }

  cstring(max: number) {
    const stop = this.pdu.indexOf(0, this.at);
    if (stop < 0 || stop - this.at > max) throw new Malformed('A C-octet string field is not terminated');
    const value = this.pdu.toString('latin1', this.at, stop);
    this.at = stop + 1;
    return value;
  }

  take(n: number) {
    this.need(n);
    this.at += n;
    return this.pdu.subarray(this.at - n, this.at);
  }

  u16() {
    this.need(2);
    this.at += 2;
    return this.pdu.readUInt16BE(this.at - 2);
  }
}

/** Reads a submit_sm or deliver_sm body (after the 16-byte header); throws Malformed when it is cut short. */
export function readShortMessageBody(pdu: Buffer, command: 'submit_sm' | 'deliver_sm'): ShortMessageBody {
  const o = new Octets(pdu, command);
  const serviceType = o.cstring(5);
  const sourceTon = o.u8();
  const sourceNpi = o.u8();
  const source = o.cstring(20);
  const destTon = o.u8();
  const destNpi = o.u8();
  const destination = o.cstring(20);
  const esmClass = o.u8();
  o.u8(); // protocol_id
  o.u8(); // priority_flag
  const scheduleDeliveryTime = o.cstring(16);
  const validityPeriod = o.cstring(16);
  const registeredDelivery = o.u8();
  o.u8(); // replace_if_present_flag
  const dataCoding = o.u8();
  o.u8(); // sm_default_msg_id
  const smLength = o.u8();
  const shortMessage = o.take(smLength);
  const tlvs = new Map<number, Buffer>();
  while (o.at < pdu.length) {
    const tag = o.u16();
    tlvs.set(tag, o.take(o.u16()));
  }
  return {
    serviceType,
    sourceTon,
    sourceNpi,
    source,
    destTon,
    destNpi,
    destination,
    esmClass,
    registeredDelivery,
    scheduleDeliveryTime,
    validityPeriod,
    dataCoding,
    smLength,
    shortMessage,
    tlvs,
  };
}

/** TLV tags of a receipt (SMPP 3.4 5.3.2.12, 5.3.2.35). */
const RECEIPTED_MESSAGE_ID = 0x001e;
const MESSAGE_STATE = 0x0427;
/** esm_class bits of a receipt or acknowledgement (5.2.12), and of a UDH first in short_message. */
const RECEIPT_FLAGS = 0x04 | 0x08 | 0x10 | 0x20;
const UDH_INDICATOR = 0x40;
/** Text codings read here as one octet a character: SMSC default, IA5, Latin-1. */
const OCTET_CODINGS = new Set([0, 1, 3]);

/** A C-octet string's text, without its NUL. */
const cstringOf = (bytes: Buffer) => {
  const stop = bytes.indexOf(0);
  return bytes.toString('latin1', 0, stop < 0 ? bytes.length : stop);
};

/** A PDU read here: the fields the carrier reads of it, as the package would name them. */
class Read {
  constructor(
    readonly command: string,
    readonly command_id: number,
    readonly command_status: number,
    readonly sequence_number: number,
    fields: Record<string, unknown>,
  ) {
    Object.assign(this, fields);
  }

  isResponse() {
    return (this.command_id & 0x80000000) !== 0;
  }
}

/**
 * A submit_sm_resp, or a deliver_sm that is a receipt with a one-octet text (no UDH, no UCS-2), read
 * from its bytes; null for any other PDU, which the package reads. A receipt's text is read as
 * Latin-1: its fields (id, stat, err, dates) are ASCII, and an id with `_` or `@` reads as the carrier
 * sent it, not as the GSM alphabet's `§` or `¡`.
 */
export function readCarrierPdu(raw: Buffer): PDU | null {
  const id = raw.readUInt32BE(4);
  const status = raw.readUInt32BE(8);
  const sequence = raw.readUInt32BE(12);
  if (id === COMMAND.submit_sm_resp) {
    const messageId = raw.length > HEADER ? cstringOf(raw.subarray(HEADER)) : undefined;
    return new Read(
      'submit_sm_resp',
      id,
      status,
      sequence,
      messageId === undefined ? {} : { message_id: messageId },
    ) as unknown as PDU;
  }
  if (id !== COMMAND.deliver_sm) return null;
  let body: ShortMessageBody;
  try {
    body = readShortMessageBody(raw, 'deliver_sm');
  } catch {
    return null;
  }
  const receiptId = body.tlvs.get(RECEIPTED_MESSAGE_ID);
  const isReceipt = (body.esmClass & RECEIPT_FLAGS) !== 0 || receiptId !== undefined;
  if (!isReceipt || (body.esmClass & UDH_INDICATOR) !== 0 || !OCTET_CODINGS.has(body.dataCoding)) return null;
  const state = body.tlvs.get(MESSAGE_STATE);
  return new Read('deliver_sm', id, status, sequence, {
    source_addr: body.source,
    destination_addr: body.destination,
    esm_class: body.esmClass,
    data_coding: body.dataCoding,
    short_message: body.shortMessage.toString('latin1'),
    ...(receiptId === undefined ? {} : { receipted_message_id: cstringOf(receiptId) }),
    ...(state?.length === 1 ? { message_state: state[0] } : {}),
  }) as unknown as PDU;
}

/** What the package's Session keeps that its reader uses. */
interface SessionInternals {
  paused: boolean;
  _callbacks: Record<number, ((pdu: PDU) => void) | undefined>;
  _extractPDUs: () => void;
}

/**
 * Frames whole PDUs off a socket, as both SMPP readers take them (the carrier's, below, and the SMPP
 * server's, smpp-server/listener.ts): `next` gives a PDU only once all its octets are there.
 */
export class PduFramer {
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

/**
 * Puts the reader of `readCarrierPdu` in place of the package's on a client session: whole PDUs are
 * framed as the package frames them, and handed on as it hands them (the 'pdu' event, the command's
 * event, then the callback of the request answered).
 */
export function readCarrierPdus(session: Session) {
  const s = session as unknown as SessionInternals & Session;
  const socket = session.socket;
  socket.removeAllListeners('readable');
  const framer = new PduFramer(socket);
  let busy = false;
  const extract = () => {
    if (busy) return;
    busy = true;
    try {
      while (!s.paused) {
        let pdu: PDU;
        try {
          const raw = framer.next();
          if (raw === null || raw === 'cut short') break;
          if (raw === 'wrong length') throw new Error('PDU length was too large or too small');
          pdu = readCarrierPdu(raw) ?? new smpp.PDU(raw);
        } catch (error) {
          session.emit('error', error);
          return;
        }
        session.emit('pdu', pdu);
        session.emit(pdu.command, pdu);
        const callback = pdu.isResponse() ? s._callbacks[pdu.sequence_number] : undefined;
        if (callback) {
          callback(pdu);
          delete s._callbacks[pdu.sequence_number];
        }
      }
    } finally {
      busy = false;
    }
  };
  socket.on('readable', extract);
  s._extractPDUs = extract;
}
