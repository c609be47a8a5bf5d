// The numbers of SMPP 3.4 both sides use: command ids, TLV tags, esm_class bits, message states,
// command statuses' names.
import smpp from 'smpp';

/** Octets of a PDU's header: command_length, command_id, command_status, sequence_number. */
export const HEADER = 16;

/** Command ids (SMPP 3.4 5.1.2.1) of the PDUs the gateway reads or writes itself. */
export const COMMAND = {
  submit_sm: 0x00000004,
  submit_sm_resp: 0x80000004,
  deliver_sm: 0x00000005,
  deliver_sm_resp: 0x80000005,
} as const;
export type Command = keyof typeof COMMAND;

/** The bit of a command id that marks a response. */
export const isResponseId = (commandId: number) => (commandId & 0x80000000) !== 0;

/** short_message holds at most 254 octets (SMPP 3.4 5.2.21). */
export const MAX_SHORT_MESSAGE = 254;

/** TLV tags (SMPP 3.4 5.3.2). */
export const TLV = {
  receiptedMessageId: 0x001e,
  sarRef: 0x020c,
  sarTotal: 0x020e,
  sarSeq: 0x020f,
  messagePayload: 0x0424,
  messageState: 0x0427,
} as const;

/** esm_class (5.2.12): a receipt or acknowledgement (SMSC receipt, SME ack, manual ack, intermediate). */
export const RECEIPT_FLAGS = 0x04 | 0x08 | 0x10 | 0x20;
/** esm_class: an SMSC delivery receipt. */
export const SMSC_RECEIPT = 0x04;
/** esm_class: short_message starts with a UDH. */
export const UDH_INDICATOR = 0x40;

/** A receipt's final state: its name in the text (Appendix B) and its message_state TLV value (5.3.2.35). */
export const MESSAGE_STATE = {
  ENROUTE: 1,
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  ACCEPTD: 6,
  UNKNOWN: 7,
  REJECTD: 8,
} as const;
export type MessageStateName = keyof typeof MESSAGE_STATE;

const STATE_NAMES = new Map(Object.entries(MESSAGE_STATE).map(([name, value]) => [value, name as MessageStateName]));
/** A message_state value's name; undefined for a value SMPP 3.4 does not define. */
export const messageStateName = (value: number): MessageStateName | undefined => STATE_NAMES.get(value as 1);
/** Whether a receipt's stat is one SMPP 3.4 defines. */
export const isMessageStateName = (stat: string): stat is MessageStateName => Object.hasOwn(MESSAGE_STATE, stat);
/** A receipt's stat as a message_state value: UNKNOWN for any name SMPP 3.4 does not define. */
export const messageStateOf = (stat: string): number =>
  isMessageStateName(stat) ? MESSAGE_STATE[stat] : MESSAGE_STATE.UNKNOWN;

const ERROR_NAMES = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]));
/** A command_status's name (ESME_RTHROTTLED), or its hex when SMPP 3.4 names none. */
export const statusName = (code: number) => ERROR_NAMES.get(code) ?? `0x${code.toString(16).padStart(8, '0')}`;
