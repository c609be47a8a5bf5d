// A send's numbers before pricing (docs/product.md#phone-numbers): canonical, checked, and a regular send's repeats dropped.
import { checkPhoneNumber, numberScreen } from '../../../src/domain/numbers/number-screen';
import type { SendAnswer } from '../../../src/domain/contract/send';
import { refuse } from '../core/errors';
import { forEachInSteps, mapInSteps } from '../core/event-loop';
import type { Executor } from '../db/database';
import type { MessageRow } from '../db/schema-messaging';
import type { NewRecipient } from '../messaging/message-store';
import { numbersHeldOutside } from '../messaging/recipient-numbers';
import { isPersonalizedType } from '../../../src/domain/messages/personalize';
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

const isPersonalized = (envelope: SendEnvelope) => isPersonalizedType(envelope.typeandsubtype);

const canonicalIfValid = (r: SendRecipient): SendRecipient => {
  const checked = checkPhoneNumber(r.number);
  return checked.ok && checked.number !== r.number ? { ...r, number: checked.number } : r;
};

/** Numbers screened between two yields to the event loop (a few milliseconds' work, 20 and more with a GC). */
const SCREEN_STEP = 2000;

/**
 * `asGiven` (the integrators' API, which checks its numbers and answers one message per number it was given:
 * docs/api-v1.md#sending) only makes each number canonical. Otherwise: sets aside what is not a phone number (never charged, never sent) and, in a regular send, a second recipient
 * of one number however it is written; a personalized send keeps repeats, one message per data row. Each kept
 * recipient keeps its index, so an Idempotency-Key range still names the recipients it was sent with.
 * SCREEN_STEP numbers at a time: 100,000 held the event loop 110 to 150 ms at once.
 */
export async function screenSendNumbers(
  envelope: SendEnvelope,
  recipients: readonly SendRecipient[],
  asGiven = false,
): Promise<ScreenedSend> {
  if (asGiven)
    return { kept: await mapInSteps(recipients, SCREEN_STEP, canonicalIfValid), setAside: [], duplicates: 0 };
  const screen = numberScreen<SendRecipient>(isPersonalized(envelope));
  await forEachInSteps(recipients, SCREEN_STEP, (r, i) => screen.take(r, i));
  const { kept, setAside, duplicates } = screen.screened;
  if (kept.length === 0) throw refuse(nothingToSend(setAside));
  return { kept, setAside: setAside.map((s) => ({ number: s.value, reason: s.reason })), duplicates };
}

/**
 * A regular send's batch without the numbers an earlier batch of its job already holds (counted as duplicates),
 * so a send cut into batches charges and sends each number once. A new message holds nothing yet: no query.
 */
export async function withoutEarlierBatches<T extends NewRecipient>(
  db: Executor,
  message: Pick<MessageRow, 'id' | 'posted'>,
  envelope: SendEnvelope,
  recipients: readonly T[],
  screened: ScreenedSend,
): Promise<{ recipients: readonly T[]; screened: ScreenedSend }> {
  if (message.posted === 0 || isPersonalized(envelope) || recipients.length === 0) return { recipients, screened };
  const indices = recipients.map((r) => r.index);
  const held = await numbersHeldOutside(
    db,
    message.id,
    recipients.map((r) => r.number),
    Math.min(...indices),
    Math.max(...indices),
  );
  if (held.size === 0) return { recipients, screened };
  const kept = recipients.filter((r) => !held.has(r.number));
  return {
    recipients: kept,
    screened: { ...screened, duplicates: screened.duplicates + recipients.length - kept.length },
  };
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
