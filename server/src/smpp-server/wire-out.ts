// The PDUs the SMPP server sends for every submit (docs/smpp.md): its submit_sm_resp and its receipt's
// deliver_sm, encoded straight into their bytes (SMPP 3.4 4.4.2 and 4.6.1). The `smpp` package's
// generic encoder took 6 and 30 µs a PDU here, on the path of each submit. Each is given to the
// package's Session.send as a PDU whose bytes are made once the session has numbered it.
import type { PDU } from 'smpp';
import type { SmppAddresses } from './wire';

const SUBMIT_SM_RESP = 0x80000004;
const DELIVER_SM = 0x00000005;
const HEADER = 16;
/** TLV tags (SMPP 3.4 5.3.2.12 and 5.3.2.35). */
const RECEIPTED_MESSAGE_ID = 0x001e;
const MESSAGE_STATE = 0x0427;
/** short_message holds at most 254 octets (SMPP 3.4 5.2.21). */
const MAX_SHORT_MESSAGE = 254;

/** The bytes of a C-octet string: its ASCII characters and the NUL after them. */
const cstringLength = (text: string) => Buffer.byteLength(text, 'latin1') + 1;

function header(bytes: Buffer, commandId: number, status: number, sequence: number) {
  bytes.writeUInt32BE(bytes.length, 0);
  bytes.writeUInt32BE(commandId, 4);
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
  command_id = 0;
  command_status = 0;

  constructor(
    readonly command: string,
    private readonly answer: boolean,
    public sequence_number: number,
    private readonly encode: (sequence: number) => Buffer,
  ) {}

  isResponse() {
    return this.answer;
  }

  response(): never {
    throw new Error(`${this.command} is sent, never answered here`);
  }

  toBuffer() {
    return this.encode(this.sequence_number);
  }
}

const outgoing = (command: string, response: boolean, sequence: number, encode: (sequence: number) => Buffer) =>
  new Outgoing(command, response, sequence, encode) as unknown as PDU;

/** submit_sm_resp: the message_id when accepted; only the header (no body) with an error status. */
export function submitSmResp(sequence: number, answer: { messageId: string } | { status: number }): PDU {
  return outgoing('submit_sm_resp', true, sequence, (seq) => {
    if ('status' in answer) {
      const bytes = Buffer.alloc(HEADER);
      header(bytes, SUBMIT_SM_RESP, answer.status, seq);
      return bytes;
    }
    const bytes = Buffer.alloc(HEADER + cstringLength(answer.messageId));
    header(bytes, SUBMIT_SM_RESP, 0, seq);
    writeCstring(bytes, HEADER, answer.messageId);
    return bytes;
  });
}

export interface ReceiptPdu extends SmppAddresses {
  /** The receipt's text (SMPP 3.4 Appendix B), as sent: GSM default alphabet, ASCII in practice. */
  text: Buffer;
  receiptedMessageId: string;
  messageState: number;
}

/** A delivery receipt: deliver_sm with esm_class 0x04, the Appendix B text and the two receipt TLVs. */
export function receiptDeliverSm(r: ReceiptPdu): PDU {
  if (r.text.length > MAX_SHORT_MESSAGE) throw new Error(`a receipt's text is ${r.text.length} octets, over 254`);
  const length =
    HEADER +
    1 + // service_type ""
    2 +
    cstringLength(r.source) +
    2 +
    cstringLength(r.destination) +
    3 + // esm_class, protocol_id, priority_flag
    2 + // schedule_delivery_time "", validity_period ""
    4 + // registered_delivery, replace_if_present_flag, data_coding, sm_default_msg_id
    1 +
    r.text.length +
    4 +
    cstringLength(r.receiptedMessageId) +
    4 +
    1;
  return outgoing('deliver_sm', false, 0, (seq) => {
    const bytes = Buffer.alloc(length);
    header(bytes, DELIVER_SM, 0, seq);
    let at = HEADER;
    at = writeCstring(bytes, at, '');
    bytes[at++] = r.sourceTon;
    bytes[at++] = r.sourceNpi;
    at = writeCstring(bytes, at, r.source);
    bytes[at++] = r.destTon;
    bytes[at++] = r.destNpi;
    at = writeCstring(bytes, at, r.destination);
    bytes[at++] = 0x04; // esm_class: SMSC delivery receipt
    bytes[at++] = 0; // protocol_id
    bytes[at++] = 0; // priority_flag
    at = writeCstring(bytes, at, '');
    at = writeCstring(bytes, at, '');
    bytes[at++] = 0; // registered_delivery
    bytes[at++] = 0; // replace_if_present_flag
    bytes[at++] = 0; // data_coding: the SMSC default alphabet
    bytes[at++] = 0; // sm_default_msg_id
    bytes[at++] = r.text.length;
    at += r.text.copy(bytes, at);
    bytes.writeUInt16BE(RECEIPTED_MESSAGE_ID, at);
    bytes.writeUInt16BE(cstringLength(r.receiptedMessageId), at + 2);
    at = writeCstring(bytes, at + 4, r.receiptedMessageId);
    bytes.writeUInt16BE(MESSAGE_STATE, at);
    bytes.writeUInt16BE(1, at + 2);
    bytes[at + 4] = r.messageState;
    return bytes;
  });
}
