// Templates through the integrators' API (docs/api-v1.md#templates): create, list, update and delete with
// their scopes, another account's id as 404, bad input as 400, and sendMessages with templateId and fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { tickCarrier } from '../../server/src/carrier/delivery';

let gw: TestGateway;
let demoKey: { secret: string };
let readOnly: { secret: string };
let acmeKey: { secret: string };

beforeAll(async () => {
  gw = await makeTestApp();
  const demo = await account(gw, 'demouser');
  const acme = await account(gw, 'acmeclient');
  demoKey = await makeKey(gw, demo.token);
  readOnly = await makeKey(gw, demo.token, { scopes: ['messages:read'] });
  acmeKey = await makeKey(gw, acme.token);
});
afterAll(() => gw.close());

const welcome = { name: 'Welcome', text: 'Akwaaba {firstname} {surname}!', category: 'promotional' };
const create = (secret: string, body: unknown) => v1(gw, 'POST', '/templates', { auth: secret, body });

describe('templates in the API', () => {
  it('creates a template with its placeholders, lists it, changes it and deletes it', async () => {
    const made = await create(demoKey.secret, welcome);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ ...welcome, placeholders: ['firstname', 'surname'] });
    const id = made.body.id as string;
    const listed = await v1(gw, 'GET', '/templates', { auth: readOnly.secret });
    expect(listed.body.data.map((t: { id: string }) => t.id)).toContain(id);
    const changed = await v1(gw, 'POST', `/templates/${id}`, {
      auth: demoKey.secret,
      body: { category: 'transactional' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Welcome', category: 'transactional' });
    const deleted = await v1(gw, 'DELETE', `/templates/${id}`, { auth: demoKey.secret });
    expect(deleted.body).toEqual({ id, deleted: true });
    expect((await v1(gw, 'DELETE', `/templates/${id}`, { auth: demoKey.secret })).status).toBe(404);
  });

  it("answers another account's template with 404 on every operation, and never sends its text", async () => {
    const id = (await create(demoKey.secret, welcome)).body.id as string;
    for (const [method, path, body] of [
      ['POST', `/templates/${id}`, { name: 'Mine now' }],
      ['DELETE', `/templates/${id}`, undefined],
      [
        'POST',
        '/messages',
        { from: 'ACMECL', to: ['233241000011'], templateId: id, fields: { firstname: 'A', surname: 'B' } },
      ],
    ] as const) {
      const res = await v1(gw, method, path, { auth: acmeKey.secret, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', param: 'templateId' });
    }
    const listed = await v1(gw, 'GET', '/templates', { auth: acmeKey.secret });
    expect(listed.body.data.map((t: { id: string }) => t.id)).not.toContain(id);
  });

  it('refuses bad input with 400, naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...welcome, name: '' }, 'name', 'must not be empty'],
      [{ ...welcome, category: 'offers' }, 'category', ''],
      [{ ...welcome, text: 'ŋ'.repeat(700) }, 'text', "A template's text must fit in 9 SMS parts"],
      [{ ...welcome, extra: 1 }, '', ''],
    ];
    for (const [body, param, words] of cases) {
      const res = await create(demoKey.secret, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      if (param) expect(res.body.error.param).toBe(param);
      expect(res.body.error.message).toContain(words);
    }
  });

  it('needs messages:send to create, change or delete', async () => {
    const res = await create(readOnly.secret, welcome);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('missing_scope');
  });
});

describe('sendMessages with templateId', () => {
  it("sends each recipient the template filled from the send's fields and its own", async () => {
    const id = (await create(demoKey.secret, welcome)).body.id as string;
    const before = await balanceOf(gw, 'demouser');
    const res = await v1(gw, 'POST', '/messages', {
      auth: demoKey.secret,
      body: {
        from: 'DEMO',
        templateId: id,
        fields: { surname: 'Mensah' },
        messages: [
          { to: '233241000021', fields: { firstname: 'Ama' } },
          { to: '233241000031', fields: { firstname: 'Kofi', surname: 'Boateng' } },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ accepted: 2, cost: 2 });
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);
    await tickCarrier(gw.ctx);
    const texts = await gw.ctx.db
      .selectFrom('carrier_messages')
      .select(['to_number', 'text'])
      .where('to_number', 'in', ['233241000021', '233241000031'])
      .orderBy('to_number')
      .execute();
    expect(texts).toEqual([
      { to_number: '233241000021', text: 'Akwaaba Ama Mensah!' },
      { to_number: '233241000031', text: 'Akwaaba Kofi Boateng!' },
    ]);
  });

  it('refuses a placeholder left without a value, and text beside templateId, sending nothing', async () => {
    const id = (await create(demoKey.secret, welcome)).body.id as string;
    const before = await balanceOf(gw, 'demouser');
    const missing = await v1(gw, 'POST', '/messages', {
      auth: demoKey.secret,
      body: { from: 'DEMO', to: ['233241000041'], templateId: id, fields: { firstname: 'Ama' } },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'invalid_request', param: 'fields' });
    expect(missing.body.error.message).toBe('fields has no value for {surname}');
    const both = await v1(gw, 'POST', '/messages', {
      auth: demoKey.secret,
      body: { from: 'DEMO', to: ['233241000041'], templateId: id, text: 'Hi' },
    });
    expect(both.status).toBe(400);
    expect(both.body.error.param).toBe('text');
    expect(await balanceOf(gw, 'demouser')).toBe(before);
  });
});
