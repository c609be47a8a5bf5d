// The send call's optOutLink takes the values docs/api.md#sends lists, "yes" among them, and refuses
// any other with a 400 that names the field and the values it takes; nothing is stored or charged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf, sendItem, sendSms } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';

const LINK = /\nOpt out: https:\/\/localhost\/o\/[A-Za-z0-9]+$/;

describe('optOutLink on the send call', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
  });
  afterAll(() => gw.close());

  const recipientTexts = (messageId: number) =>
    gw.ctx.db.selectFrom('message_recipients').select('text').where('message_id', '=', messageId).execute();
  const messageCount = async () => (await gw.ctx.db.selectFrom('messages').select('id').execute()).length;
  const send = (optOutLink: unknown) =>
    sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000101', optOutLink })]);

  it.each([['yes'], ['YES'], [' Yes '], [true], ['true'], [1], ['1']])('%j ends the text with the link', async (v) => {
    const sent = await send(v);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [recipient] = await recipientTexts(sent.body.message_id);
    expect(recipient!.text).toMatch(LINK);
  });

  it.each([['no'], ['No'], [false], ['false'], [0], ['0'], [''], [null], [undefined]])(
    '%j sends the text as written',
    async (v) => {
      const sent = await send(v);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const [recipient] = await recipientTexts(sent.body.message_id);
      expect(recipient!.text ?? '').not.toMatch(/Opt out/);
    },
  );

  it.each([['y'], ['maybe'], ['on'], [2], [-1], [{}], [['yes']]])(
    'refuses %j, naming the field and the values it takes, and stores nothing',
    async (v) => {
      const messages = await messageCount();
      const balance = await balanceOf(gw, 'demouser');
      const sent = await send(v);
      expect(sent.status).toBe(400);
      expect(sent.body.error.message).toBe(
        'Invalid request: messageobject.0.optOutLink must be yes or no (true, false, "yes", "no", 1 or 0)',
      );
      expect(await messageCount()).toBe(messages);
      expect(await balanceOf(gw, 'demouser')).toBe(balance);
    },
  );

  it('is not a field of the API v1: it is refused there, naming it', async () => {
    const key = await makeKey(gw, demo.token, { mode: 'test' });
    const messages = await messageCount();
    const sent = await v1(gw, 'POST', '/messages', {
      auth: key.secret,
      body: { from: 'DEMO', to: ['233241000101'], text: 'Hi', optOutLink: 'yes' },
    });
    expect(sent.status).toBe(400);
    expect(sent.body.error.message).toContain('optOutLink');
    expect(await messageCount()).toBe(messages);
  });
});
