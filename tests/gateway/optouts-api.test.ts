// The account's opt-out list through the API (docs/api.md#opt-outs): list with search and paging, add
// one or many (at most 100,000, all valid or none), remove only with a reason (recorded), and an
// admin's clients' counts. Bad input is a 4xx with a clear message, and nothing is added by mistake.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, sendItem, sendSms } from './helpers/messaging';
import { MAX_OPT_OUT_NUMBERS } from '../../src/domain/numbers/opt-out';

describe('the opt-out list calls', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
  });
  afterEach(() => gw.close());

  const as = (user: { token: string; profile_id: number }, name: string, body: Record<string, unknown> = {}) =>
    call(gw, name, { profile_id: user.profile_id, ...body }, { token: user.token });
  const stored = () =>
    gw.ctx.db.selectFrom('optouts').select(['profile_id', 'number', 'reason']).orderBy('id').execute();

  it('adds numbers however written, once each, and says how many were new', async () => {
    const first = await as(demo, 'optoutadd', { numbers: '0241000101, +233 241 000 102\n233241000101' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'successful',
      message: '2 numbers added to your opt-out list',
      added: 2,
      already: 0,
    });
    const again = await as(demo, 'optoutadd', { numbers: ['233241000102', 241000103], reason: 'complaint' });
    expect(again.body).toMatchObject({
      message: '1 number added to your opt-out list, 1 number already on it',
      added: 1,
      already: 1,
    });
    expect((await stored()).map((r) => [r.number, r.reason])).toEqual([
      ['233241000101', 'manual'],
      ['233241000102', 'manual'],
      ['233241000103', 'complaint'],
    ]);
    // The next send skips them.
    const sent = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '0241000103,0241000104' })]);
    expect(sent.body.optedOut).toBe(1);
  });

  it('adds the phone numbers typed among other entries, naming what it left out', async () => {
    const res = await as(demo, 'optoutadd', { numbers: ['0241000101', 'call me', '+233 24 100 0102', '12'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      added: 2,
      already: 0,
      leftOut: ['call me', '12'],
      message: "2 numbers added to your opt-out list. Not phone numbers, left out: 'call me', '12'",
    });
    expect((await stored()).map((r) => r.number)).toEqual(['233241000101', '233241000102']);
  });

  it("refuses entries none of which is a number, a reason that is not the account's to give, and too many numbers, adding nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ numbers: ['call me'] }, "'call me' (number 1) is not a phone number: nothing was added"],
      [{ numbers: ['call me', '12'] }, "'call me' (number 1) is not a phone number: nothing was added"],
      [{ numbers: '' }, 'Invalid request: numbers needs at least one phone number'],
      [{ numbers: ['0241000101'], reason: 'stop_reply' }, 'Invalid request: reason'],
      [
        { numbers: Array.from({ length: MAX_OPT_OUT_NUMBERS + 1 }, (_, i) => `23324${String(i).padStart(7, '0')}`) },
        'At most 100,000 numbers can be added at once',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await as(demo, 'optoutadd', body);
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await stored()).toEqual([]);
  });

  it('adds 100,000 numbers in one call', async () => {
    const numbers = Array.from({ length: MAX_OPT_OUT_NUMBERS }, (_, i) => `0${String(200_000_000 + i)}`);
    const res = await as(demo, 'optoutadd', { numbers, reason: 'import' });
    expect(res.body).toMatchObject({ added: MAX_OPT_OUT_NUMBERS, already: 0 });
    const page = await as(demo, 'optoutlist', { search: '', pageNum: 1 });
    expect(page.body).toMatchObject({ total: MAX_OPT_OUT_NUMBERS, hasMore: true });
  }, 60_000);

  it('lists newest first, 20 a page, searching the number however it is typed', async () => {
    const numbers = Array.from({ length: 25 }, (_, i) => `2332410001${String(i).padStart(2, '0')}`);
    for (const [i, n] of numbers.entries()) {
      gw.clock.advance(1000);
      await as(demo, 'optoutadd', { numbers: [n], reason: i === 3 ? 'complaint' : 'manual' });
    }
    const first = await as(demo, 'optoutlist', { search: '', pageNum: 1 });
    expect(first.body.optouts).toHaveLength(20);
    expect(first.body.optouts[0]).toEqual({
      id: expect.any(Number),
      number: '233241000124',
      reason: 'manual',
      note: '',
      created_at: new Date(gw.clock.now).toISOString(),
    });
    expect(first.body).toMatchObject({ total: 25, pageNum: 1, hasMore: true, inbound: { stop: 0, other: 0 } });
    const second = await as(demo, 'optoutlist', { search: '', pageNum: 2 });
    expect(second.body.optouts.map((o: any) => o.number).at(-1)).toBe('233241000100');
    expect(second.body.hasMore).toBe(false);
    for (const search of ['0241000107', '+233 24 100 0107', '233241000107']) {
      const found = await as(demo, 'optoutlist', { search, pageNum: 1 });
      expect(
        found.body.optouts.map((o: any) => o.number),
        search,
      ).toEqual(['233241000107']);
    }
    const byReason = await as(demo, 'optoutlist', { search: 'complaint', pageNum: 1 });
    expect(byReason.body.optouts.map((o: any) => o.number)).toEqual(['233241000103']);
    // Another account sees none of them.
    const acme = await account(gw, 'acmeadmin');
    const theirs = await call(
      gw,
      'optoutlist',
      { search: '', pageNum: 1 },
      { token: acme.token, host: 'acme.localhost' },
    );
    expect(theirs.body).toMatchObject({ optouts: [], total: 0 });
    const all = await as(demo, 'optoutnumbers');
    expect(all.body.optouts).toHaveLength(25);
  });

  it('removes a number only with a stated reason, and records who and why', async () => {
    await as(demo, 'optoutadd', { numbers: ['0241000101'] });
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ number: '0241000101', reason: '  ' }, 400, 'Please say why this number may receive messages again'],
      [{ number: '0241000102', reason: 'opted in again' }, 404, '233241000102 is not on your opt-out list'],
      [{ number: 'x', reason: 'opted in again' }, 400, "'x' is not a phone number"],
    ];
    for (const [body, status, message] of refusals) {
      const res = await as(demo, 'optoutremove', body);
      expect(res.status, message).toBe(status);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await stored()).toHaveLength(1);
    const removed = await as(demo, 'optoutremove', { number: '+233 241000101', reason: 'Opted in again at the shop' });
    expect(removed.body).toMatchObject({ status: 'successful' });
    expect(await stored()).toEqual([]);
    const log = await gw.ctx.db.selectFrom('optout_log').selectAll().orderBy('id').execute();
    expect(log.map((l) => [l.number, l.action, l.reason, l.by_profile_id])).toEqual([
      ['233241000101', 'added', 'manual', demo.profile_id],
      ['233241000101', 'removed', 'Opted in again at the shop', demo.profile_id],
    ]);
  });

  it("shows an admin its clients' counts, and nobody else's", async () => {
    const sup = await account(gw, 'supervisor');
    const acme = await account(gw, 'acmeadmin');
    const acmeClient = await account(gw, 'acmeclient');
    await as(demo, 'optoutadd', { numbers: ['0241000101', '0241000102'] });
    await call(gw, 'optoutadd', { numbers: ['0241000101'] }, { token: acmeClient.token, host: 'acme.localhost' });
    const mine = await as(sup, 'clientoptouts');
    expect(mine.body.clients).toEqual([{ profile_id: demo.profile_id, username: 'demouser', count: 2 }]);
    const theirs = await call(gw, 'clientoptouts', {}, { token: acme.token, host: 'acme.localhost' });
    expect(theirs.body.clients).toEqual([{ profile_id: acmeClient.profile_id, username: 'acmeclient', count: 1 }]);
    expect((await as(demo, 'clientoptouts')).status).toBe(403);
    // A body naming another account is refused.
    expect((await call(gw, 'optoutlist', { profile_id: acme.profile_id }, { token: demo.token })).status).toBe(403);
  });
});
