import type { InboundMessage } from './inbound';

/**
 * What every carrier connector offers the dispatcher (delivery.ts): the simulator in dev mode and
 * tests, SMPP 3.4 for real. A connector sends message parts the dispatcher has already saved as
 * 'submitting'; it never decides on its own to send a part twice.
 */

/** One carrier part, ready for the wire: one wire segment of a recipient's text (smpp/segments.ts). */
export interface OutgoingPart {
  /** carrier_parts.id: the durable id of this part. */
  partId: number;
  /** Destination in international form without '+' (sent with TON 1, NPI 1): 233244000001. */
  to: string;
  /** The sender ID as approved: alphanumeric ('DEMO') or a number (then international, 233...). */
  from: string;
  /** source_addr_ton / _npi: 5 / 0 for an alphanumeric sender, 1 / 1 for an international number. */
  fromTon: number;
  fromNpi: number;
  /** 0 (GSM 03.38, unpacked septets) or 8 (UCS-2 big-endian). */
  dataCoding: 0 | 8;
  /** 0x40 when shortMessage starts with a UDH (concatenated parts). */
  esmClass: number;
  /** UDH (when any) followed by the encoded text of this part. */
  shortMessage: Buffer;
  /** The recipient this part belongs to, for the simulator's dev inbox and the logs. */
  meta: PartMeta;
}

export interface PartMeta {
  recipientId: number;
  /** The number as the send gave it (the dev inbox and the simulator's rules read this form). */
  number: string;
  messageId: number | null;
  jobId: string | null;
  recipientIndex: number | null;
  /** When the recipient was accepted (the simulator reports a fixed delay after it); null for a system text. */
  queuedAt: number | null;
  /** 1-based part number and the number of parts of this recipient's text. */
  seq: number;
  total: number;
  /** The recipient's whole text (every part carries it; the simulator logs it once, on part 1). */
  text: string;
  unicode: boolean;
}

/**
 * How one submit ended:
 * - accepted: the carrier took it and gave its message id;
 * - rejected: a permanent error (code in the status row): the part is FAILED, never retried;
 * - retry: the part was not written to the wire (link down, connector stopping): it may be sent later;
 * - in-doubt: it was written and no answer came (timeout, link dropped): never resubmitted.
 */
export type SubmitOutcome =
  | { kind: 'accepted'; carrierId: string }
  | { kind: 'rejected'; code: number; reason: string }
  | { kind: 'retry'; reason: string }
  | { kind: 'in-doubt'; reason: string };

/** Final and intermediate receipt states (SMPP 3.4 appendix B 'stat:'). */
export type ReceiptState =
  'DELIVRD' | 'UNDELIV' | 'REJECTD' | 'EXPIRED' | 'DELETED' | 'ACCEPTD' | 'ENROUTE' | 'UNKNOWN';

/** A delivery receipt, as the carrier reported it. */
export interface Receipt {
  /** The carrier's message id as the receipt spells it (hex or decimal: matching tries both). */
  carrierId: string;
  state: ReceiptState;
  /** The receipt's 'err:' field or network error code, '' when none. */
  error: string;
  /** When the carrier says it was done (ms), or null when the receipt does not say. */
  doneAt: number | null;
  /** The receipt's source address: the original destination (233...), for in-doubt parts. */
  to: string;
}

/**
 * Stores receipts. It resolves only once they are in the database: the connector answers
 * deliver_sm_resp after that, so a crash before it makes the carrier send the receipt again.
 */
export type ReceiptSink = (receipts: readonly Receipt[]) => Promise<void>;

/** Stores messages from phones (core/inbound.ts); resolves once stored, so the connector may answer the carrier. */
export type InboundSink = (messages: readonly InboundMessage[]) => Promise<void>;

export interface ConnectorHealth {
  name: string;
  kind: 'sim' | 'smpp';
  bound: boolean;
  /** Submits written and not yet answered. */
  inFlight: number;
  /** Submits answered per second over the last few seconds. */
  sentPerSecond: number;
  /** True while the carrier asked us to slow down (ESME_RTHROTTLED / ESME_RMSGQFUL). */
  throttled: boolean;
  submitted: number;
  accepted: number;
  rejected: number;
  inDoubt: number;
  errors: number;
  receipts: number;
  reconnects: number;
  lastError: string;
}

export interface Connector {
  readonly name: string;
  readonly kind: 'sim' | 'smpp';
  /**
   * Binds (SMPP) and starts delivering receipts to the sink, and messages from phones to `inbound`.
   * Resolves once started, bound or not.
   */
  start(sink: ReceiptSink, inbound?: InboundSink): Promise<void>;
  /** Unbinds and closes; parts still waiting for a slot end as 'retry', written ones as 'in-doubt'. */
  stop(): Promise<void>;
  /** How many parts submit() would put on the wire now without waiting (0 while unbound or throttled). */
  freeSlots(): number;
  /**
   * Resolves when a slot is free, or after `ms` at the latest: the dispatcher waits here instead of
   * polling freeSlots().
   */
  waitForSlot(ms: number): Promise<void>;
  /** Sends one part; resolves with its outcome. Parts submitted in order go on the wire in order. */
  submit(part: OutgoingPart): Promise<SubmitOutcome>;
  health(): ConnectorHealth;
}
