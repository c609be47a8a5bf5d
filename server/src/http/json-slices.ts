// A large JSON body parsed a slice at a time (docs/api.md#answers-and-errors). JSON.parse holds the
// event loop for as long as it builds values: about 100 ms for a 5 MB contact import here. So in a
// body over SLICED_FROM characters, each long list that is a member of the top-level object is parsed
// a slice of its elements at a time, yielding to the event loop between slices; the rest of the object
// (its "skeleton", each long list replaced by a placeholder) is parsed whole. Every piece goes through
// the same guarded parser as a small body, so what is refused stays refused.
//
// Before that, a body over SCANNED_FROM is refused when one of its objects has more than MAX_MEMBERS
// members: no call takes such an object, and one of a million keys took JSON.parse 1.7 s here (and
// as long again to walk), holding the loop for everyone.
import { randomBytes } from 'node:crypto';
import { refuse } from '../core/errors';
import { yieldToLoop } from '../core/event-loop';

export const TOO_MANY_FIELDS = 'The request holds an object with more fields than any call takes';
/** No call's object comes near: a contact row has a dozen fields. */
export const MAX_MEMBERS = 1000;
/** Bodies up to this many characters hold too few members to matter, and are parsed at once. */
const SCANNED_FROM = 64 * 1024;

/** Bodies up to this many characters are parsed whole: JSON.parse takes a few milliseconds on them. */
export const SLICED_FROM = 1_000_000;
/** About this many characters of a long list are parsed at once (a few milliseconds). */
export const SLICE_CHARS = 256_000;
/** Characters scanned between two yields. */
const SCAN_STEP = 250_000;

/** The guarded parser of one JSON text: it throws what it refuses. */
export type ParseJson = (text: string) => unknown;

interface LongList {
  /** Index of its `[` and of its `]`. */
  start: number;
  end: number;
  /** Indices of the commas between elements where a slice ends. */
  cuts: number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/** A piece of text that is not JSON: refused as the guarded parser refuses any text that is not. */
function notJson(parse: ParseJson): never {
  parse('[,]');
  throw new SyntaxError('Unexpected token');
}

/**
 * Refuses an object of more than MAX_MEMBERS members; returns the long lists that are members of the
 * top-level object (when `lists`), with where each is cut into slices. Only the depth, the strings and
 * the commas are followed: a text that is not JSON is refused by the parses after.
 */
async function scan(text: string, sliceChars: number, lists: LongList[] | null): Promise<void> {
  let depth = 0;
  let inString = false;
  let list: LongList | null = null;
  let sliceStart = 0;
  // For each open container by depth: its commas when an object, -1 when a list.
  const commas: number[] = [-1];
  for (let from = 0; from < text.length; from += SCAN_STEP) {
    if (from > 0) await yieldToLoop();
    const to = Math.min(text.length, from + SCAN_STEP);
    for (let i = from; i < to; i += 1) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (c === BACKSLASH) i += 1;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        // A list directly inside the top-level object is a member's value.
        if (depth === 1 && c === OPEN_BRACKET && lists) {
          list = { start: i, end: -1, cuts: [] };
          sliceStart = i + 1;
        }
        depth += 1;
        commas[depth] = c === OPEN_BRACE ? 0 : -1;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 1 && list) {
          list.end = i;
          if (i - list.start > sliceChars) lists!.push(list);
          list = null;
        }
      } else if (c === COMMA) {
        const count = commas[depth] ?? -1;
        if (count >= 0) {
          if (count + 1 >= MAX_MEMBERS) throw refuse(TOO_MANY_FIELDS);
          commas[depth] = count + 1;
        }
        if (depth === 2 && list && i - sliceStart >= sliceChars) {
          list.cuts.push(i);
          sliceStart = i + 1;
        }
      }
    }
  }
}

/** A long list's elements, parsed a slice at a time; a slice with no element between two cuts is not JSON (`[1,,2]`). */
async function parseList(text: string, list: LongList, parse: ParseJson): Promise<unknown[]> {
  const bounds = [list.start, ...list.cuts, list.end];
  const out: unknown[] = [];
  for (let k = 0; k + 1 < bounds.length; k += 1) {
    await yieldToLoop();
    const piece = text.slice(bounds[k]! + 1, bounds[k + 1]!);
    const elements = parse(`[${piece}]`);
    if (!Array.isArray(elements) || (elements.length === 0 && bounds.length > 2)) notJson(parse);
    for (const element of elements) out.push(element);
  }
  return out;
}

/**
 * Parses `text` as `parse` would, yielding to the event loop while it does when the text is long and
 * is an object with long lists (a contact import's rows): no slice holds the loop for long. A text
 * over SCANNED_FROM with an object of more than MAX_MEMBERS members is refused (TOO_MANY_FIELDS).
 */
export async function parseInSlices(
  text: string,
  parse: ParseJson,
  { scannedFrom = SCANNED_FROM, slicedFrom = SLICED_FROM, sliceChars = SLICE_CHARS } = {},
): Promise<unknown> {
  if (text.length <= scannedFrom) return parse(text);
  const sliced = text.length > slicedFrom && text.trimStart()[0] === '{';
  const lists: LongList[] = [];
  await scan(text, sliceChars, sliced ? lists : null);
  if (lists.length === 0) return parse(text);
  const token = randomBytes(12).toString('hex');
  const skeleton: string[] = [];
  let at = 0;
  lists.forEach((list, k) => {
    skeleton.push(text.slice(at, list.start), JSON.stringify(`${token}:${k}`));
    at = list.end + 1;
  });
  skeleton.push(text.slice(at));
  const root = parse(skeleton.join(''));
  if (root === null || typeof root !== 'object' || Array.isArray(root)) notJson(parse);
  const record = root as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value !== 'string' || !value.startsWith(`${token}:`)) continue;
    record[key] = await parseList(text, lists[Number(value.slice(token.length + 1))]!, parse);
  }
  await yieldToLoop();
  return record;
}
