// Delivery receipts as SMSCs send them in deliver_sm (SMPP 3.4 appendix B, and the TLVs of 5.3.2).
import type { PDU } from 'smpp';
import type { Receipt, ReceiptState } from '../../core/connector';
import { isMessageStateName, messageStateName, RECEIPT_FLAGS } from '../../smpp/protocol';
import { receiptDoneAt, receiptField } from '../../smpp/receipt-text';

/** The short message's text, whichever way the package decoded it. */
function textOf(pdu: PDU): string {
  const value = pdu.short_message as unknown;
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  if (value && typeof value === 'object' && 'message' in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === 'string') return message;
    if (Buffer.isBuffer(message)) return message.toString('latin1');
  }
  return '';
}

export const isReceipt = (pdu: PDU) =>
  ((Number(pdu.esm_class) || 0) & RECEIPT_FLAGS) !== 0 || typeof pdu.receipted_message_id === 'string';

/** A deliver_sm's receipt, or null when it is not one or names no message id. */
export function parseReceipt(pdu: PDU): Receipt | null {
  if (!isReceipt(pdu)) return null;
  const text = textOf(pdu);
  const tlvId = typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id.trim() : '';
  const carrierId = (tlvId || receiptField(text, 'id') || '').slice(0, 65);
  if (!carrierId) return null;
  const tlvState = typeof pdu.message_state === 'number' ? messageStateName(pdu.message_state) : undefined;
  const textState = receiptField(text, 'stat')?.toUpperCase();
  const state: ReceiptState = tlvState ?? (textState && isMessageStateName(textState) ? textState : 'UNKNOWN');
  return {
    carrierId,
    state,
    error: (receiptField(text, 'err') ?? '').slice(0, 10),
    doneAt: receiptDoneAt(text),
    to: String(pdu.source_addr ?? '').slice(0, 21),
  };
}
