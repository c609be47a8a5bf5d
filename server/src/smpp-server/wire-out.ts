// The PDUs the SMPP server sends for every submit (docs/smpp.md): its submit_sm_resp and its receipt's
// deliver_sm, encoded straight into their bytes by the gateway's own encoder (carrier/smpp/pdu-out.ts).
import type { PDU } from 'smpp';
import { cstringLength, HEADER, outgoing, shortMessagePdu, writeCstring, writeHeader } from '../carrier/smpp/pdu-out';
import type { SmppAddresses } from './wire';

/** TLV tags (SMPP 3.4 5.3.2.12 and 5.3.2.35). */
const RECEIPTED_MESSAGE_ID = 0x001e;
const MESSAGE_STATE = 0x0427;

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

export interface ReceiptPdu extends SmppAddresses {
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
  tlvs.writeUInt16BE(RECEIPTED_MESSAGE_ID, 0);
  tlvs.writeUInt16BE(idLength, 2);
  const at = writeCstring(tlvs, 4, r.receiptedMessageId);
  tlvs.writeUInt16BE(MESSAGE_STATE, at);
  tlvs.writeUInt16BE(1, at + 2);
  tlvs[at + 4] = r.messageState;
  return shortMessagePdu('deliver_sm', {
    ...r,
    esmClass: 0x04, // SMSC delivery receipt
    registeredDelivery: 0,
    dataCoding: 0, // the SMSC default alphabet
    message: r.text,
    tlvs,
  });
}
