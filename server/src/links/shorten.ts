import { refuse } from '../core/errors';
import { yieldToLoop } from '../core/event-loop';
import { linksIn, longUrlProblem, NO_LINK_TO_SHORTEN, shortenedText } from '../../../src/domain/links/short-links';
import { newShortCode } from './codes';

/** A web address of a recipient's text and the code its short link got. */
export interface LinkCode {
  code: string;
  url: string;
}

/** A recipient as a send prepares it: its index, text, encoding and parts. */
interface Shortenable {
  index: number;
  text: string;
  unicode: boolean;
  parts: number;
}

/** A text cut around its web addresses: `pieces` has one more entry than `urls` (the text between them). */
interface CutText {
  urls: string[];
  /** Null when the text holds the mark itself: each recipient's text is then shortened whole. */
  pieces: string[] | null;
  /** The text with stand-in codes: it measures as every recipient's shortened text does. */
  measuredAs: string;
  measured: { unicode: boolean; parts: number };
}

/** Recipients shortened between two yields to the event loop. */
const STEP = 500;
/** Distinct texts cut and kept at once: a regular send has one, a personalized one many (cut each time). */
const KEPT_TEXTS = 100;
const MARK = '\u0000';

/**
 * A text cut around its web addresses, each checked (a bad one refuses the whole send with its reason);
 * the cut is made once per distinct text, so 100,000 recipients of one text cost one regular expression.
 */
function cut(text: string, unicode: boolean, host: string, measure: Measure): CutText {
  const urls = linksIn(text);
  for (const url of urls) {
    const problem = longUrlProblem(url);
    if (problem) throw refuse(problem);
  }
  const pieces = shortenedText(text, host, () => MARK).split(`https://${host}/l/${MARK}`);
  const measuredAs = shortenedText(text, host);
  const whole = pieces.length === urls.length + 1;
  return { urls, pieces: whole ? pieces : null, measuredAs, measured: measure(measuredAs, unicode) };
}

/** A cut text put together again with its codes. */
function joined(pieces: readonly string[], prefix: string, codes: readonly LinkCode[]): string {
  let text = pieces[0]!;
  for (let k = 0; k < codes.length; k += 1) text += prefix + codes[k]!.code + pieces[k + 1]!;
  return text;
}

/**
 * A recipient with its shortened text and what it measures as: a copy then four stores, which V8 makes
 * several times faster than a spread that overrides properties (100,000 recipients a send).
 */
function withText<R extends Shortenable>(
  r: R,
  text: string,
  measuredAs: string,
  measured: { unicode: boolean; parts: number },
): R & { measuredAs: string; parts: number } {
  const out = Object.assign({}, r) as R & { measuredAs: string };
  out.text = text;
  out.measuredAs = measuredAs;
  out.unicode = measured.unicode;
  out.parts = measured.parts;
  return out;
}

/** The encoding and parts of a text as the send counts them. */
export type Measure = (text: string, unicode: boolean) => { unicode: boolean; parts: number };

/**
 * Each recipient's text with every web address replaced by its own short link on `host` (a fresh
 * random code per recipient and address), its parts counted with the short links (`measure`), and
 * those codes; `measuredAs` is the text with stand-in codes, which measures the same (codes have one
 * length and alphabet). Refused when no text has a link.
 */
export async function shortenRecipients<R extends Shortenable>(
  recipients: readonly R[],
  host: string,
  measure: Measure,
): Promise<{ recipients: (R & { measuredAs: string; parts: number })[]; links: Map<number, LinkCode[]> }> {
  const cuts = new Map<string, CutText>();
  const links = new Map<number, LinkCode[]>();
  const out: (R & { measuredAs: string; parts: number })[] = [];
  const prefix = `https://${host}/l/`;
  let last: { text: string; unicode: boolean; cut: CutText } | null = null;
  for (const [i, r] of recipients.entries()) {
    if (i > 0 && i % STEP === 0) await yieldToLoop();
    // Recipients of one item share its text: the last cut is taken without hashing the text again.
    let c: CutText | undefined = last && last.text === r.text && last.unicode === r.unicode ? last.cut : undefined;
    if (!c) {
      const key = `${r.unicode ? 1 : 0}${r.text}`;
      c = cuts.get(key);
      if (!c) {
        c = cut(r.text, r.unicode, host, measure);
        if (cuts.size < KEPT_TEXTS) cuts.set(key, c);
      }
      last = { text: r.text, unicode: r.unicode, cut: c };
    }
    if (c.urls.length === 0) {
      out.push(withText(r, r.text, r.text, r));
      continue;
    }
    const codes = c.urls.map((url) => ({ code: newShortCode(), url }));
    links.set(r.index, codes);
    const text = c.pieces ? joined(c.pieces, prefix, codes) : shortenedText(r.text, host, (k) => codes[k]!.code);
    out.push(withText(r, text, c.measuredAs, c.measured));
  }
  if (links.size === 0) throw refuse(NO_LINK_TO_SHORTEN);
  return { recipients: out, links };
}
