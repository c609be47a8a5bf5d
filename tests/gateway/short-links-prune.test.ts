// Short links are pruned (docs/product.md#short-links): past their 90 days a link shows the expired page
// for SHORT_LINK_GRACE_MS more, then the hourly sweep deletes it, in steps with a yield between, with its
// long URL; it is a plain 404 from then on (already before the sweep comes). Younger links stay; the
// message's report keeps its clicks; a second sweep finds nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { openShortLink } from './helpers/short-links';
import { fundedAccount, numbers, sendItem, sendSms } from './helpers/messaging';
import { pruneShortLinks } from '../../server/src/links/prune';
import { clickReport } from '../../server/src/links/reports';
import { SHORT_LINK_GRACE_MS, SHORT_LINK_LIFETIME_MS } from '../../src/domain/links/short-links';

const DAY = 24 * 3_600_000;
const SALE = 'https://shop.example.com/sale';
/** More links than one step of the sweep reads (5,000). */
const MANY = 5200;

describe('short links pruned after their grace', () => {
  let gw: TestGateway;
  beforeEach(async () => {
    gw = await makeTestApp();
  });
  afterEach(() => gw.close());

  const open = (code: string, host = 'localhost') => openShortLink(gw, code, { host });
  const linksOf = (messageId: number) =>
    gw.ctx.db.selectFrom('short_links').select('code').where('message_id', '=', messageId).execute();
  const urlsOf = (messageId: number) =>
    gw.ctx.db.selectFrom('short_link_urls').select('url').where('message_id', '=', messageId).execute();

  async function sendShortened(username: string, to: string, host = 'localhost', sender = 'DEMO') {
    const user = await fundedAccount(gw, username, 100_000);
    const sent = await sendSms(
      gw,
      user.apikey,
      [
        sendItem({
          destinationAddress: to,
          shortMessage: `Sale: ${SALE} now`,
          shortenLinks: true,
          sourceAddress: sender,
        }),
      ],
      { host },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.message_id as number;
    return { id, codes: (await linksOf(id)).map((l) => l.code) };
  }

  it('deletes only links past their lifetime and grace, in steps, with their URLs, keeping their clicks', async () => {
    const old = await sendShortened('demouser', numbers(MANY));
    const [first] = old.codes;
    expect((await open(first!)).statusCode).toBe(302);
    gw.clock.advance(60 * DAY);
    const young = await sendShortened('acmeclient', '233241000550', 'acme.localhost', 'ACMECL');

    // Expired, within its grace: the page naming the sender, and the sweep leaves it.
    gw.clock.advance(SHORT_LINK_LIFETIME_MS - 60 * DAY);
    expect((await open(first!)).statusCode).toBe(410);
    gw.clock.advance(SHORT_LINK_GRACE_MS - 1);
    expect(await pruneShortLinks(gw.ctx)).toEqual({ links: 0, urls: 0 });
    expect(await linksOf(old.id)).toHaveLength(MANY);
    const expired = await open(first!);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');

    // Its grace over: a plain 404 at once (the sweep runs hourly), then deleted.
    gw.clock.advance(1);
    expect((await open(first!)).statusCode).toBe(404);
    let steps = 0;
    const pruned = await pruneShortLinks(gw.ctx, async () => {
      steps += 1;
    });
    expect(pruned).toEqual({ links: MANY, urls: 1 });
    expect(steps).toBeGreaterThanOrEqual(1);
    expect(await linksOf(old.id)).toEqual([]);
    expect(await urlsOf(old.id)).toEqual([]);
    expect((await open(first!)).statusCode).toBe(404);
    expect((await open(old.codes[1]!)).statusCode).toBe(404);
    // The younger link (60 days, another tenant's) still works.
    expect(await linksOf(young.id)).toHaveLength(1);
    expect(await urlsOf(young.id)).toEqual([{ url: SALE }]);
    expect((await open(young.codes[0]!, 'acme.localhost')).statusCode).toBe(302);
    // The report keeps its click; the link.clicked feed, which never took it, will not look for it again.
    expect(await clickReport(gw.ctx.db, [old.id])).toMatchObject({ recipients: MANY, clicks: 1, unique: 1 });
    const [click] = await gw.ctx.db.selectFrom('link_clicks').selectAll().where('message_id', '=', old.id).execute();
    expect(Number(click!.webhook_at)).toBeGreaterThan(0);

    // Again: nothing more to do.
    expect(await pruneShortLinks(gw.ctx)).toEqual({ links: 0, urls: 0 });
    expect(await linksOf(young.id)).toHaveLength(1);
  });
});
