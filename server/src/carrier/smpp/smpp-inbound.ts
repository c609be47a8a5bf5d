// Messages from phones as SMSCs send them: a deliver_sm that is not a receipt (smpp-receipt.ts isReceipt).
import type { PDU } from 'smpp';
import type { InboundMessage } from '../../core/inbound';
import { decodeWire } from '../../smpp/concatenation';

/** The text of a message from a phone, whichever way the package decoded it (message_payload when no short_message). */
function textOf(pdu: PDU): string {
  const value = (pdu.short_message ?? pdu.message_payload) as unknown;
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) {
    return decodeWire({
      dataCoding: Number(pdu.data_coding) || 0,
      esmClass: Number(pdu.esm_class) || 0,
      shortMessage: value,
    }).text;
  }
  if (value && typeof value === 'object' && 'message' in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === 'string') return message;
    if (Buffer.isBuffer(message)) return message.toString('latin1');
  }
  return '';
}

/** A deliver_sm from a phone as the gateway stores it. */
export const inboundOf = (connector: string, pdu: PDU): InboundMessage => ({
  connector,
  from: String(pdu.source_addr ?? '').slice(0, 21),
  to: String(pdu.destination_addr ?? '').slice(0, 21),
  text: textOf(pdu),
});
