import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, call, type TestGateway } from './helpers/test-app';
import { account, balanceOf, list, sendItem, sendSms } from './helpers/messaging';
import { partsSentSince } from '../../server/src/messaging/volume';

type Account = Awaited<ReturnType<typeof account>>;

describe('message lists, search, tenants and status', () => {
  let gw: TestGateway;
  let demo: Account, sup: Account, acme: Account, client: Account;
  const sentIds: Record<string, number> = {};
  beforeAll(async () => {
    gw = await makeTestApp();
    await gw.ctx.db.deleteFrom('message_recipients').execute();
    await gw.ctx.db.deleteFrom('messages').execute();
    demo = await account(gw, 'demouser');
    sup = await account(gw, 'supervisor');
    acme = await account(gw, 'acmeadmin');
    client = await account(gw, 'acmeclient');
    for (let i = 0; i < 45; i += 1) {
      const res = await sendSms(gw, demo.apikey, [
        sendItem({
          shortMessage: `Message number ${i}`,
          destinationAddress: `2332411${String(i).padStart(5, '0')}`,
          messageDescription: i === 7 ? 'Harvest Festival' : 'weekly',
          sourceAddress: i === 3 ? 'ALERTS' : 'DEMO',
        }),
      ]);
      sentIds[`demo${i}`] = res.body.message_id;
    }
    for (let i = 0; i < 3; i += 1) {
      const res = await sendSms(gw, client.apikey, [
        sendItem({ sourceAddress: 'ACMECL', shortMessage: `Acme client ${i}` }),
      ]);
      sentIds[`client${i}`] = res.body.message_id;
    }
    for (let i = 0; i < 2; i += 1) {
      const res = await sendSms(gw, acme.apikey, [
        sendItem({ sourceAddress: 'ACME', shortMessage: `Reseller news ${i}` }),
      ]);
      sentIds[`acme${i}`] = res.body.message_id;
    }
  });
  afterAll(() => gw.close());

  it('pages 20 at a time, newest first, until hasMore is false', async () => {
    const one = await list(gw, demo.token, 'quickrequest', { profile_id: demo.profile_id, pageNum: 1 });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ pageNum: 1, hasMore: true });
    const ids = one.body.bulksms.map((m: any) => m.message_id);
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe(sentIds.demo44);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const three = await list(gw, demo.token, 'quickrequest', { pageNum: '3' });
    expect(three.body.bulksms).toHaveLength(5);
    expect(three.body.hasMore).toBe(false);
    expect(three.body.bulksms.at(-1).message_id).toBe(sentIds.demo0);
    expect(one.body.bulksms[0]).toEqual({
      message_id: sentIds.demo44,
      randomAlpha: expect.stringMatching(/^[A-Za-z]{14}$/),
      shortMessage: 'Message number 44',
      destinationAddress: '233241100044',
      destinationCount: 1,
      destinationTruncated: false,
      sourceAddress: 'DEMO',
      messageDescription: 'weekly',
      messageType: 'quick sms',
      typeandsubtype: 'quick:regular',
      username: 'demouser',
      messagecount: 1,
      credits: 1,
      specialUnicodeSupport: false,
      flash: false,
      messageSentTime: '2026-11-20T10:00:00.000Z',
      posted: 1,
      submitted: 0,
      messageStatus: [
        { status: 'SENT', count: 0 },
        { status: 'FAILED', count: 0 },
        { status: 'PENDING', count: 1 },
      ],
      scheduledMessageId: null,
    });
  });

  it('searches every field but ids, case-insensitively, wildcards taken literally', async () => {
    const search = async (text: string) =>
      (await list(gw, demo.token, 'quickrequest', { search: text })).body.bulksms.map((m: any) => m.message_id);
    expect(await search('MESSAGE NUMBER 7')).toEqual([sentIds.demo7]);
    expect(await search('harvest')).toEqual([sentIds.demo7]);
    expect(await search('alerts')).toEqual([sentIds.demo3]);
    expect(await search('233241100012')).toEqual([sentIds.demo12]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    const alpha = (await list(gw, demo.token, 'quickrequest')).body.bulksms[0].randomAlpha;
    expect(await search(alpha)).toEqual([]);
  });

  it('gives an admin its own clients’ messages only, with their authors', async () => {
    const acmeView = await list(gw, acme.token, 'allbulksms', { profile_id: acme.profile_id });
    expect(acmeView.body.bulksms.map((m: any) => m.username)).toEqual(['acmeclient', 'acmeclient', 'acmeclient']);
    const supView = await list(gw, sup.token, 'allbulksms', { pageNum: 3 });
    expect(supView.body.bulksms).toHaveLength(7);
    const authors = new Set<string>();
    for (let page = 1; page <= 3; page += 1) {
      for (const m of (await list(gw, sup.token, 'allbulksms', { pageNum: page })).body.bulksms)
        authors.add(m.username);
    }
    expect([...authors].sort()).toEqual(['acmeadmin', 'demouser']);
    const byAuthor = await list(gw, sup.token, 'allbulksms', { search: 'ACMEADMIN' });
    expect(byAuthor.body.bulksms.map((m: any) => m.message_id)).toEqual([sentIds.acme1, sentIds.acme0]);
  });

  it('refuses client lists to non-admins and lists for someone else’s profile_id', async () => {
    for (const path of ['allbulksms', 'allscheduled', 'allrecurring']) {
      const res = await list(gw, demo.token, path);
      expect(res.status).toBe(403);
      expect(res.body.error.status).toBe('failed');
    }
    expect((await list(gw, acme.token, 'quickrequest', { profile_id: demo.profile_id })).status).toBe(403);
    expect((await call(gw, 'quickrequest', { pageNum: 1 })).status).toBe(401);
  });

  it('reads status rows of own messages and of an admin’s clients, 404 for anyone else', async () => {
    const status = (id: number | string, who: Account, body: Record<string, unknown> = {}) =>
      call(gw, `status/${id}`, body, { token: who.token });
    const own = await status(sentIds.demo1!, demo, { profile_id: demo.profile_id });
    expect(own.status).toBe(200);
    expect(own.body.status).toEqual([
      {
        id: expect.any(Number),
        mobilenumber: '233241100001',
        status: 'PENDING',
        statusnumber: 0,
        referencekey: expect.any(String),
      },
    ]);
    expect((await status(sentIds.demo1!, sup)).status).toBe(200);
    expect((await status(sentIds.client0!, acme, { profile_id: client.profile_id })).status).toBe(200);
    for (const [id, who] of [
      [sentIds.demo1, acme],
      [sentIds.client0, demo],
      [sentIds.demo1, client],
      [sentIds.client0, sup],
      [999999, demo],
      ['nope!', demo],
    ] as const) {
      const res = await status(id!, who);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { status: 'failed', message: 'Message not found' } });
    }
    const alpha = (await list(gw, demo.token, 'quickrequest')).body.bulksms[0].randomAlpha;
    expect((await status(alpha, demo)).body.status[0].mobilenumber).toBe('233241100044');
    expect((await call(gw, `status/${sentIds.demo1}`, {})).status).toBe(401);
  });

  it('counts the parts a reseller and its clients sent (applicable rate volume)', async () => {
    const since = gw.clock.now - 1000;
    expect(await partsSentSince(gw.ctx.db, acme.profile_id, since)).toBe(5);
    expect(await partsSentSince(gw.ctx.db, client.profile_id, since)).toBe(3);
    expect(await partsSentSince(gw.ctx.db, acme.profile_id, gw.clock.now + 1)).toBe(0);
  });
});

describe('scheduled and recurring: lists, update, delete', () => {
  let gw: TestGateway;
  let demo: Account, client: Account, acme: Account;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    client = await account(gw, 'acmeclient');
    acme = await account(gw, 'acmeadmin');
  });
  afterAll(() => gw.close());

  const register = async (who: Account, item: Record<string, unknown>) =>
    (await sendSms(gw, who.apikey, [sendItem(item)])).body;

  it('updates a scheduled message, charging the extra parts of its prepaid delivery', async () => {
    const reg = await register(demo, {
      messageType: 'scheduled sms',
      expectedDeliveryTime: '2026-11-21 09:00:00',
      destinationAddress: '233241700001,233241700002',
    });
    const before = await balanceOf(gw, 'demouser');
    const res = await call(
      gw,
      'updatescheduled',
      {
        profile_id: demo.profile_id,
        message_id: String(reg.message_id),
        shortMessage: 'b'.repeat(200),
        sourceAddress: 'ALERTS',
        messageDescription: 'Moved',
        expectedDeliveryTime: '2026-11-22 15:30:00',
      },
      { token: demo.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'successful',
      message: 'Scheduled sms updated successfully',
      creditbalance: before - 2,
    });
    const item = (await list(gw, demo.token, 'scheduledrequest', { search: 'moved' })).body.scheduled[0];
    expect(item).toMatchObject({
      message_id: reg.message_id,
      sourceAddress: 'ALERTS',
      messagecount: 2,
      expectedDeliveryTime: '2026-11-22T15:30:00.000Z',
    });

    const back = await call(
      gw,
      'updatescheduled',
      { message_id: reg.message_id, shortMessage: 'short again' },
      { token: demo.token },
    );
    expect(back.body.creditbalance).toBe(before);
  });

  it('refuses bad edits: invalid date, unapproved sender, someone else’s or the wrong list', async () => {
    const reg = await register(demo, { messageType: 'scheduled sms', expectedDeliveryTime: '2026-11-21 09:00:00' });
    const edit = (body: Record<string, unknown>, who: Account = demo, path = 'updatescheduled') =>
      call(gw, path, { message_id: reg.message_id, ...body }, { token: who.token });
    expect((await edit({ expectedDeliveryTime: '2026-13-01 10:00:00' })).body.error).toEqual({
      status: 'failed',
      message: 'Please enter a valid date',
    });
    expect((await edit({ sourceAddress: 'PROMO' })).body.error.message).toContain('awaiting approval');
    for (const who of [client, acme]) {
      const res = await edit({ shortMessage: 'hijack' }, who);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Scheduled sms not found');
    }
    expect((await edit({}, demo, 'updaterecurring')).status).toBe(404);
    expect((await edit({ profile_id: client.profile_id })).status).toBe(403);
    expect((await call(gw, 'deletescheduled', { message_id: reg.message_id }, { token: client.token })).status).toBe(
      404,
    );
  });

  it('updates a recurring message’s period and interval, and refuses a zero interval', async () => {
    const reg = await register(demo, {
      messageType: 'recurring sms',
      expectedDeliveryTime: '2026-11-21 09:00:00',
      recurringPeriod: 'Hourly',
      recurringInterval: 3,
    });
    const res = await call(
      gw,
      'updaterecurring',
      {
        profile_id: demo.profile_id,
        message_id: reg.message_id,
        shortMessage: 'Every two days',
        sourceAddress: 'DEMO',
        messageDescription: '',
        expectedDeliveryTime: '2026-11-23 08:00:00',
        recurringPeriod: 'Daily',
        recurringInterval: '2',
      },
      { token: demo.token },
    );
    expect(res.body.message).toBe('Recurring sms updated successfully');
    const item = (await list(gw, demo.token, 'recurringrequest')).body.recurring.find(
      (m: any) => m.message_id === reg.message_id,
    );
    expect(item).toMatchObject({
      recurringPeriod: 'Daily',
      recurringInterval: 2,
      nextDeliveryTime: '2026-11-23T08:00:00.000Z',
      shortMessage: 'Every two days',
    });
    const zero = await call(
      gw,
      'updaterecurring',
      { message_id: reg.message_id, recurringInterval: 0 },
      { token: demo.token },
    );
    expect(zero.body.error.message).toBe('Please select a recurring interval');
  });

  it('deletes a registration: gone from the list, never sent, prepaid credits refunded', async () => {
    const before = await balanceOf(gw, 'demouser');
    const reg = await register(demo, {
      messageType: 'scheduled sms',
      expectedDeliveryTime: '2026-11-20 10:30:00',
      destinationAddress: '233241700011,233241700012,233241700013',
    });
    expect(reg.creditbalance).toBe(before - 3);
    const res = await call(
      gw,
      'deletescheduled',
      { profile_id: demo.profile_id, message_id: reg.message_id },
      { token: demo.token },
    );
    expect(res.body).toMatchObject({
      status: 'successful',
      message: 'Scheduled sms deleted successfully',
      creditbalance: before,
    });
    const listed = (await list(gw, demo.token, 'scheduledrequest')).body.scheduled.map((m: any) => m.message_id);
    expect(listed).not.toContain(reg.message_id);
    const { tickScheduler } = await import('../../server/src/scheduler/scheduler');
    gw.clock.advance(3600_000);
    await tickScheduler(gw.ctx);
    const runs = await gw.ctx.db.selectFrom('messages').select('id').where('parent_id', '=', reg.message_id).execute();
    expect(runs).toEqual([]);
    expect((await call(gw, 'deletescheduled', { message_id: reg.message_id }, { token: demo.token })).status).toBe(404);
    const rec = await register(demo, {
      messageType: 'recurring sms',
      expectedDeliveryTime: '2026-11-25 10:30:00',
      recurringPeriod: 'Daily',
      recurringInterval: 1,
    });
    expect((await call(gw, 'deleterecurring', { message_id: rec.message_id }, { token: demo.token })).body.status).toBe(
      'successful',
    );
  });

  it('refuses to edit a scheduled message that has already been sent', async () => {
    // Due five minutes ago (Accra is UTC): accepted within the picker's step, and sent at the next tick.
    const due = new Date(gw.clock.now - 5 * 60_000).toISOString();
    const reg = await register(demo, {
      messageType: 'scheduled sms',
      expectedDeliveryTime: `${due.slice(0, 10)} ${due.slice(11, 16)}:00`,
    });
    const { tickScheduler } = await import('../../server/src/scheduler/scheduler');
    await tickScheduler(gw.ctx);
    const res = await call(
      gw,
      'updatescheduled',
      { message_id: reg.message_id, shortMessage: 'too late' },
      { token: demo.token },
    );
    expect(res.body.error.message).toBe('This scheduled sms has already been sent');
  });

  it('shows clients’ scheduled and recurring messages to their admin only', async () => {
    await register(client, {
      sourceAddress: 'ACMECL',
      messageType: 'scheduled sms',
      expectedDeliveryTime: '2026-12-01 09:00:00',
      shortMessage: 'Acme scheduled',
    });
    const acmeView = await list(gw, acme.token, 'allscheduled', { search: 'acme scheduled' });
    expect(acmeView.body.scheduled.map((m: any) => [m.username, m.shortMessage])).toEqual([
      ['acmeclient', 'Acme scheduled'],
    ]);
    const sup = await account(gw, 'supervisor');
    const supView = await list(gw, sup.token, 'allscheduled', { search: 'acme scheduled' });
    expect(supView.body.scheduled).toEqual([]);
    const recurring = await list(gw, acme.token, 'allrecurring');
    expect(recurring.body.recurring.every((m: any) => m.username === 'acmeclient')).toBe(true);
  });
});
