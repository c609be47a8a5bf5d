// Message templates through the app's calls, and a test to yourself (docs/product.md#templates,
// docs/product.md#a-test-to-yourself), on SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, lastTextTo, makeTestApp, signInDemoTenants, type Session, type TestGateway } from './helpers/test-app';
import { balanceOf } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';

let gw: TestGateway;
let demo: Session;
let acmeClient: Session;
beforeAll(async () => {
  gw = await makeTestApp();
  ({ demo, acmeClient } = await signInDemoTenants(gw));
});
afterAll(() => gw.close());

const as = (s: Session, path: string, body: Record<string, unknown> = {}) =>
  call(gw, path, { profile_id: s.profile_id, ...body }, { token: s.token, host: s.domain || 'localhost' });
const listOf = async (s: Session) => (await as(s, 'templates')).body.templates as Record<string, any>[];
const twi = { name: 'Akwaaba', text: 'Akwaaba {firstname}, yɛda wo ase!', category: 'promotional' };

describe('templates', () => {
  it('keeps a template per account and lists it, the last changed first', async () => {
    const id = randomUUID();
    const saved = await as(demo, 'savetemplate', { id, ...twi });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'successful', message: 'Template Akwaaba saved' });
    expect(saved.body.template).toMatchObject({ id, ...twi });
    const second = randomUUID();
    gw.clock.advance(1000);
    await as(demo, 'savetemplate', {
      id: second,
      name: 'Code',
      text: 'Your code is {code}',
      category: 'transactional',
    });
    expect((await listOf(demo)).map((t) => t.id).slice(0, 2)).toEqual([second, id]);
    expect((await listOf(acmeClient)).map((t) => t.id)).not.toContain(id);
  });

  it('saving the same id again changes it (an offline save sent twice makes one template)', async () => {
    const id = randomUUID();
    await as(demo, 'savetemplate', { id, ...twi });
    const again = await as(demo, 'savetemplate', { id, ...twi, name: 'Akwaaba 2' });
    expect(again.status).toBe(200);
    const mine = (await listOf(demo)).filter((t) => t.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toBe('Akwaaba 2');
  });

  it("answers another tenant's template id with 404 and leaves it as it was", async () => {
    const id = randomUUID();
    await as(demo, 'savetemplate', { id, ...twi });
    const change = await as(acmeClient, 'savetemplate', { id, ...twi, text: 'Taken over' });
    expect(change.status).toBe(404);
    expect(change.body.error.message).toBe('No such template in this account');
    const remove = await as(acmeClient, 'deletetemplate', { id });
    expect(remove.status).toBe(404);
    expect((await listOf(demo)).find((t) => t.id === id)?.text).toBe(twi.text);
  });

  it('refuses bad input with 400 and a clear message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ id: randomUUID(), ...twi, name: '  ' }, 'Please give the template a name'],
      [{ id: randomUUID(), ...twi, text: '' }, 'Please type the text of the template'],
      [{ id: randomUUID(), ...twi, category: 'spam' }, 'Please mark the template transactional or promotional'],
      [{ id: randomUUID(), ...twi, name: 'n'.repeat(61) }, "A template's name must be at most 60 characters"],
      [{ id: randomUUID(), ...twi, text: 'ɛ'.repeat(700) }, "A template's text must fit in 9 SMS parts"],
      [{ id: 'not-a-uuid', ...twi }, 'Invalid request: id must be a template id (a UUID)'],
    ];
    for (const [body, message] of cases) {
      const res = await as(demo, 'savetemplate', body);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
  });

  it('deletes a template; deleting it again is done, not an error', async () => {
    const id = randomUUID();
    await as(demo, 'savetemplate', { id, ...twi });
    expect((await as(demo, 'deletetemplate', { id })).body).toMatchObject({ status: 'successful' });
    expect((await listOf(demo)).map((t) => t.id)).not.toContain(id);
    expect((await as(demo, 'deletetemplate', { id })).status).toBe(200);
  });
});

describe('a test to yourself', () => {
  it("goes to the account's own phone with the fields filled, charged as one message and marked as a test", async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await as(demo, 'sendtesttoself', {
      sourceAddress: 'DEMO',
      text: 'Akwaaba {firstname}, yɛda wo ase!',
      fields: { firstname: 'Ama' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Test sent to 233241234567', to: '233241234567' });
    expect(await balanceOf(gw, 'demouser')).toBe(before - 1);
    const listed = await as(demo, 'quickrequest', { search: '', pageNum: 1 });
    const row = listed.body.bulksms.find((m: any) => Number(m.message_id) === res.body.message_id);
    expect(row).toMatchObject({
      testSend: true,
      messageDescription: 'Test to myself',
      destinationAddress: '233241234567',
    });
    await tickCarrier(gw.ctx);
    expect(await lastTextTo(gw, '233241234567')).toMatchObject({ from_id: 'DEMO', text: 'Akwaaba Ama, yɛda wo ase!' });
  });

  it('refuses a sender the account may not use, and an empty text, taking nothing', async () => {
    const before = await balanceOf(gw, 'demouser');
    const sender = await as(demo, 'sendtesttoself', { sourceAddress: 'NOTMINE', text: 'Hi' });
    expect(sender.status).toBe(400);
    expect(sender.body.error.message).toContain('Sender ID NOTMINE is not approved');
    const empty = await as(demo, 'sendtesttoself', { sourceAddress: 'DEMO', text: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Please enter your message');
    expect(await balanceOf(gw, 'demouser')).toBe(before);
  });
});
