// The opt-out link (docs/compliance.md#the-opt-out-link): on the sending tenant's own host, an
// unguessable code per (account, number), a page with no sign-in that confirms once, a 404 for an
// unknown code or another tenant's host, and a rate limit per address.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalPhone } from '../../src/domain/numbers/phone-number';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf, sendItem, sendSms } from './helpers/messaging';
import { newOptOutCode } from '../../server/src/optouts/links';
import { LINK_HITS_PER_MINUTE } from '../../server/src/routes/optouts';
import { LINKED_TEXT_FIXED, OPT_OUT_CODE_ALPHABET, OPT_OUT_CODE_LENGTH } from '../../src/domain/numbers/opt-out';

const TEXT_150 = 'A'.repeat(150);

describe('the opt-out link', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
  });
  afterEach(() => gw.close());

  const textOf = async (messageId: number, number: string) => {
    const row = await gw.ctx.db
      .selectFrom('message_recipients')
      .select(['text', 'parts'])
      .where('message_id', '=', messageId)
      .where('number', '=', canonicalPhone(number))
      .executeTakeFirstOrThrow();
    return row;
  };
  const optOutsOf = (profileId: number) =>
    gw.ctx.db.selectFrom('optouts').selectAll().where('profile_id', '=', profileId).execute();
  const open = (code: string, host = 'localhost', remoteAddress = '10.0.0.1') =>
    gw.app.inject({ method: 'GET', url: `/o/${code}`, headers: { host }, remoteAddress });
  const confirm = (code: string, options: { host?: string; headers?: Record<string, string>; body?: string } = {}) =>
    gw.app.inject({
      method: 'POST',
      url: `/o/${code}`,
      payload: options.body ?? 'confirm=yes',
      remoteAddress: '10.0.0.1',
      headers: {
        host: options.host ?? 'localhost',
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://${options.host ?? 'localhost'}`,
        'sec-fetch-site': 'same-origin',
        ...options.headers,
      },
    });

  /** Sends one text with a link to a number; answers the code its text carries. */
  async function sendWithLink(number: string, user = demo, host = 'localhost', sender = 'DEMO') {
    const sent = await sendSms(
      gw,
      user.apikey,
      [sendItem({ destinationAddress: number, optOutLink: true, shortMessage: TEXT_150, sourceAddress: sender })],
      { host },
    );
    expect(sent.status).toBe(200);
    const { text, parts } = await textOf(sent.body.message_id, number);
    const match = /\nOpt out: https:\/\/([^/]+)\/o\/([A-Za-z0-9]+)$/.exec(text ?? '');
    expect(match).not.toBeNull();
    return { host: match![1]!, code: match![2]!, parts, answer: sent.body };
  }

  it("ends each recipient's text with its link on the tenant's host, counted in parts and price", async () => {
    const before = await balanceOf(gw, 'demouser');
    const first = await sendWithLink('233241000101');
    expect(first.host).toBe('localhost');
    expect(first.code).toMatch(new RegExp(`^[A-Za-z0-9]{${OPT_OUT_CODE_LENGTH}}$`));
    // 150 characters fit one part; with the link they take two, and two are charged.
    expect(first.parts).toBe(2);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);
    // One code per (account, number): a later send to the same number carries the same link.
    expect((await sendWithLink('0241000101')).code).toBe(first.code);
    expect((await sendWithLink('233241000102')).code).not.toBe(first.code);

    const acmeClient = await account(gw, 'acmeclient');
    const acme = await sendWithLink('233241000101', acmeClient, 'acme.localhost', 'ACMECL');
    expect(acme.host).toBe('acme.localhost');
    expect(acme.code).not.toBe(first.code);
  });

  it('asks, then confirms once, suppressing the number for that account only', async () => {
    const { code } = await sendWithLink('233241000101');
    const page = await open(code);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Stop messages from Demo Traders?');
    expect(page.body).toContain('ending in <strong>101</strong>');
    expect(page.body).not.toContain('233241000101');
    expect(page.body).not.toContain('<script');
    expect(page.body.length).toBeLessThan(4000);
    expect(await optOutsOf(demo.profile_id)).toEqual([]);

    const done = await confirm(code);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>Done</h1>');
    const rows = await optOutsOf(demo.profile_id);
    expect(rows.map((r) => [r.number, r.reason])).toEqual([['233241000101', 'link']]);

    const again = await confirm(code);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Already done');
    expect(await optOutsOf(demo.profile_id)).toHaveLength(1);
    expect((await open(code)).body).toContain('Already done');

    // From now on the account's sends skip it; another account's do not.
    const next = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '+233241000101' })]);
    expect(next.body.optedOut).toBe(1);
    const log = await gw.ctx.db.selectFrom('optout_log').selectAll().execute();
    expect(log.map((l) => [l.number, l.action, l.reason])).toEqual([['233241000101', 'added', 'link']]);
  });

  it("answers 404 for an unknown or malformed code and on another tenant's host, suppressing nothing", async () => {
    const { code } = await sendWithLink('233241000101');
    const other = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    for (const res of [
      await open(other),
      await open('short'),
      await open(`${code}x`),
      await open(code, 'acme.localhost'),
      await confirm(other),
      await confirm(code, { host: 'acme.localhost' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Link not found');
    }
    expect(await optOutsOf(demo.profile_id)).toEqual([]);
  });

  it('refuses a confirmation posted from another site or without the form, suppressing nothing', async () => {
    const { code } = await sendWithLink('233241000101');
    const forged = [
      await confirm(code, { headers: { origin: 'https://evil.example' } }),
      await confirm(code, { headers: { 'sec-fetch-site': 'cross-site' } }),
      await confirm(code, { body: 'confirm=no' }),
    ];
    for (const res of forged) expect(res.statusCode).toBe(403);
    expect(await optOutsOf(demo.profile_id)).toEqual([]);
  });

  it('is rate-limited per address', async () => {
    const { code } = await sendWithLink('233241000101');
    for (let i = 0; i < LINK_HITS_PER_MINUTE; i += 1) expect((await open(code)).statusCode).toBe(200);
    const limited = await open(code);
    expect(limited.statusCode).toBe(429);
    // Another address is not held back, and the window passes.
    expect((await open(code, 'localhost', '10.0.0.2')).statusCode).toBe(200);
    gw.clock.advance(60_000);
    expect((await open(code)).statusCode).toBe(200);
  });

  it('draws codes evenly from 62 characters with no repeats', () => {
    const codes = Array.from({ length: 20_000 }, () => newOptOutCode());
    expect(new Set(codes).size).toBe(codes.length);
    const counts = new Map<string, number>();
    for (const code of codes) {
      expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
      for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe([...OPT_OUT_CODE_ALPHABET].sort().join(''));
    // 160,000 characters: about 2,581 each; a bias (such as byte % 62 over 256) would show 20% more for some.
    const expected = (codes.length * OPT_OUT_CODE_LENGTH) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.1);
  });

  it('refuses a text that the link would push past 9 parts', async () => {
    const sent = await sendSms(gw, demo.apikey, [
      sendItem({ destinationAddress: '233241000101', optOutLink: true, shortMessage: 'A'.repeat(1370) }),
    ]);
    expect(sent.status).toBe(400);
    expect(JSON.stringify(sent.body)).toContain('too long with its opt-out link');
  });

  it("keeps a scheduled send's linked texts: its text cannot be edited, its time can", async () => {
    const sent = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'scheduled sms',
        typeandsubtype: 'scheduled:regular',
        expectedDeliveryTime: '2026-11-21 09:00:00',
        destinationAddress: '233241000101',
        optOutLink: true,
      }),
    ]);
    const edit = (body: Record<string, unknown>) =>
      call(gw, 'updatescheduled', { message_id: sent.body.message_id, ...body }, { token: demo.token });
    const refused = await edit({ shortMessage: 'A new text' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(LINKED_TEXT_FIXED);
    expect((await edit({ expectedDeliveryTime: '2026-11-21 10:00:00' })).body.status).toBe('successful');
    const { text } = await textOf(sent.body.message_id, '233241000101');
    expect(text).toMatch(/^Hello from the test\nOpt out: https:\/\/localhost\/o\/[A-Za-z0-9]{8}$/);
  });
});
