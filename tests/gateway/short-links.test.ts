// Branded short links (docs/product.md#short-links): each recipient's own code on the tenant's host,
// counted in parts before sending; the redirect counts a person's click once a request, never a HEAD,
// a previewer or a fetch within a second of the delivery receipt; 404 on another tenant's host; an
// expired link's page names the sender; a bad web address is refused before anything is stored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { openShortLink, PHONE, type Opening } from './helpers/short-links';
import { sql } from 'kysely';
import { account, balanceOf, numbers, sendItem, sendSms } from './helpers/messaging';
import {
  MAX_LONG_URL,
  NO_LINK_TO_SHORTEN,
  SHORT_LINKED_TEXT_FIXED,
  SHORT_CODE_LENGTH,
  SHORT_LINK_LIFETIME_MS,
} from '../../src/domain/links/short-links';

const LONG_URL = `https://shop.example.com/offers/black-friday?utm_source=sms&utm_campaign=${'x'.repeat(60)}`;
const TEXT = `Black Friday: 30% off everything at Demo Traders today. Shop now: ${LONG_URL} See you!`;

describe('short links', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
  });
  afterEach(() => gw.close());

  const textsOf = (messageId: number) =>
    gw.ctx.db
      .selectFrom('message_recipients')
      .select(['id', 'number', 'text', 'parts'])
      .where('message_id', '=', messageId)
      .orderBy('recipient_index')
      .execute();
  const clicksOf = (messageId: number) =>
    gw.ctx.db.selectFrom('link_clicks').selectAll().where('message_id', '=', messageId).execute();
  const open = (code: string, options: Opening = {}) => openShortLink(gw, code, options);

  /** Sends TEXT with shortened links; answers the message and each recipient's host and code. */
  async function sendShortened(to: string, user = demo, host = 'localhost', sender = 'DEMO', text = TEXT) {
    const sent = await sendSms(
      gw,
      user.apikey,
      [sendItem({ destinationAddress: to, shortenLinks: true, shortMessage: text, sourceAddress: sender })],
      { host },
    );
    expect(sent.status).toBe(200);
    const rows = await textsOf(sent.body.message_id);
    const links = rows.map((r) => {
      const match = /https:\/\/([^/\s]+)\/l\/([A-Za-z0-9]+) See you!$/.exec(r.text ?? '');
      expect(match, r.text ?? '').not.toBeNull();
      return { host: match![1]!, code: match![2]!, parts: r.parts, recipientId: r.id };
    });
    return { id: sent.body.message_id as number, links };
  }

  it("gives each recipient its own code on the tenant's host, counted in parts and price with the short link", async () => {
    const before = await balanceOf(gw, 'demouser');
    const { links } = await sendShortened(numbers(200));
    expect(new Set(links.map((l) => l.host))).toEqual(new Set(['localhost']));
    expect(new Set(links.map((l) => l.code)).size).toBe(200);
    for (const l of links) expect(l.code).toMatch(new RegExp(`^[A-Za-z0-9]{${SHORT_CODE_LENGTH}}$`));
    // The long text takes two parts; with its short link it fits one, and one a recipient is charged.
    expect(TEXT.length).toBeGreaterThan(160);
    expect(links.every((l) => l.parts === 1)).toBe(true);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 200);

    const acmeClient = await account(gw, 'acmeclient');
    const acme = await sendShortened('233241000101', acmeClient, 'acme.localhost', 'ACMECL');
    expect(acme.links[0]!.host).toBe('acme.localhost');
  });

  it('draws codes at random: no order, no shared runs, every letter and digit in use', async () => {
    const { links } = await sendShortened(numbers(300));
    const codes = links.map((l) => l.code);
    // Neighbours (in the order the recipients were stored) share about one position in 62: never most of them.
    const sharedPositions = codes.slice(1).map((c, i) => [...c].filter((ch, k) => ch === codes[i]![k]).length);
    expect(Math.max(...sharedPositions)).toBeLessThan(4);
    expect([...codes].sort()).not.toEqual(codes);
    const used = new Set(codes.join(''));
    expect(used.size).toBeGreaterThan(55);
  });

  it('redirects to the long URL and counts one click a GET, none for a HEAD or a previewer', async () => {
    const { id, links } = await sendShortened(numbers(3));
    const [first, second, third] = links;
    const res = await open(first!.code);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(LONG_URL);
    // The long URL's site is not told the short link (nor the tenant's host) the person came from.
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(await clicksOf(id)).toHaveLength(1);
    await open(first!.code);
    const clicks = await clicksOf(id);
    expect(clicks).toHaveLength(2);
    expect(clicks.map((c) => c.device)).toEqual(['android', 'android']);
    expect(Object.keys(clicks[0]!)).not.toContain('ip');

    const head = await open(second!.code, { method: 'HEAD' });
    expect(head.statusCode).toBe(302);
    for (const agent of [
      'WhatsApp/2.23.20.0 A',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    ]) {
      const preview = await open(third!.code, { agent });
      expect(preview.statusCode).toBe(302);
    }
    expect(await clicksOf(id)).toHaveLength(2);
  });

  it('redirects a person even when the click cannot be written, and reports the clicks lost', async () => {
    const reported: string[] = [];
    gw.ctx.reportError = (where) => reported.push(where);
    const { id, links } = await sendShortened(numbers(2));
    // The clicks' table gone for a moment: their insert fails.
    await sql`alter table link_clicks rename to link_clicks_away`.execute(gw.ctx.db);
    const answers = await Promise.all(links.map((l) => open(l.code)));
    await sql`alter table link_clicks_away rename to link_clicks`.execute(gw.ctx.db);
    expect(answers.map((a) => [a.statusCode, a.headers.location])).toEqual([
      [302, LONG_URL],
      [302, LONG_URL],
    ]);
    expect(reported.join(' ')).toMatch(
      /^short link clicks not recorded \(1\) short link clicks not recorded \(1\)$|^short link clicks not recorded \(2\)$/,
    );
    // The next click is written as before.
    await open(links[0]!.code);
    expect(await clicksOf(id)).toHaveLength(1);
  });

  it('writes every click it answered before the gateway stops', async () => {
    const { id, links } = await sendShortened(numbers(200));
    // Opened without waiting for the writes: the redirects answer before their clicks are stored.
    const answers = await Promise.all(
      links.map((l) =>
        gw.app.inject({ method: 'GET', url: `/l/${l.code}`, headers: { host: 'localhost', 'user-agent': PHONE } }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 302)).toBe(true);
    await gw.app.close();
    const clicks = await clicksOf(id);
    expect(clicks.map((c) => c.recipient_index).sort((a, b) => a - b)).toEqual([...Array(200).keys()]);
  });

  /** The recipient's delivery receipt comes now. */
  const deliveredNow = (recipientId: number) =>
    gw.ctx.db
      .updateTable('message_recipients')
      .set({ status: 'SENT', done_at: gw.clock.now })
      .where('id', '=', recipientId)
      .execute();

  it('counts no click within a second of the delivery receipt', async () => {
    const { id, links } = await sendShortened(numbers(1));
    await deliveredNow(links[0]!.recipientId);
    gw.clock.advance(400);
    expect((await open(links[0]!.code)).statusCode).toBe(302);
    expect(await clicksOf(id)).toHaveLength(0);
    gw.clock.advance(600);
    await open(links[0]!.code);
    expect(await clicksOf(id)).toHaveLength(1);
  });

  it('counts a click made before the delivery receipt, and none within a second of a receipt that came later', async () => {
    const { id, links } = await sendShortened(numbers(1));
    await open(links[0]!.code);
    expect(await clicksOf(id)).toHaveLength(1);
    await deliveredNow(links[0]!.recipientId);
    gw.clock.advance(400);
    expect((await open(links[0]!.code)).statusCode).toBe(302);
    expect(await clicksOf(id)).toHaveLength(1);
    gw.clock.advance(600);
    await open(links[0]!.code);
    expect(await clicksOf(id)).toHaveLength(2);
  });

  it("stores a send's long URL once for all its links, and a link holding its URL inline still redirects", async () => {
    const { id, links } = await sendShortened(numbers(50));
    const urls = await gw.ctx.db.selectFrom('short_link_urls').select('url').where('message_id', '=', id).execute();
    expect(urls).toEqual([{ url: LONG_URL }]);
    // A link made before the URLs were stored once (migration 049): its row holds the URL itself.
    await gw.ctx.db
      .insertInto('short_links')
      .values({
        code: 'Old1234',
        profile_id: demo.profile_id,
        message_id: id,
        recipient_id: links[0]!.recipientId,
        recipient_index: 0,
        network: 'mtn',
        mode: 'live',
        url: 'https://example.com/before',
        created_at: gw.clock.now,
      })
      .execute();
    const res = await open('Old1234');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/before');
    expect((await open(links[1]!.code)).headers.location).toBe(LONG_URL);
  });

  it("answers 404 for an unknown or malformed code and on another tenant's host, counting nothing", async () => {
    const { id, links } = await sendShortened(numbers(1));
    const code = links[0]!.code;
    const other = code === 'AAAAAAA' ? 'BBBBBBB' : 'AAAAAAA';
    for (const res of [
      await open(other),
      await open('short'),
      await open(code, { host: 'acme.localhost' }),
      await open(code, { host: 'other.example' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Link not found');
    }
    expect(await clicksOf(id)).toHaveLength(0);
  });

  it("answers 404 on another tenant's host and the expired page at 90 days for a link opened just before", async () => {
    const { id, links } = await sendShortened(numbers(1));
    const code = links[0]!.code;
    expect((await open(code)).statusCode).toBe(302);
    for (const host of ['acme.localhost', 'other.example']) {
      const res = await open(code, { host });
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
    gw.clock.advance(SHORT_LINK_LIFETIME_MS);
    const expired = await open(code);
    expect(expired.statusCode).toBe(410);
    expect(expired.headers.location).toBeUndefined();
    expect(await clicksOf(id)).toHaveLength(1);
  });

  it('shows a page naming the sender once the link is 90 days old, and goes nowhere', async () => {
    const { id, links } = await sendShortened(numbers(1));
    gw.clock.advance(SHORT_LINK_LIFETIME_MS);
    const res = await open(links[0]!.code);
    expect(res.statusCode).toBe(410);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('This link has expired');
    expect(res.body).toContain('Demo Traders');
    expect(res.body).not.toContain(LONG_URL);
    expect(await clicksOf(id)).toHaveLength(0);
  });

  it('refuses a bad or missing web address with a clear message, storing nothing', async () => {
    const before = await balanceOf(gw, 'demouser');
    const refused = async (text: string) => {
      const res = await sendSms(gw, demo.apikey, [sendItem({ shortenLinks: true, shortMessage: text })]);
      expect(res.status).toBe(400);
      return String(res.body.error.message);
    };
    expect(await refused('No link in this one')).toBe(NO_LINK_TO_SHORTEN);
    expect(await refused('Broken: http://exa%mple.com/x')).toBe(
      'The link http://exa%mple.com/x is not a valid web address',
    );
    expect(await refused(`Long: https://example.com/${'a'.repeat(MAX_LONG_URL)}`)).toContain(
      `is longer than ${MAX_LONG_URL} characters`,
    );
    expect(await refused('Sign in: https://user:pw@example.com/')).toContain('no user name or password');
    expect(await balanceOf(gw, 'demouser')).toBe(before);
    expect(await gw.ctx.db.selectFrom('short_links').selectAll().execute()).toEqual([]);
  });

  it('leaves the opt-out line alone and never shortens an opted-out recipient', async () => {
    const sent = await sendSms(gw, demo.apikey, [
      sendItem({
        destinationAddress: '233241000201',
        shortenLinks: true,
        optOutLink: true,
        shortMessage: 'Go https://example.com/a',
      }),
    ]);
    expect(sent.status).toBe(200);
    const [row] = await textsOf(sent.body.message_id);
    expect(row!.text).toMatch(
      /^Go https:\/\/localhost\/l\/[A-Za-z0-9]{7}\nOpt out: https:\/\/localhost\/o\/[A-Za-z0-9]{8}$/,
    );
    const stored = await gw.ctx.db
      .selectFrom('short_links as l')
      .innerJoin('short_link_urls as u', 'u.id', 'l.url_id')
      .select(['u.url', 'l.network'])
      .execute();
    expect(stored).toEqual([{ url: 'https://example.com/a', network: 'mtn' }]);
  });

  it("keeps a scheduled send's short links: its text cannot be edited, its time can, and its links work", async () => {
    const sent = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'scheduled sms',
        typeandsubtype: 'scheduled:regular',
        expectedDeliveryTime: '2026-11-21 09:00:00',
        destinationAddress: numbers(2),
        shortenLinks: true,
        shortMessage: TEXT,
      }),
    ]);
    expect(sent.status).toBe(200);
    const edit = (body: Record<string, unknown>) =>
      call(gw, 'updatescheduled', { message_id: sent.body.message_id, ...body }, { token: demo.token });
    const refused = await edit({ shortMessage: 'A new text' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(SHORT_LINKED_TEXT_FIXED);
    expect((await edit({ expectedDeliveryTime: '2026-11-21 10:00:00' })).body.status).toBe('successful');
    const [first] = await textsOf(sent.body.message_id);
    const code = /\/l\/([A-Za-z0-9]{7})/.exec(first!.text ?? '')![1]!;
    expect((await open(code)).headers.location).toBe(LONG_URL);
    expect(await clicksOf(sent.body.message_id)).toHaveLength(1);
  });
});
