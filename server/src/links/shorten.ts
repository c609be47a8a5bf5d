import { refuse } from '../core/errors';
import { yieldToLoop } from '../core/event-loop';
import { linksIn, longUrlProblem, NO_LINK_TO_SHORTEN, shortenedText } from '../../../src/domain/links/short-links';
import { newShortCode } from './codes';

/** A web address of a recipient's text and the code its short link got. */
export interface LinkCode {
  code: string;
  url: string;
}

/** A recipient as a send prepares it: its index and text. */
interface Shortenable {
  index: number;
  text: string;
}

/** Recipients shortened between two yields to the event loop. */
const STEP = 2000;

/** Checks each distinct web address once; a bad one refuses the whole send with its reason. */
function checkedLinks(text: string, checked: Set<string>): string[] {
  const urls = linksIn(text);
  for (const url of urls) {
    if (checked.has(url)) continue;
    const problem = longUrlProblem(url);
    if (problem) throw refuse(problem);
    checked.add(url);
  }
  return urls;
}

/**
 * Each recipient's text with every web address replaced by its own short link on `host` (a fresh
 * random code per recipient and address), and those codes; `measuredAs` is the text with stand-in
 * codes, which measures the same (codes have one length and alphabet). Refused when no text has a link.
 */
export async function shortenRecipients<R extends Shortenable>(
  recipients: readonly R[],
  host: string,
): Promise<{ recipients: (R & { measuredAs: string })[]; links: Map<number, LinkCode[]> }> {
  const checked = new Set<string>();
  const links = new Map<number, LinkCode[]>();
  const out: (R & { measuredAs: string })[] = [];
  // Most sends give every recipient the same text: its stand-in form is made once.
  const standIn = new Map<string, string>();
  for (const [i, r] of recipients.entries()) {
    if (i > 0 && i % STEP === 0) await yieldToLoop();
    const urls = checkedLinks(r.text, checked);
    if (urls.length === 0) {
      out.push({ ...r, measuredAs: r.text });
      continue;
    }
    const codes = urls.map((url) => ({ code: newShortCode(), url }));
    links.set(r.index, codes);
    let measuredAs = standIn.get(r.text);
    if (measuredAs === undefined) {
      measuredAs = shortenedText(r.text, host);
      if (standIn.size < 100) standIn.set(r.text, measuredAs);
    }
    out.push({ ...r, text: shortenedText(r.text, host, (k) => codes[k]!.code), measuredAs });
  }
  if (links.size === 0) throw refuse(NO_LINK_TO_SHORTEN);
  return { recipients: out, links };
}
