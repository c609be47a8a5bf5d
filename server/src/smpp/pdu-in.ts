// PDUs read straight from their bytes (SMPP 3.4 4.4.1, 4.6.1): the body that submit_sm and deliver_sm
// share (the SMPP server's submits), and the carrier's answers and receipts, one of each for every part
// sent. The `smpp` package's generic reader (a filter and a coder looked up for each field) cost the
// gateway about 6% of its CPU a part; every other PDU is still read by it.
import type { PDU } from 'smpp';
import type { PduAddresses } from './addresses';
import { Malformed } from './malformed';
import { COMMAND, HEADER, isResponseId, RECEIPT_FLAGS, TLV, UDH_INDICATOR } from './protocol';

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

/** A submit_sm's fields as readShortMessageBody reads them, its text and sar_ TLVs read from them. */
export interface SubmitBody extends Omit<ShortMessageBody, 'smLength' | 'shortMessage' | 'tlvs'> {
  /** short_message, or message_payload when that TLV is given (UDH included when esm_class says so). */
  message: Buffer;
  sar: { ref: number; total: number; seq: number } | null;
  fromPayload: boolean;
}

/** Reads a submit_sm's body (after the 16-byte header); throws Malformed when it is cut short. */
export function readSubmit(pdu: Buffer): SubmitBody {
  const { tlvs, smLength, shortMessage, ...fields } = readShortMessageBody(pdu, 'submit_sm');
  const payload = tlvs.get(TLV.messagePayload);
  const fromPayload = payload !== undefined && smLength === 0;
  const message = fromPayload ? payload : shortMessage;
  const [ref, total, seq] = [tlvs.get(TLV.sarRef), tlvs.get(TLV.sarTotal), tlvs.get(TLV.sarSeq)];
  const sar =
    ref && total && seq && ref.length === 2 && total.length === 1 && seq.length === 1
      ? { ref: ref.readUInt16BE(0), total: total[0]!, seq: seq[0]! }
      : null;
  return { ...fields, message: Buffer.from(message), sar, fromPayload };
}

/** Reads a submit_sm or deliver_sm body (after the 16-byte header); throws Malformed when it is cut short. */
function readShortMessageBody(pdu: Buffer, command: 'submit_sm' | 'deliver_sm'): ShortMessageBody {
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
    return isResponseId(this.command_id);
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
  const receiptId = body.tlvs.get(TLV.receiptedMessageId);
  const isReceipt = (body.esmClass & RECEIPT_FLAGS) !== 0 || receiptId !== undefined;
  if (!isReceipt || (body.esmClass & UDH_INDICATOR) !== 0 || !OCTET_CODINGS.has(body.dataCoding)) return null;
  const state = body.tlvs.get(TLV.messageState);
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
