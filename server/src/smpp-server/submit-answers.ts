// What a submit_sm is asked and answered (docs/smpp.md#sending): the request the submit desk takes,
// its answer (the message_id, or an SMPP command status), and the send path's refusals as statuses.
import type { GatewayContext } from '../core/context';
import { Refusal } from '../core/errors';

/** The SMPP command statuses a submit may be answered with. */
export type SubmitStatus =
  | 'ESME_RSUBMITFAIL'
  | 'ESME_RSYSERR'
  | 'ESME_RINVMSGLEN'
  | 'ESME_RINVSRCADR'
  | 'ESME_RINVDSTADR'
  | 'ESME_RTHROTTLED'
  | 'ESME_RINVSCHED'
  | 'ESME_RINVEXPIRY'
  | 'ESME_RMSGQFUL';

export type SubmitAnswer = { ok: true; messageId: string } | { ok: false; status: SubmitStatus; reason: string };

export interface SubmitRequest {
  profileId: number;
  source: string;
  /** Canonical, checked by the caller. */
  destination: string;
  dataCoding: number;
  /** This part's text bytes, without UDH. */
  bytes: Buffer;
  /** The concatenation reference of a part of a long message; null for a whole message. */
  ref: number | null;
  seq: number;
  total: number;
  registeredDelivery: number;
  dueAt: number | null;
  expiresAt: number | null;
  /** The account's parts per second, shared by every instance (rate.ts). */
  throughput: number;
  /** The parts this submit counts for the throughput: one per submit_sm, a message_payload's own. */
  parts: number;
  /** The account's SMPP daily spending cap (credits), null or left out for none. */
  dailyCap?: number | null;
}

/** The message_id of a submit (docs/smpp.md#ids): its row's id in decimal, the same in every receipt. */
export const messageIdOf = (submitId: number) => String(submitId);

/** Preview of the text in receipts (SMPP 3.4 Appendix B: the first 20 characters). */
const PREVIEW = 20;
/** The preview never ends in half an emoji: a lone surrogate is text no database stores (core/storable-text.ts). */
export const previewOf = (text: string) => text.slice(0, PREVIEW).replace(/[\uD800-\uDBFF]$/, '');

/** A refusal of the send path as an SMPP status; anything else is a fault of the gateway. */
function statusOf(error: unknown): { status: SubmitStatus; reason: string } | null {
  if (!(error instanceof Refusal)) return null;
  if (error.kind === 'too-many-attempts') return { status: 'ESME_RTHROTTLED', reason: error.message };
  // The account was deleted while bound.
  if (error.kind === 'not-found') return { status: 'ESME_RSYSERR', reason: error.message };
  if (/too long/i.test(error.message)) return { status: 'ESME_RINVMSGLEN', reason: error.message };
  if (/sender id/i.test(error.message)) return { status: 'ESME_RINVSRCADR', reason: error.message };
  return { status: 'ESME_RSUBMITFAIL', reason: error.message };
}

/** What a submit the send path could not take is answered; a fault of the gateway is reported. */
export function refusalOf(ctx: GatewayContext, error: unknown): SubmitAnswer {
  const known = statusOf(error);
  if (known) return { ok: false, ...known };
  ctx.reportError?.('SMPP submit failed', error);
  return { ok: false, status: 'ESME_RSYSERR', reason: 'the gateway could not store the message' };
}
