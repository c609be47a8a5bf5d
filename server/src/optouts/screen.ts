import type { Executor } from '../db/database';
import { refuse } from '../core/errors';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';
import { needsUnicode, OUT_OF_RANGE_PARTS, smsLength, smsParts } from '../../../src/domain/messages/sms';
import { withOptOutLink } from '../../../src/domain/numbers/opt-out';
import { isMaskedPhone } from '../../../src/domain/account/person-data';
import { mapInSteps } from '../core/event-loop';
import { linkCodes } from './links';
import { suppressedAmong } from './suppression';

/** Recipients screened between two yields to the event loop (a few milliseconds' work). */
const STEP = 5000;

/** A recipient as a send prepares it (messaging's NewRecipient has these fields). */
interface Screened {
  number: string;
  text: string;
  unicode: boolean;
  parts: number;
  optedOut?: boolean;
  /** A text that measures the same as `text` (its short links' codes as stand-ins): measured once for many. */
  measuredAs?: string;
}

/** Encoding and parts of a text with its opt-out link; refused past 9 parts, as any text is. */
export function measureWithLink(text: string, unicodeFlag: boolean, host: string) {
  const full = withOptOutLink(text, host);
  const unicode = unicodeFlag || needsUnicode(full);
  const length = smsLength(full, unicode);
  const parts = smsParts(length);
  if (parts >= OUT_OF_RANGE_PARTS) {
    throw refuse(
      `Message is too long with its opt-out link: ${length} characters${unicode ? ' (unicode)' : ''} is out of range (at most 9 parts)`,
    );
  }
  return { unicode, parts };
}

/**
 * A send's recipients before they are stored: those on the account's suppression list are marked
 * `optedOut` (messaging stores them as OPTED_OUT, never queued or charged), and with `linkHost` every
 * other one's text ends with its own opt-out link on that host (its parts counted with it).
 */
export async function screenRecipients<R extends Screened>(
  db: Executor,
  profileId: number,
  recipients: readonly R[],
  linkHost: string | null,
  now: number,
): Promise<R[]> {
  const suppressed = await suppressedAmong(
    db,
    profileId,
    recipients.map((r) => r.number),
  );
  if (!linkHost) {
    if (suppressed.size === 0) return [...recipients];
    return mapInSteps(recipients, STEP, (r) =>
      suppressed.has(canonicalPhone(r.number)) ? { ...r, optedOut: true } : r,
    );
  }
  const canonical = await mapInSteps(recipients, STEP, (r) => canonicalPhone(r.number));
  const codes = await linkCodes(
    db,
    profileId,
    canonical.filter((n) => !suppressed.has(n)),
    now,
  );
  const measured = new Map<string, { unicode: boolean; parts: number }>();
  return mapInSteps(recipients, STEP, (r, i) => {
    const number = canonical[i]!;
    if (suppressed.has(number)) return { ...r, optedOut: true };
    const key = `${r.unicode ? 1 : 0}:${r.measuredAs ?? r.text}`;
    let m = measured.get(key);
    if (!m) {
      m = measureWithLink(r.measuredAs ?? r.text, r.unicode, linkHost);
      measured.set(key, m);
    }
    return { ...r, text: withOptOutLink(r.text, linkHost, codes.get(number)!), ...m };
  });
}

/** A registration's templates for one run, as messaging reads them. */
interface Template {
  recipient_index: number;
  number: string;
  parts: number;
  paid: number;
}

/**
 * Which of a run's templates are on the account's suppression list now (a number that opted out
 * after the registration is skipped from then on), and what they would have cost: `unpaid` parts
 * the run no longer charges, `prepaid` parts paid at registration that go back to the balance.
 */
export async function skippedTemplates(db: Executor, profileId: number, templates: readonly Template[]) {
  const suppressed = await suppressedAmong(
    db,
    profileId,
    templates.map((t) => t.number),
  );
  // A number masked by an erasure (docs/compliance.md#a-persons-data) is never sent to again.
  const skipped = templates.filter((t) => isMaskedPhone(t.number) || suppressed.has(canonicalPhone(t.number)));
  return {
    indices: skipped.map((t) => t.recipient_index),
    parts: skipped.reduce((n, t) => n + t.parts, 0),
    unpaid: skipped.reduce((n, t) => n + (t.paid ? 0 : t.parts), 0),
    prepaid: skipped.reduce((n, t) => n + (t.paid ? t.parts : 0), 0),
  };
}

/**
 * screenRecipients without opt-out links, from the account's suppressed numbers read beforehand
 * (suppression.ts suppressedAmong): those recipients are marked `optedOut`.
 */
export function markSuppressed<R extends Screened>(recipients: readonly R[], suppressed: ReadonlySet<string>): R[] {
  if (suppressed.size === 0) return [...recipients];
  return recipients.map((r) => (suppressed.has(canonicalPhone(r.number)) ? { ...r, optedOut: true } : r));
}
