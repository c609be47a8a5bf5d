import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuse } from '../core/errors';
import { checkStorableText } from '../core/storable-text';
import { yieldToLoop } from '../core/event-loop';
import { parseInSlices } from './json-slices';

/** No call's body is nested deeper than a few levels; deeper input is refused before anything reads it. */
const MAX_DEPTH = 16;
/** Values checked between two yields to the event loop, so a 16 MiB import never holds it for long. */
const YIELD_EVERY = 5_000;
export const TOO_DEEP = 'The request is nested too deeply';
export const TOO_MANY_PARTS = 'The request holds more lists and objects than its size allows';

/**
 * JSON.parse holds the event loop for as long as it builds values, and an empty list costs as much
 * as a contact: a megabyte of `[],` took it 100 ms and more. No call's body holds more than one list
 * or object in this many bytes (a contact row is 60 and more), so a body with more is refused unparsed.
 */
const BYTES_PER_CONTAINER = 16;
const FREE_CONTAINERS = 1000;
/** Brackets counted between two yields to the event loop. */
const COUNT_STEP = 20_000;

/**
 * Counts the `[` and `{` of a JSON text, those in its strings too (an over-count that only text full
 * of brackets comes near), and refuses the text when they outnumber what its size allows. indexOf
 * finds each one natively: a usual megabyte, with few brackets, is counted in well under a millisecond.
 */
async function refuseCostlyJson(text: string): Promise<void> {
  const allowed = FREE_CONTAINERS + Math.floor(text.length / BYTES_PER_CONTAINER);
  let containers = 0;
  for (const bracket of ['[', '{']) {
    for (let i = text.indexOf(bracket); i !== -1; i = text.indexOf(bracket, i + 1)) {
      containers += 1;
      if (containers > allowed) throw refuse(TOO_MANY_PARTS);
      if (containers % COUNT_STEP === 0) await yieldToLoop();
    }
  }
}

/**
 * Fastify's JSON parser (with its guard against prototype keys), after refuseCostlyJson; a long body
 * a slice at a time (json-slices.ts), each slice through that parser.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const guarded = (text: string) => {
      let result: { error: Error | null; value: unknown } | null = null;
      parse(req, text, (error, value) => (result = { error, value }));
      if (!result) throw new Error('the JSON parser did not answer at once');
      const { error, value } = result;
      if (error) throw error;
      return value;
    };
    refuseCostlyJson(body as string)
      .then(() => parseInSlices(body as string, guarded))
      .then(
        (value) => done(null, value),
        (error: Error) => done(error, undefined),
      );
  });
}

/** Walks a parsed body or query without recursion (so no depth can overflow the stack), yielding now and then. */
async function checkValue(root: unknown): Promise<void> {
  const pending: [unknown, number][] = [[root, 0]];
  let seen = 0;
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    seen += 1;
    if (seen % YIELD_EVERY === 0) await yieldToLoop();
    if (typeof value === 'string') checkStorableText(value);
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) throw refuse(TOO_DEEP);
    // A list's keys are its indices: its elements are taken as they are (Object.entries made a pair
    // of each of an import's 100,000 rows at once, holding the loop 50 ms and more).
    if (Array.isArray(value)) {
      for (const inner of value as unknown[]) pending.push([inner, depth + 1]);
      continue;
    }
    for (const [key, inner] of Object.entries(value)) {
      checkStorableText(key);
      pending.push([inner, depth + 1]);
    }
  }
}

/** Text that cannot be stored, and input nested deeper than any call takes, are refused at the boundary. */
export async function refuseUnstorableInput(req: FastifyRequest): Promise<void> {
  await checkValue(req.query);
  await checkValue(req.body);
}
