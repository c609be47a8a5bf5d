// The integrators' API as a whole (docs/api-v1.md): its OpenAPI 3.1 document (valid, with exactly the
// operations integrators' clients look for), one error envelope for every refusal and never a 500 for
// bad input, and per-key rate limits stated in RateLimit headers.
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { makeKey, openApi, v1 } from './helpers/api-v1';
import { API_V1_PREFIX } from '../../server/src/http/api-v1';
import { ConfigError, configFromEnv } from '../../server/src/config';

const OPERATION_IDS = [
  'sendMessages',
  'getMessage',
  'listMessages',
  'getBatch',
  'cancelBatch',
  'getBalance',
  'listLedgerEntries',
  'getStatement',
  'listSenderIds',
  'listOptOuts',
  'addOptOuts',
  'removeOptOut',
  'createApiKey',
  'createWebhookEndpoint',
  'listWebhookEndpoints',
  'deleteWebhookEndpoint',
  'listWebhookDeliveries',
  'redeliverWebhook',
  'sendTestWebhook',
  'getWebhookSecret',
  'rotateWebhookSecret',
  'listApiKeys',
  'revokeApiKey',
  'setApiKeyCap',
  'getSmppAccess',
  'updateSmppAccess',
  'listTemplates',
  'createTemplate',
  'updateTemplate',
  'deleteTemplate',
];

let gw: TestGateway;
let demo: Awaited<ReturnType<typeof account>>;
let key: { secret: string };

beforeAll(async () => {
  gw = await makeTestApp({ apiRateLimit: { limit: 5, windowMs: 60_000 } });
  demo = await account(gw, 'demouser');
  key = await makeKey(gw, demo.token);
});
afterAll(() => gw.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await openApi(gw);
    expect(doc).toMatchObject({ openapi: '3.1.0' });
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds exactly the operations integrators look for', async () => {
    const doc = (await openApi(gw)) as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    expect(ids.sort()).toEqual([...OPERATION_IDS].sort());
  });

  it('says a date-time by its format, with no page of regular expression for readers to decode', async () => {
    const text = JSON.stringify(await openApi(gw));
    expect(text).toContain('"format":"date-time"');
    const patterns = [...text.matchAll(/"pattern":"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
    expect(patterns.filter((p) => p.length > 40)).toEqual([]);
  });

  it("is named in full in the docs' list of operation ids", () => {
    const intro = readFileSync('docs/api-v1.md', 'utf8').split('\n## ')[0] ?? '';
    expect(OPERATION_IDS.filter((id) => !intro.includes(`\`${id}\``))).toEqual([]);
  });

  it('is public and cacheable', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `${API_V1_PREFIX}/openapi.json` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
  });
});

describe('one error envelope, never a 500 for bad input', () => {
  // Each request counts against the key's limit (5 a minute here), bad ones too: each test has its own minute.
  beforeEach(() => gw.clock.advance(60_000));
  const expectEnvelope = (res: { status: number; body: Record<string, any> }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({ code });
    expect(typeof res.body.error.message).toBe('string');
    expect(res.body.error.doc_url).toMatch(new RegExp(`/developers/api#${code}$`));
  };

  it('answers broken JSON, a wrong content type, an empty body and a wrong type with a 4xx', async () => {
    expectEnvelope(await v1(gw, 'POST', '/messages', { auth: key.secret, raw: '{"from": ' }), 400, 'invalid_json');
    const text = await gw.app.inject({
      method: 'POST',
      url: `${API_V1_PREFIX}/messages`,
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('unsupported_media_type');
    expectEnvelope(await v1(gw, 'POST', '/messages', { auth: key.secret, raw: '' }), 400, 'invalid_json');
    const wrongType = await v1(gw, 'POST', '/messages', { auth: key.secret, body: { from: 7, to: 'x', text: [] } });
    expectEnvelope(wrongType, 400, 'invalid_request');
    expect(wrongType.body.error.param).toBe('from');
  });

  it('answers a body that is not an object with a 400', async () => {
    expectEnvelope(await v1(gw, 'POST', '/messages', { auth: key.secret, raw: '[1,2]' }), 400, 'invalid_request');
    expectEnvelope(await v1(gw, 'POST', '/messages', { auth: key.secret, raw: 'null' }), 400, 'invalid_request');
  });

  it('refuses a huge body (413) and too many recipients (400)', async () => {
    const huge = await v1(gw, 'POST', '/messages', {
      auth: key.secret,
      body: { from: 'DEMO', to: ['233241111110'], text: 'x'.repeat(2 * 1024 * 1024) },
    });
    expectEnvelope(huge, 413, 'body_too_large');
    const many = await v1(gw, 'POST', '/messages', {
      auth: key.secret,
      body: { from: 'DEMO', to: Array.from({ length: 1001 }, () => '233241111110'), text: 'x' },
    });
    expectEnvelope(many, 400, 'invalid_request');
    expect(many.body.error.param).toBe('to');
  });

  it('answers unknown paths and methods of the API with the envelope', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `${API_V1_PREFIX}/nothing-here` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    const put = await gw.app.inject({ method: 'PUT', url: `${API_V1_PREFIX}/messages` });
    expect(put.statusCode).toBe(404);
    expect(put.json().error.code).toBe('not_found');
  });

  it('answers odd text, deep nesting and a malformed header with a 4xx', async () => {
    const fresh = await makeKey(gw, demo.token, { name: 'fuzz' });
    const bodies = [
      { from: 'DEMO', to: ['233241111110'], text: '\ud800' },
      { from: 'DEMO', to: [{ deep: [[[[]]]] }], text: 'x' },
      { from: 'DEMO', messages: [{ to: '233241111110' }] },
      { from: 'DEMO', to: ['233241111110'], text: 'x', scheduleAt: 'tomorrow' },
      { from: 'DEMO', to: ['233241111110'], text: 'x', reference: 'r'.repeat(101) },
      { from: '', to: ['233241111110'], text: 'x' },
    ];
    for (const body of bodies) {
      const res = await v1(gw, 'POST', '/messages', { auth: fresh.secret, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      gw.clock.advance(60_000);
    }
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i += 1) deep = [deep];
    const tooDeep = await v1(gw, 'POST', '/messages', {
      auth: fresh.secret,
      body: { from: 'DEMO', to: deep, text: 'x' },
    });
    expect(tooDeep.status).toBe(400);
    const nul = await v1(gw, 'POST', '/messages', {
      auth: fresh.secret,
      body: { from: 'DEMO', to: ['233241111110'], text: 'a\u0000b' },
    });
    expect(nul.status).toBe(400);
    const header = await gw.app.inject({
      method: 'GET',
      url: `${API_V1_PREFIX}/balance`,
      headers: { authorization: 'Basic abc' },
    });
    expect(header.statusCode).toBe(401);
  });
});

describe('rate limits per key', () => {
  it('states the limit in RateLimit headers and answers 429 with Retry-After past it', async () => {
    gw.clock.advance(60_000 - (gw.clock.now % 60_000));
    const limited = await makeKey(gw, demo.token, { name: 'limited' });
    const other = await makeKey(gw, demo.token, { name: 'other' });
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await v1(gw, 'GET', '/balance', { auth: limited.secret }));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.headers['ratelimit-policy']).toBe('"per-key";q=5;w=60');
    expect(answers[0]!.headers.ratelimit).toBe('"per-key";r=4;t=60');
    expect(answers[4]!.headers.ratelimit).toBe('"per-key";r=0;t=60');
    const over = answers[5]!;
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    expect(over.headers['retry-after']).toBe('60');
    // Another key of the same account has its own count.
    expect((await v1(gw, 'GET', '/balance', { auth: other.secret })).status).toBe(200);
    gw.clock.advance(60_000);
    expect((await v1(gw, 'GET', '/balance', { auth: limited.secret })).status).toBe(200);
  });

  it('takes another limit from API_RATE_LIMIT, and states it in the document', async () => {
    expect(configFromEnv({ GATEWAY_DEV: '1' }).apiRateLimit).toBe(1200);
    expect(configFromEnv({ GATEWAY_DEV: '1', API_RATE_LIMIT: '50' }).apiRateLimit).toBe(50);
    expect(() => configFromEnv({ GATEWAY_DEV: '1', API_RATE_LIMIT: '0' })).toThrow(ConfigError);
    const doc = (await openApi(gw)) as unknown as { info: { description: string } };
    expect(doc.info.description).toContain('5 requests every 60 seconds');
  });
});
