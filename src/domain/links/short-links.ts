// Branded short links with click tracking (docs/product.md#short-links): the rules the app and the gateway share.

/** The path a short link opens on the tenant's host. */
export const SHORT_LINK_PATH = '/l/';
/** A short link's code: this many characters of a 62-letter alphabet (62^7 ≈ 3.5 x 10^12 codes). */
export const SHORT_CODE_LENGTH = 7;
export const SHORT_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Built once: a regular expression built at each call cost a busy redirect about 3% of its time. */
const SHORT_CODE = new RegExp(`^[A-Za-z0-9]{${SHORT_CODE_LENGTH}}$`);
export const isShortCode = (code: string): boolean => SHORT_CODE.test(code);
/** A short link works this long after its send; then its page names the sender and goes nowhere. */
export const SHORT_LINK_LIFETIME_MS = 90 * 24 * 3_600_000;
/**
 * An expired link shows its page this long more; then the gateway's hourly sweep deletes it (a plain
 * 404 from then on, as for a code never made). Its clicks stay with the message's report.
 */
export const SHORT_LINK_GRACE_MS = 30 * 24 * 3_600_000;
/** The longest web address a send may shorten (a text holds at most 1,377 characters). */
export const MAX_LONG_URL = 1000;
/** A click this soon after the recipient's delivery receipt is a phone's or carrier's previewer, not a person. */
export const PREVIEW_WINDOW_MS = 1000;

/** The send form's switch. */
export const SHORTEN_LINKS_LABEL = 'Shorten links and count clicks';
/** A registration's text cannot change once its recipients' texts carry their own short links. */
export const SHORT_LINKED_TEXT_FIXED =
  'This send carries short links in its texts, so its text cannot be changed: delete it and send the new text instead';
export const NO_LINK_TO_SHORTEN =
  'This text has no link to shorten: write the web address in full, starting with http:// or https://';

/** A web address in a text: http:// or https:// up to the next space; trailing punctuation is the sentence's. */
const LINK_IN_TEXT = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = '.,;:!?\'"]}';

/** A matched address without the sentence's punctuation after it; a closing bracket stays when it closes one of the address's own. */
function trimTrailing(match: string): string {
  let url = match;
  for (;;) {
    const last = url.at(-1);
    if (last === undefined) return url;
    const unbalanced = last === ')' && url.split('(').length < url.split(')').length;
    if (!TRAILING.includes(last) && !unbalanced) return url;
    url = url.slice(0, -1);
  }
}

/** The web addresses of a text, in order, each as written (trailing punctuation left out). */
export function linksIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(LINK_IN_TEXT)) {
    const url = trimTrailing(match[0]);
    if (url.length > 'https://'.length) found.push(url);
  }
  return found;
}

/** Why a long URL cannot be shortened, or null: http or https only, a host, at most MAX_LONG_URL characters. */
export function longUrlProblem(url: string): string | null {
  if (url.length > MAX_LONG_URL) return `The link ${url.slice(0, 40)}... is longer than ${MAX_LONG_URL} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `The link ${url} is not a valid web address`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `The link ${url} is not a web address: only http:// and https:// links can be shortened`;
  }
  if (!parsed.hostname || parsed.username || parsed.password) {
    return `The link ${url} is not a valid web address: it needs a host name and no user name or password`;
  }
  return null;
}

/** A short link on a tenant's host. */
export const shortLink = (host: string, code: string): string => `https://${host}${SHORT_LINK_PATH}${code}`;

/** A stand-in code: every code has the same length and alphabet, so a text measures the same with it. */
const STAND_IN = 'X'.repeat(SHORT_CODE_LENGTH);

/**
 * The text with each web address replaced by a short link on `host`: `codeFor` gives each link's code
 * (the i-th link of the text); without it every link gets the stand-in code (what the counter measures).
 */
export function shortenedText(text: string, host: string, codeFor: (index: number) => string = () => STAND_IN): string {
  let index = 0;
  return text.replace(LINK_IN_TEXT, (match) => {
    const url = trimTrailing(match);
    if (url.length <= 'https://'.length) return match;
    return shortLink(host, codeFor(index++)) + match.slice(url.length);
  });
}
