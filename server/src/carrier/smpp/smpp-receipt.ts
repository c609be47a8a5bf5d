// Delivery receipts as SMSCs send them in deliver_sm (SMPP 3.4 appendix B, and the TLVs of 5.3.2).
import type { PDU } from 'smpp';
import type { Receipt, ReceiptState } from '../../core/connector';

const STATES = new Set<ReceiptState>([
  'DELIVRD',
  'UNDELIV',
  'REJECTD',
  'EXPIRED',
  'DELETED',
  'ACCEPTD',
  'ENROUTE',
  'UNKNOWN',
]);
/** message_state TLV values (SMPP 3.4 5.3.2.35). */
const MESSAGE_STATE: Record<number, ReceiptState> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};

const RECEIPT_FLAGS = 0x04 | 0x08 | 0x10 | 0x20; // SMSC receipt, SME ack, manual ack, intermediate

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

/** 'YYMMDDhhmm' or 'YYMMDDhhmmss', read as UTC; null when absent or malformed. */
export function receiptTime(value: string | undefined): number | null {
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)?$/.exec(value ?? '');
  if (!m) return null;
  const [, yy, mo, dd, hh, mi, ss] = m;
  const time = Date.UTC(2000 + Number(yy), Number(mo) - 1, Number(dd), Number(hh), Number(mi), Number(ss ?? 0));
  return Number.isFinite(time) ? time : null;
}

export const isReceipt = (pdu: PDU) =>
  ((Number(pdu.esm_class) || 0) & RECEIPT_FLAGS) !== 0 || typeof pdu.receipted_message_id === 'string';

/** A deliver_sm's receipt, or null when it is not one or names no message id. */
export function parseReceipt(pdu: PDU): Receipt | null {
  if (!isReceipt(pdu)) return null;
  const text = textOf(pdu);
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S*)`, 'i').exec(text)?.[1];
  const tlvId = typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id.trim() : '';
  const carrierId = (tlvId || field('id') || '').slice(0, 65);
  if (!carrierId) return null;
  const tlvState = typeof pdu.message_state === 'number' ? MESSAGE_STATE[pdu.message_state] : undefined;
  const textState = field('stat')?.toUpperCase() as ReceiptState | undefined;
  const state = tlvState ?? (textState && STATES.has(textState) ? textState : 'UNKNOWN');
  return {
    carrierId,
    state,
    error: (field('err') ?? '').slice(0, 10),
    doneAt: receiptTime(field('done date') ?? /done date:(\d{10,12})/i.exec(text)?.[1]),
    to: String(pdu.source_addr ?? '').slice(0, 21),
  };
}
