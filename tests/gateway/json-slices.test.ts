import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEMBERS, parseInSlices, TOO_MANY_FIELDS, type ParseJson } from '../../server/src/http/json-slices';
import { makeKey, v1 } from './helpers/api-v1';
import { refuseUnstorableInput } from '../../server/src/http/well-formed';
import type { FastifyRequest } from 'fastify';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';

// A long JSON body is parsed a slice at a time (server/src/http/json-slices.ts): the same value, or
// the same refusal, as JSON.parse gives, wherever the slices are cut.
const plain: ParseJson = (text) => JSON.parse(text);

/** What JSON.parse makes of a text: its value, or that it refused it. */
function outcome(text: string): { value: unknown } | 'refused' {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return 'refused';
  }
}

async function slicedOutcome(text: string, sliceChars: number): Promise<{ value: unknown } | 'refused'> {
  try {
    return { value: await parseInSlices(text, plain, { scannedFrom: 0, slicedFrom: 0, sliceChars }) };
  } catch {
    return 'refused';
  }
}

// Strings that carry what the scan must see past: quotes, backslashes, brackets, commas, non-ASCII.
const TRICKY = ['plain', 'a "quoted" word', 'back\\slash\\', '[not, a] {list}', 'Ɛwe ✓ 😀', '\\"', ',', ''];

function randomValue(seed: number, depth: number): unknown {
  const pick = seed % 7;
  if (depth > 3 || pick === 0) return TRICKY[seed % TRICKY.length];
  if (pick === 1) return seed % 1000;
  if (pick === 2) return seed % 2 === 0 ? null : true;
  if (pick === 3 || pick === 4)
    return Array.from({ length: (seed % 5) + 1 }, (_, k) => randomValue(seed * 31 + k, depth + 1));
  return Object.fromEntries(
    Array.from({ length: (seed % 4) + 1 }, (_, k) => [
      TRICKY[(seed + k) % TRICKY.length]!,
      randomValue(seed * 17 + k, depth + 1),
    ]),
  );
}

/** A body as a client sends it: a few fields and long lists of rows, with some whitespace. */
function body(seed: number, length = 30 + (seed % 20)): string {
  const rows = Array.from({ length }, (_, k) => randomValue(seed * 101 + k, 1));
  const value = { profile_id: seed, groupname: TRICKY[seed % TRICKY.length], excelData: rows, more: rows.slice(0, 5) };
  return seed % 2 === 0 ? JSON.stringify(value) : JSON.stringify(value, null, 1);
}

/** How many times the event loop turned while `work` ran. */
async function turnsWhile<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let counting = true;
  const tick = () => {
    turns += 1;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  counting = false;
  return { value, turns };
}

describe('a long JSON body parsed a slice at a time', () => {
  it('gives what JSON.parse gives, wherever the slices are cut', async () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const text = body(seed);
      for (const sliceChars of [1, 7, 50, 400]) {
        expect(await slicedOutcome(text, sliceChars), `seed ${seed}, slices of ${sliceChars}`).toEqual(outcome(text));
      }
    }
  });

  it('refuses what JSON.parse refuses: a character added to or taken from a valid body, anywhere', async () => {
    const text = body(3, 12);
    let refused = 0;
    for (let at = 0; at < text.length; at += 4) {
      for (const changed of [text.slice(0, at) + text.slice(at + 1), `${text.slice(0, at)},${text.slice(at)}`]) {
        const expected = outcome(changed);
        if (expected === 'refused') refused += 1;
        for (const sliceChars of [1, 13])
          expect(
            await slicedOutcome(changed, sliceChars),
            `changed at ${at}: ${changed.slice(at - 5, at + 5)}`,
          ).toEqual(expected);
      }
    }
    expect(refused).toBeGreaterThan(100);
  }, 60_000);

  it('takes lists with odd spacing, empty lists and duplicate keys as JSON.parse does', async () => {
    const texts = [
      `{"a": [ ${' '.repeat(40)} ], "b": [1 ,  2 ,\n3 ]}`,
      `{"rows":[${'1,'.repeat(50)}2],"rows":7}`,
      `{"rows":7,"rows":[${'"x",'.repeat(50)}"y"]}`,
      `{"rows":[1,${' '.repeat(60)},2]}`,
      `{"rows":[${'1,'.repeat(50)}]}`,
      `{"rows":[,${'1,'.repeat(50)}1]}`,
      ` {"rows":[${'[1,[2]],'.repeat(20)}[]]} `,
      `{"rows":[${'{"a":"]"},'.repeat(30)}{}]`,
    ];
    for (const text of texts)
      for (const sliceChars of [1, 5, 30]) expect(await slicedOutcome(text, sliceChars), text).toEqual(outcome(text));
  });

  it('refuses an object of more members than any call takes, at any depth, and takes one of as many', async () => {
    const members = (n: number) => Array.from({ length: n }, (_, i) => `"k${i}":"a,b"`).join(',');
    const padding = `"pad":"${'x'.repeat(70_000)}"`;
    for (const text of [
      `{${members(MAX_MEMBERS + 1)},${padding}}`,
      `{${padding},"rows":[{}, {${members(MAX_MEMBERS + 1)}}]}`,
    ])
      await expect(parseInSlices(text, plain)).rejects.toThrow(TOO_MANY_FIELDS);
    const most = `{"rows":[{${members(MAX_MEMBERS)}}],"list":[${'1,'.repeat(5000)}1],${padding}}`;
    expect(await parseInSlices(most, plain)).toEqual(JSON.parse(most));
  });

  it('lets the event loop turn between slices', async () => {
    const text = JSON.stringify({ excelData: Array.from({ length: 5000 }, (_, i) => ({ n: i, name: 'Ama' })) });
    const { value, turns } = await turnsWhile(() =>
      parseInSlices(text, plain, { scannedFrom: 0, slicedFrom: 0, sliceChars: 10_000 }),
    );
    expect(value).toEqual(JSON.parse(text));
    // The list is about 110,000 characters: 11 slices, a turn before each.
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});

describe('the check of a parsed body', () => {
  it('lets the event loop turn every few thousand values, within one long list too', async () => {
    const body = { excelData: Array.from({ length: 100_000 }, (_, i) => ({ firstname: `Ama ${i}` })) };
    const { turns } = await turnsWhile(() => refuseUnstorableInput({ query: {}, body } as unknown as FastifyRequest));
    // 200,001 values (the rows and their names): a turn every 5,000 of them.
    expect(turns).toBeGreaterThanOrEqual(40);
  });
});

describe('the gateway parses a long body in slices, with the same guards', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    await call(gw, 'creategroup', { profile_id: demo.profile_id, groupname: 'Long' }, { token: demo.token });
  });
  afterAll(() => gw.close());

  const post = (payload: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/frontend/createcontactexel',
      payload,
      headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${demo.token}` },
    });
  // 20,000 rows: about 1.3 MB, over the length parsed whole.
  const rows = Array.from({ length: 20_000 }, (_, i) => ({
    firstname: `Ama "${i}" [a, b]`,
    phonenumber: `2332420${String(i).padStart(5, '0')}`,
  }));

  it('imports every row of a 1.3 MB import, its names as sent', async () => {
    const res = await post(JSON.stringify({ groupname: 'Long', excelData: rows }));
    expect(res.json()).toMatchObject({ inserted: 20_000, rejected: 0 });
    const stored = await gw.ctx.db
      .selectFrom('contacts')
      .select(['firstname', 'phonenumber'])
      .where('profile_id', '=', demo.profile_id)
      .where('phonenumber', '=', '233242012345')
      .executeTakeFirstOrThrow();
    expect(stored.firstname).toBe('Ama "12345" [a, b]');
  });

  it('refuses a body with an object of 1,001 fields, on a call and on the API, before parsing it', async () => {
    const row = Object.fromEntries(Array.from({ length: MAX_MEMBERS + 1 }, (_, i) => [`column ${i}`, 'x']));
    const res = await post(JSON.stringify({ groupname: 'Long', excelData: [...rows.slice(0, 1000), row] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { status: 'failed', message: TOO_MANY_FIELDS } });
    const key = await makeKey(gw, demo.token);
    const api = await v1(gw, 'POST', '/messages', {
      auth: key.secret,
      raw: JSON.stringify({ text: 'Hello', to: ['233241234567'], metadata: row, note: 'x'.repeat(70_000) }),
    });
    expect(api.status).toBe(400);
    expect(api.body).toMatchObject({ error: { code: 'invalid_request', message: TOO_MANY_FIELDS } });
  });

  it('refuses a long body that is not JSON, or carries a prototype key in a row, as it refuses a short one', async () => {
    const text = JSON.stringify({ groupname: 'Long', excelData: rows });
    // Two commas between two rows, past the length parsed whole.
    const cut = text.indexOf('},{', 700_000) + 2;
    const broken = `${text.slice(0, cut)},${text.slice(cut)}`;
    const poisoned = text.replace(
      '{"firstname":"Ama \\"15000\\"',
      '{"__proto__":{"admin":true},"firstname":"Ama \\"15000\\"',
    );
    expect(poisoned).not.toBe(text);
    const short = await post('{"groupname":"Long","excelData":[1,,2]}');
    expect(short.statusCode).toBe(400);
    for (const payload of [broken, poisoned]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(short.json());
    }
  });
});
