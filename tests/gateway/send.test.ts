import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, call, type TestGateway } from './helpers/test-app';
import { account, balanceOf, list, numbers, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { TEST_SENDER_BODY } from '../../src/domain/messages/sender-id';

describe('POST /smsgateway/api/sendsms: quick sends', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
  });
  afterAll(() => gw.close());

  it('accepts a send, takes parts x recipients and answers the new balances and the message_id', async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(gw, demo.apikey, [
      sendItem({ destinationAddress: ' 233241111111, 233241111113 ,,233241111199 ' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Messages sent successfully',
      creditbalance: before - 3,
      internationalcreditbalance: 0,
      message_id: expect.any(Number),
    });
    expect(await balanceOf(gw, 'demouser')).toBe(before - 3);
  });

  it('shows PENDING at acceptance, then SENT / FAILED / PENDING after the carrier delay', async () => {
    const sent = await sendSms(gw, demo.apikey, [
      sendItem({ destinationAddress: '233241222221,233241222213,233241222299' }),
    ]);
    const id = sent.body.message_id;
    const status = async () =>
      (await call(gw, `status/${id}`, { profile_id: demo.profile_id }, { token: demo.token })).body;
    expect((await status()).status.map((r: any) => r.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);

    await tickCarrier(gw.ctx);
    const page = await list(gw, demo.token, 'quickrequest');
    const item = page.body.bulksms.find((m: any) => m.message_id === id);
    expect(item).toMatchObject({ posted: 3, submitted: 3, destinationCount: 3, destinationTruncated: false });
    expect((await status()).status.map((r: any) => r.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);

    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    const rows = (await status()).status;
    expect(rows.map((r: any) => [r.mobilenumber, r.status, r.statusnumber])).toEqual([
      ['233241222221', 'SENT', 1],
      ['233241222213', 'FAILED', 2],
      ['233241222299', 'PENDING', 0],
    ]);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      mobilenumber: '233241222221',
      status: 'SENT',
      statusnumber: 1,
      referencekey: expect.any(String),
    });
    const after = (await list(gw, demo.token, 'quickrequest')).body.bulksms.find((m: any) => m.message_id === id);
    expect(after.messageStatus).toEqual([
      { status: 'SENT', count: 1 },
      { status: 'FAILED', count: 1 },
      { status: 'PENDING', count: 1 },
    ]);
    const logged = await gw.ctx.db.selectFrom('carrier_messages').selectAll().where('message_id', '=', id).execute();
    expect(logged.map((r) => r.to_number).sort()).toEqual(['233241222213', '233241222221', '233241222299']);
    expect(logged[0]).toMatchObject({ from_id: 'DEMO', text: 'Hello from the test' });
  });

  it('counts parts with src/domain: long, unicode by detection and by the item flag', async () => {
    const cost = async (item: Record<string, unknown>) => {
      const before = await balanceOf(gw, 'demouser');
      const res = await sendSms(gw, demo.apikey, [
        sendItem({ destinationAddress: '233241333331,233241333332', ...item }),
      ]);
      expect(res.status).toBe(200);
      return before - res.body.creditbalance;
    };
    expect(await cost({ shortMessage: 'a'.repeat(160) })).toBe(2);
    expect(await cost({ shortMessage: 'a'.repeat(161) })).toBe(4);
    expect(await cost({ shortMessage: 'a'.repeat(307) })).toBe(6);
    expect(await cost({ shortMessage: `Ɛ${'a'.repeat(59)}` })).toBe(4); // 120 + 60 = 180 > 160
    expect(await cost({ shortMessage: 'a'.repeat(60), specialUnicodeSupport: true })).toBe(4);
    expect(await cost({ shortMessage: 'a'.repeat(60), specialUnicodeSupport: 'false' })).toBe(2);
  });

  it('refuses a text beyond 9 parts (out of range)', async () => {
    const res = await sendSms(gw, demo.apikey, [sendItem({ shortMessage: 'a'.repeat(1378) })]);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ status: 'failed', message: expect.stringContaining('out of range') });
  });

  it("takes 'TEST' only from an account that has it approved, and replaces its body with the apply-for-an-ID notice", async () => {
    const own = await sendSms(gw, demo.apikey, [
      sendItem({ sourceAddress: 'TEST', shortMessage: 'my own words', destinationAddress: '233241444441' }),
    ]);
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe(
      'Sender ID TEST is not approved for your account; request it from your profile page',
    );
    await gw.ctx.db
      .updateTable('users')
      .set({ senderidapproved: 'TEST' })
      .where('profile_id', '=', demo.profile_id)
      .execute();
    // 'TEST' reaches only the account's own number (test-sender.test.ts): the demo user's phone.
    const res = await sendSms(gw, demo.apikey, [
      sendItem({ sourceAddress: 'TEST', shortMessage: 'my own words', destinationAddress: '233241234567' }),
    ]);
    await gw.ctx.db
      .updateTable('users')
      .set({ senderidapproved: 'DEMO,ALERTS' })
      .where('profile_id', '=', demo.profile_id)
      .execute();
    expect(res.status).toBe(200);
    await tickCarrier(gw.ctx);
    const logged = await gw.ctx.db
      .selectFrom('carrier_messages')
      .selectAll()
      .where('message_id', '=', res.body.message_id)
      .execute();
    expect(logged.map((r) => [r.from_id, r.text])).toEqual([['TEST', TEST_SENDER_BODY]]);
  });

  it('refuses sender IDs that are pending or not the user’s, and storing nothing', async () => {
    const count = async () =>
      (await gw.ctx.db.selectFrom('messages').select('id').where('profile_id', '=', demo.profile_id).execute()).length;
    const before = await count();
    const pending = await sendSms(gw, demo.apikey, [sendItem({ sourceAddress: 'PROMO' })]);
    expect(pending.status).toBe(400);
    expect(pending.body.error.message).toBe('Sender ID PROMO is still awaiting approval; use an approved sender ID');
    const foreign = await sendSms(gw, demo.apikey, [sendItem({ sourceAddress: 'ACME' })]);
    expect(foreign.body.error).toEqual({
      status: 'failed',
      message: 'Sender ID ACME is not approved for your account; request it from your profile page',
    });
    const none = await sendSms(gw, demo.apikey, [sendItem({ sourceAddress: '' })]);
    expect(none.body.error.message).toBe('Please select sender ID for this messge');
    expect(await count()).toBe(before);
  });

  it('accepts messageType spellings that differ in case, refuses unknown kinds and empty sends', async () => {
    expect((await sendSms(gw, demo.apikey, [sendItem({ messageType: 'Quick SMS' })])).status).toBe(200);
    const unknown = await sendSms(gw, demo.apikey, [sendItem({ messageType: 'fast sms' })]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain("Unknown messageType 'fast sms'");
    const empty = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: ' , ' })]);
    expect(empty.body.error.message).toBe('No recipients: destinationAddress is empty');
    const blank = await sendSms(gw, demo.apikey, [sendItem({ shortMessage: '   ' })]);
    expect(blank.body.error.message).toBe('Please enter your message');
    const noItems = await sendSms(gw, demo.apikey, []);
    expect(noItems.status).toBe(400);
    const mixed = await sendSms(gw, demo.apikey, [sendItem(), sendItem({ sourceAddress: 'ALERTS' })]);
    expect(mixed.body.error.message).toBe('All messages of one send must share the message type and the sender ID');
  });

  it('numbers a personalized send item by item, each with its own text and parts', async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(gw, demo.apikey, [
      sendItem({ shortMessage: 'Hi Ama', destinationAddress: '233241555551', typeandsubtype: 'quick:personalized' }),
      sendItem({
        shortMessage: `Hi Kofi ${'x'.repeat(160)}`,
        destinationAddress: '233241555552',
        typeandsubtype: 'quick:personalized',
      }),
    ]);
    expect(before - res.body.creditbalance).toBe(3);
    await tickCarrier(gw.ctx);
    const logged = await gw.ctx.db
      .selectFrom('carrier_messages')
      .select(['to_number', 'text', 'recipient_index'])
      .where('message_id', '=', res.body.message_id)
      .orderBy('recipient_index')
      .execute();
    expect(logged.map((r) => [r.recipient_index, r.to_number, r.text.slice(0, 7)])).toEqual([
      [0, '233241555551', 'Hi Ama'],
      [1, '233241555552', 'Hi Kofi'],
    ]);
  });

  it('sets the dashboard and scheduled tab flags', async () => {
    await gw.ctx.db
      .updateTable('users')
      .set({ scheduledsmsTab: 0, dashboardTab: 0 })
      .where('profile_id', '=', demo.profile_id)
      .execute();
    await sendSms(gw, demo.apikey, [sendItem()]);
    const row = await gw.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('profile_id', '=', demo.profile_id)
      .executeTakeFirstOrThrow();
    expect([row.scheduledsmsTab, row.dashboardTab]).toEqual([1, 1]);
  });

  it("needs the API key or a live session (the PWA's outbox): a wrong key, a revoked session or none is Invalid Token", async () => {
    expect((await sendSms(gw, demo.token, [sendItem()])).status).toBe(200);
    const stored = await gw.ctx.db
      .selectFrom('users')
      .select('apikey')
      .where('profile_id', '=', demo.profile_id)
      .executeTakeFirstOrThrow();
    // Stored hashed: the stored value itself is no key (a copy of the database sends nothing).
    for (const key of ['sk_wrong', '', stored.apikey]) {
      const res = await sendSms(gw, key, [sendItem()]);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { status: 'failed', message: 'Invalid Token' } });
    }
    await gw.ctx.db.updateTable('tokens').set({ revoked: 1 }).where('profile_id', '=', demo.profile_id).execute();
    expect((await sendSms(gw, demo.token, [sendItem()])).status).toBe(401);
  });
});

describe('sendsms refusals that must leave nothing behind', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('refuses a send the balance cannot pay: nothing stored, balance unchanged', async () => {
    const client = await account(gw, 'acmeclient');
    const before = await balanceOf(gw, 'acmeclient');
    const stored = async () => (await gw.ctx.db.selectFrom('message_recipients').select('id').execute()).length;
    const rowsBefore = await stored();
    const need = Math.floor(before / 2) + 1;
    const res = await sendSms(gw, client.apikey, [
      sendItem({ sourceAddress: 'ACMECL', shortMessage: 'a'.repeat(200), destinationAddress: numbers(need) }),
    ]);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      error: {
        status: 'failed',
        message: `Insufficient credit: this send needs ${need * 2} credits, you have ${before}`,
      },
    });
    expect(await balanceOf(gw, 'acmeclient')).toBe(before);
    expect(await stored()).toBe(rowsBefore);
    const page = await list(gw, client.token, 'quickrequest', { search: 'aaaaaaaa' });
    expect(page.body.bulksms).toEqual([]);
  });

  it('refuses a send once the credit has expired, saying so', async () => {
    const demo = await account(gw, 'demouser');
    await gw.ctx.db
      .updateTable('users')
      .set({ creditexpires: Math.floor(gw.clock.now / 1000) - 60 })
      .where('profile_id', '=', demo.profile_id)
      .execute();
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(gw, demo.apikey, [sendItem()]);
    expect(res.status).toBe(402);
    expect(res.body.error.message).toMatch(/^Your credit expired on 2026-11-20 09:59; please buy credit to send$/);
    expect(await balanceOf(gw, 'demouser')).toBe(before);
  });
});

describe('sendsms body limit', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp({ maxBodyBytes: 4096 });
  });
  afterAll(() => gw.close());

  it('answers 413 with the error shape when the body is over MAX_BODY_BYTES, and accepts a smaller batch', async () => {
    const demo = await account(gw, 'demouser');
    const big = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(400) })]);
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: { status: 'failed', message: 'Request body is too large' } });
    const small = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(100) })]);
    expect(small.status).toBe(200);
  });
});
