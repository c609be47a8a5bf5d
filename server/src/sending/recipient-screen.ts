// A send's numbers before pricing (docs/product.md#phone-numbers): canonical, checked, and a regular send's repeats dropped.
import { screenNumbers } from '../../../src/domain/number-screen';
import type { SendAnswer } from '../../../src/domain/contract/send';
import { refuse } from '../core/errors';
import type { SendEnvelope, SendRecipient } from './send-items';

/** The answer names this many numbers set aside; `setaside` counts them all. */
const NAMED_SET_ASIDE = 100;

export type ScreenedSend = {
  kept: SendRecipient[];
  setAside: { number: string; reason: string }[];
  duplicates: number;
};

/** No recipient left: what the first number set aside was, and why. */
export function nothingToSend(setAside: readonly { value: string; reason: string }[]): string {
  const first = setAside[0];
  const why = first ? `${first.value || 'an empty number'}: ${first.reason}` : 'no number given';
  return setAside.length > 1
    ? `No message was sent: none of the ${setAside.length} numbers is a phone number (${why})`
    : `No message was sent: it is not a phone number (${why})`;
}

const isPersonalized = (envelope: SendEnvelope) =>
  envelope.typeandsubtype.trim().toLowerCase().endsWith(':personalized');

/**
 * Sets aside what is not a phone number (never charged, never sent) and, in a regular send, a second recipient
 * of one number however it is written; a personalized send keeps repeats, one message per data row. Each kept
 * recipient keeps its index, so an Idempotency-Key range still names the recipients it was sent with.
 */
export function screenSendNumbers(envelope: SendEnvelope, recipients: readonly SendRecipient[]): ScreenedSend {
  const { kept, setAside, duplicates } = screenNumbers(recipients, isPersonalized(envelope));
  if (kept.length === 0) throw refuse(nothingToSend(setAside));
  return { kept, setAside: setAside.map((s) => ({ number: s.value, reason: s.reason })), duplicates };
}

/** The answer with what was left out, only when something was: `setaside` (how many), their numbers and why, `duplicates`. */
export function withScreening(answer: SendAnswer, screened: ScreenedSend): SendAnswer {
  const extra: Partial<SendAnswer> = {};
  if (screened.setAside.length > 0) {
    extra.setaside = screened.setAside.length;
    extra.setasidenumbers = screened.setAside.slice(0, NAMED_SET_ASIDE);
  }
  if (screened.duplicates > 0) extra.duplicates = screened.duplicates;
  return { ...answer, ...extra };
}
