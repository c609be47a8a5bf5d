// Why a message did not arrive, in words a business owner understands: the carrier's error codes and
// receipt states mapped to reasons (the status page's rows and the report's failure breakdown).

/** What a receipt's final state says (SMPP 3.4 receipts: stat:EXPIRED and the rest). */
const RECEIPT_STATES: Record<string, string> = {
  EXPIRED: 'The phone was off or out of coverage until the network gave up',
  UNDELIV: 'The network could not deliver it',
  REJECTD: 'The network refused it',
  DELETED: 'The network deleted it before delivery',
  UNKNOWN: 'The network does not know what happened to it',
};

/**
 * The error codes of delivery receipts (err:NNN), which SMSCs fill with the GSM MAP error that ended
 * the delivery (3GPP TS 29.002), and the SMPP command statuses a refusal names (SMPP 3.4 5.1.3).
 */
const ERROR_CODES: Record<string, string> = {
  '001': 'The number does not exist on the network',
  '005': 'The number is not recognised by the network',
  '006': 'The phone was off or out of coverage',
  '009': 'The number is barred by the network',
  '011': 'The number cannot receive SMS',
  '012': 'The phone cannot receive SMS',
  '013': 'The number is barred from receiving messages',
  '021': 'The network does not support this message',
  '027': 'The phone was off or out of coverage',
  '031': 'The phone was busy',
  '032': 'The phone could not take the message (its memory may be full)',
  '033': 'The phone could not take the message (its memory may be full)',
  '034': 'The network had a failure',
  '036': 'The network had a failure',
};

const SMPP_STATUSES: Record<string, string> = {
  ESME_RINVDSTADR: 'The number is not a valid mobile number',
  ESME_RINVSRCADR: 'The sender ID was refused by the network',
  ESME_RTHROTTLED: 'The network was busy and refused it',
  ESME_RMSGQFUL: 'The network was busy and refused it',
  ESME_RX_T_APPN: 'The network refused it for now',
  ESME_RX_P_APPN: 'The network refused it',
  ESME_RSUBMITFAIL: 'The network refused it',
  ESME_RSYSERR: 'The network had a failure',
  ESME_RINVMSGLEN: 'The message was too long for the network',
};

/** A refusal before the carrier took it, or an expiry without a receipt (server/src/carrier). */
const NO_RECEIPT = 'No delivery report came from the network';
const GENERIC = 'The network could not deliver it';

/** The failure reason in words of a FAILED or UNKNOWN recipient; '' for any other status. */
export function failureReason(status: string, error: string, receiptState = ''): string {
  if (status === 'UNKNOWN') return NO_RECEIPT;
  if (status !== 'FAILED') return '';
  const text = error.trim();
  // A refusal is recorded as '<command_status> <name>' (carrier/parts/part-outcomes.ts).
  const name = /\bESME_\w+/.exec(text)?.[0];
  if (name) return SMPP_STATUSES[name] ?? 'The network refused it';
  if (/^cannot encode/i.test(text.replace(/^\d+\s+/, ''))) return 'The text could not be encoded for the network';
  const code = /^\d{1,3}$/.test(text) ? text.padStart(3, '0') : '';
  if (code && ERROR_CODES[code]) return ERROR_CODES[code];
  const state = RECEIPT_STATES[receiptState.toUpperCase()];
  if (state) return state;
  return GENERIC;
}
