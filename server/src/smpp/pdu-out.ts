// PDUs encoded straight into their bytes (SMPP 3.4 4.4.1, 4.6.1, 4.6.2), for the PDUs sent for every
// message: the carrier's submit_sm and deliver_sm_resp, the SMPP server's submit_sm_resp and receipts.
// The `smpp` package's generic encoder (a filter and a coder looked up for each field) took 6 to 30 µs
// a PDU. Each is given to the package's Session.send as a PDU whose bytes are made once the session
// has numbered it.
import type { PDU } from 'smpp';
import type { PduAddresses } from './addresses';
import { COMMAND, HEADER, isResponseId, MAX_SHORT_MESSAGE, SMSC_RECEIPT, TLV, type Command } from './protocol';

/** The bytes of a C-octet string: its ASCII characters and the NUL after them. */
const cstringLength = (text: string) => Buffer.byteLength(text, 'latin1') + 1;

function writeHeader(bytes: Buffer, command: Command, status: number, sequence: number) {
  bytes.writeUInt32BE(bytes.length, 0);
  bytes.writeUInt32BE(COMMAND[command], 4);
  bytes.writeUInt32BE(status >>> 0, 8);
  bytes.writeUInt32BE(sequence >>> 0, 12);
}

function writeCstring(bytes: Buffer, at: number, text: string): number {
  const end = at + bytes.write(text, at, 'latin1');
  bytes[end] = 0;
  return end + 1;
}

/**
 * A PDU to send whose bytes `encode` makes from the sequence number the session gives it. A class,
 * not an object of arrow functions: those were named anew (Object.defineProperty) for every PDU.
 */
class Outgoing {
  command_id: number;
  command_status = 0;

  constructor(
    readonly command: Command,
    public sequence_number: number,
    private readonly encode: (sequence: number) => Buffer,
  ) {
    this.command_id = COMMAND[command];
  }

  isResponse() {
    return isResponseId(this.command_id);
  }

  response(): never {
    throw new Error(`${this.command} is sent, never answered here`);
  }

  toBuffer() {
    return this.encode(this.sequence_number);
  }
}

/** A PDU for Session.send; `sequence` is 0 for a request, which the session numbers. */
const outgoing = (command: Command, sequence: number, encode: (sequence: number) => Buffer) =>
  new Outgoing(command, sequence, encode) as unknown as PDU;

export interface ShortMessagePdu extends PduAddresses {
  esmClass: number;
  registeredDelivery: number;
  dataCoding: number;
  /** short_message as sent: already in its data_coding, a UDH first when esm_class says so. */
  message: Buffer;
  /** Encoded TLVs after short_message, if any. */
  tlvs?: Buffer;
}

/**
 * submit_sm or deliver_sm (their bodies are alike): no service_type, schedule or validity, protocol_id
 * and priority 0; throws when the message is over 254 octets.
 */
export function shortMessagePdu(command: 'submit_sm' | 'deliver_sm', f: ShortMessagePdu): PDU {
  if (f.message.length > MAX_SHORT_MESSAGE)
    throw new Error(`a ${command}'s short_message is ${f.message.length} octets, over 254`);
  const length =
    HEADER +
    1 + // service_type ""
    2 +
    cstringLength(f.source) +
    2 +
    cstringLength(f.destination) +
    3 + // esm_class, protocol_id, priority_flag
    2 + // schedule_delivery_time "", validity_period ""
    4 + // registered_delivery, replace_if_present_flag, data_coding, sm_default_msg_id
    1 +
    f.message.length +
    (f.tlvs?.length ?? 0);
  return outgoing(command, 0, (seq) => {
    const bytes = Buffer.alloc(length);
    writeHeader(bytes, command, 0, seq);
    let at = HEADER;
    at = writeCstring(bytes, at, '');
    bytes[at++] = f.sourceTon;
    bytes[at++] = f.sourceNpi;
    at = writeCstring(bytes, at, f.source);
    bytes[at++] = f.destTon;
    bytes[at++] = f.destNpi;
    at = writeCstring(bytes, at, f.destination);
    bytes[at++] = f.esmClass;
    bytes[at++] = 0; // protocol_id
    bytes[at++] = 0; // priority_flag
    at = writeCstring(bytes, at, '');
    at = writeCstring(bytes, at, '');
    bytes[at++] = f.registeredDelivery;
    bytes[at++] = 0; // replace_if_present_flag
    bytes[at++] = f.dataCoding;
    bytes[at++] = 0; // sm_default_msg_id
    bytes[at++] = f.message.length;
    at += f.message.copy(bytes, at);
    if (f.tlvs) f.tlvs.copy(bytes, at);
    return bytes;
  });
}

/** deliver_sm_resp: its message_id is unused, an empty C-octet string (SMPP 3.4 4.6.2). */
export function deliverSmResp(sequence: number): PDU {
  return outgoing('deliver_sm_resp', sequence, (seq) => {
    const bytes = Buffer.alloc(HEADER + 1);
    writeHeader(bytes, 'deliver_sm_resp', 0, seq);
    return bytes;
  });
}

/** submit_sm_resp: the message_id when accepted; only the header (no body) with an error status. */
export function submitSmResp(sequence: number, answer: { messageId: string } | { status: number }): PDU {
  return outgoing('submit_sm_resp', sequence, (seq) => {
    if ('status' in answer) {
      const bytes = Buffer.alloc(HEADER);
      writeHeader(bytes, 'submit_sm_resp', answer.status, seq);
      return bytes;
    }
    const bytes = Buffer.alloc(HEADER + cstringLength(answer.messageId));
    writeHeader(bytes, 'submit_sm_resp', 0, seq);
    writeCstring(bytes, HEADER, answer.messageId);
    return bytes;
  });
}

export interface ReceiptPdu extends PduAddresses {
  /** The receipt's text (SMPP 3.4 Appendix B), as sent: GSM default alphabet, ASCII in practice. */
  text: Buffer;
  receiptedMessageId: string;
  messageState: number;
}

/**
 * A delivery receipt: deliver_sm with esm_class 0x04, the Appendix B text and the two receipt TLVs;
 * throws when the text is over the 254 octets short_message holds.
 */
export function receiptDeliverSm(r: ReceiptPdu): PDU {
  const idLength = cstringLength(r.receiptedMessageId);
  const tlvs = Buffer.alloc(4 + idLength + 5);
  tlvs.writeUInt16BE(TLV.receiptedMessageId, 0);
  tlvs.writeUInt16BE(idLength, 2);
  const at = writeCstring(tlvs, 4, r.receiptedMessageId);
  tlvs.writeUInt16BE(TLV.messageState, at);
  tlvs.writeUInt16BE(1, at + 2);
  tlvs[at + 4] = r.messageState;
  return shortMessagePdu('deliver_sm', {
    ...r,
    esmClass: SMSC_RECEIPT,
    registeredDelivery: 0,
    dataCoding: 0, // the SMSC default alphabet
    message: r.text,
    tlvs,
  });
}
