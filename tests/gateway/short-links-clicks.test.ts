// What short links' clicks show (docs/product.md#short-links, docs/api-v1.md): the message's report
// (clicks, unique clickers, rate, by network and hour), each status row's clicks, the follow-up's
// numbers (docs/product.md#follow-up), v1's clicks and firstClickAt, and the signed link.clicked webhook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { openShortLink } from './helpers/short-links';
import { account, numbers, sendItem, sendSms } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';
import { eventually } from './helpers/eventually';
import { suppress } from '../../server/src/optouts/suppression';
import { yieldToLoop } from '../../server/src/core/event-loop';
import { tickWebhooks } from '../../server/src/integrations/webhooks/deliver';
import { fanOutClicks } from '../../server/src/integrations/webhooks/click-events';
import { clicksWritten, MOST_WAITING, queueClick } from '../../server/src/links/click-writer';
import { openLink } from '../../server/src/links/open';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, RootOperationNode } from 'kysely';

/** Counts the inserts into link_clicks. */
class CountsClickInserts implements KyselyPlugin {
  inserts = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'link_clicks') this.inserts += 1;
    return node;
  }
  transformResult = async ({ result }: PluginTransformResultArgs) => result;
}

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

let gw: TestGateway;
let receiver: Receiver;
let demo: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  gw = await makeTestApp();
  receiver = await startReceiver();
  demo = await account(gw, 'demouser');
});
afterAll(async () => {
  await receiver.close();
  await gw.close();
});

const codesOf = async (messageId: number) => {
  const rows = await gw.ctx.db
    .selectFrom('message_recipients')
    .select(['number', 'text'])
    .where('message_id', '=', messageId)
    .orderBy('recipient_index')
    .execute();
  return rows.map((r) => ({ number: r.number, code: /\/l\/([A-Za-z0-9]{7})/.exec(r.text ?? '')![1]! }));
};
const open = (code: string, agent = PHONE, method: 'GET' | 'HEAD' = 'GET') =>
  openShortLink(gw, code, { agent, method });

describe('the clicks of short links', () => {
  it('shows clicks, unique clickers and rate on the report and rows, and follows up on who did or did not click', async () => {
    // 19 MTN numbers, one more opted out (never sent, never followed up); 1 Telecel number.
    await suppress(gw.ctx.db, demo.profile_id, ['233240000190'], 'manual', demo.profile_id, gw.clock.now);
    const to = `${numbers(20)},233201234567`;
    const sent = await sendSms(gw, demo.apikey, [
      sendItem({ destinationAddress: to, shortenLinks: true, shortMessage: 'Offer: https://shop.example.com/x' }),
    ]);
    expect(sent.status).toBe(200);
    expect(sent.body.optedOut).toBe(1);
    const id = sent.body.message_id as number;
    const links = await codesOf(id);
    const telecel = links.find((l) => l.number === '233201234567')!;
    const clickers = [links[0]!, links[1]!, links[2]!, telecel];
    for (const l of clickers) expect((await open(l.code)).statusCode).toBe(302);
    await open(links[0]!.code);
    gw.clock.advance(3_600_000);
    await open(links[1]!.code);
    await open(links[5]!.code, 'WhatsApp/2.23.20.0 A');
    await open(links[6]!.code, PHONE, 'HEAD');

    const report = await call(gw, `messagereport/${id}`, { profile_id: demo.profile_id }, { token: demo.token });
    expect(report.status).toBe(200);
    const clicks = report.body.report.clicks;
    expect(clicks).toMatchObject({ recipients: 20, clicks: 6, unique: 4, rate: 0.2 });
    expect(clicks.networks).toEqual([
      { network: 'mtn', label: 'MTN', recipients: 19, clicks: 5, unique: 3 },
      { network: 'telecel', label: 'Telecel', recipients: 1, clicks: 1, unique: 1 },
    ]);
    expect(clicks.overTime).toEqual([
      { at: '2026-11-20T10:00:00.000Z', clicks: 5 },
      { at: '2026-11-20T11:00:00.000Z', clicks: 1 },
    ]);

    const page = await call(
      gw,
      `status/${id}`,
      { profile_id: demo.profile_id, page: 1, size: 25 },
      { token: demo.token },
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const byNumber = new Map(
      (page.body.status as { mobilenumber: string; clicks: number }[]).map((r) => [r.mobilenumber, r.clicks]),
    );
    expect(byNumber.get(links[0]!.number)).toBe(2);
    expect(byNumber.get(telecel.number)).toBe(1);
    expect(byNumber.get(links[5]!.number)).toBe(0);

    const audience = (clicked: boolean) =>
      call(gw, `linkaudience/${id}`, { profile_id: demo.profile_id, clicked }, { token: demo.token });
    const yes = await audience(true);
    expect(yes.status).toBe(200);
    expect([...yes.body.numbers].sort()).toEqual(clickers.map((l) => l.number).sort());
    expect(yes.body.senderId).toBe('DEMO');
    const no = await audience(false);
    expect(no.body.numbers).toHaveLength(16);
    expect(no.body.numbers).not.toContain('233240000190');

    const plain = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(2, 100) })]);
    const none = await call(
      gw,
      `linkaudience/${plain.body.message_id}`,
      { profile_id: demo.profile_id, clicked: false },
      { token: demo.token },
    );
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('has no short links');
  });

  it('gives v1 messages clicks and firstClickAt, and posts a signed link.clicked to an endpoint that takes it', async () => {
    // Clicks from before the endpoint was made are not its events.
    gw.clock.advance(1000);
    const endpoint = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: demo.token,
      body: { url: receiver.url('/clicks'), events: ['link.clicked'], mode: 'live' },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    receiver.secretFor('/clicks', String(endpoint.body.secret));
    const key = await makeKey(gw, demo.token);
    const sent = await v1(gw, 'POST', '/messages', {
      auth: key.secret,
      body: {
        from: 'DEMO',
        to: ['233241000301', '233241000302'],
        text: 'See https://example.com/menu',
        shortenLinks: true,
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const batch = Number(String(sent.body.batchId).replace('bat_', ''));
    const [first] = await codesOf(batch);
    const firstId = (sent.body.messages as { messageId: string }[])[0]!.messageId;
    const before = await v1(gw, 'GET', `/messages/${firstId}`, { auth: key.secret });
    expect(before.body).toMatchObject({ clicks: 0, firstClickAt: null });

    gw.clock.advance(5000);
    await open(first!.code);
    gw.clock.advance(1000);
    await open(first!.code);
    const after = await v1(gw, 'GET', `/messages/${firstId}`, { auth: key.secret });
    expect(after.body).toMatchObject({ clicks: 2, firstClickAt: new Date(gw.clock.now - 1000).toISOString() });
    const listed = await v1(gw, 'GET', `/messages?batchId=${String(sent.body.batchId)}`, { auth: key.secret });
    expect((listed.body.data as { clicks: number }[]).map((m) => m.clicks).sort()).toEqual([0, 2]);

    // Two instances at once: each click is posted once.
    await Promise.all([fanOutClicks(gw.ctx), fanOutClicks(gw.ctx)]);
    await tickWebhooks(gw.ctx, 'test-loop');
    const posted = await eventually(() => {
      const got = receiver.on('/clicks');
      expect(got).toHaveLength(2);
      return got;
    });
    for (const p of posted) {
      expect(p.verified).toBe(true);
      expect(p.json).toMatchObject({
        type: 'link.clicked',
        data: {
          id: firstId,
          batchId: sent.body.batchId,
          mode: 'live',
          url: 'https://example.com/menu',
          device: 'iphone',
          network: 'mtn',
        },
      });
    }
  });

  it('records each of 200 clicks at once exactly once, in a few inserts rather than 200', async () => {
    const sent = await sendSms(gw, demo.apikey, [
      sendItem({
        destinationAddress: numbers(200, 5000),
        shortenLinks: true,
        shortMessage: 'Sale: https://shop.example.com/y',
      }),
    ]);
    const id = sent.body.message_id as number;
    const links = await codesOf(id);
    const answers = await Promise.all(links.map((l) => open(l.code)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(200).fill(302));
    const clicks = await gw.ctx.db
      .selectFrom('link_clicks')
      .select('recipient_index')
      .where('message_id', '=', id)
      .execute();
    expect(clicks.map((c) => c.recipient_index).sort((a, b) => a - b)).toEqual([...Array(200).keys()]);

    // The writer alone, on a counted connection: clicks that come together share inserts.
    const counted = new CountsClickInserts();
    const db = gw.ctx.db.withPlugin(counted);
    const row = (k: number) => ({
      code: links[k]!.code,
      profile_id: demo.profile_id,
      message_id: id,
      recipient_id: 0,
      recipient_index: k,
      network: 'mtn',
      device: 'Android',
      at: gw.clock.now,
    });
    for (let k = 0; k < 200; k += 1) queueClick(db, row(k), undefined);
    await clicksWritten(db);
    expect(counted.inserts).toBeLessThanOrEqual(2);
    const stored = await gw.ctx.db.selectFrom('link_clicks').select('id').where('message_id', '=', id).execute();
    expect(stored).toHaveLength(400);
  });

  it('a kept link redirects without waiting for its recipient’s delivery time: a failed read of it loses the click, told, not the redirect', async () => {
    const sent = await sendSms(gw, demo.apikey, [
      sendItem({
        destinationAddress: numbers(1, 700),
        shortenLinks: true,
        shortMessage: 'Offer: https://shop.example.com/y',
      }),
    ]);
    const [link] = await codesOf(sent.body.message_id as number);
    // Once the link is kept, the delivery time's read (messaging's table) fails on this connection.
    let failFromNow = false;
    let deliveryReads = 0;
    const failing = new Set<string>();
    const failsDeliveryRead: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (
          node.kind === 'RawNode' &&
          node.sqlFragments.join('').startsWith('select id, done_at from message_recipients')
        )
          deliveryReads += 1;
        if (
          failFromNow &&
          node.kind === 'RawNode' &&
          node.sqlFragments.join('').includes('done_at from message_recipients')
        )
          failing.add(queryId.queryId);
        return node;
      },
      transformResult: async ({ queryId, result }) => {
        if (failing.has(queryId.queryId)) throw new Error('the delivery time cannot be read');
        return result;
      },
    };
    const db = Object.assign(gw.ctx.db.withPlugin(failsDeliveryRead), { dialectName: gw.ctx.db.dialectName });
    const told: string[] = [];
    const ctx = { ...gw.ctx, db, reportError: (where: string) => void told.push(where) };
    const owner = async () => ({ sender: { companyname: 'Demo', username: 'demouser' }, host: 'localhost' });
    const open = () => openLink(ctx, link!.code, 'localhost', owner, { method: 'GET', userAgent: PHONE });
    // The first click reads the link with its delivery time (none yet): one statement, counted at once.
    expect(await open()).toEqual({ redirect: 'https://shop.example.com/y' });
    await clicksWritten(db);
    expect(deliveryReads).toBe(0);
    expect(told).toEqual([]);
    // The second finds it kept, still without a delivery time: asked after the answer, which does not wait.
    failFromNow = true;
    expect(await open()).toEqual({ redirect: 'https://shop.example.com/y' });
    await clicksWritten(db);
    expect(failing.size).toBe(1);
    expect(deliveryReads).toBe(1);
    expect(told).toEqual(['short link clicks not recorded (1)']);
    const recorded = await gw.ctx.db.selectFrom('link_clicks').select('code').where('code', '=', link!.code).execute();
    expect(recorded).toHaveLength(1);
  });

  it('keeps at most a bounded queue of clicks while the database is stalled, and tells how many it turned away', async () => {
    // The first insert is held until released: every click after it waits in the queue.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserts = 0;
    const stalls: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        if ((inserts += 1) === 1) await held;
        return result;
      },
    };
    const db = gw.ctx.db.withPlugin(stalls);
    const told: string[] = [];
    const row = (k: number) => ({
      code: 'Stall00',
      profile_id: demo.profile_id,
      message_id: 999_999,
      recipient_id: 0,
      recipient_index: k,
      network: 'mtn',
      device: 'android',
      at: gw.clock.now,
    });
    const tell = (where: string) => told.push(where);
    queueClick(db, row(0), tell);
    // Its insert starts at the end of this turn of the event loop; the flood comes in the next.
    await yieldToLoop();
    for (let k = 1; k <= MOST_WAITING + 5; k += 1) queueClick(db, row(k), tell);
    release();
    await clicksWritten(db);
    expect(told).toEqual(['short link clicks not recorded (5)']);
    const stored = await gw.ctx.db
      .selectFrom('link_clicks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('message_id', '=', 999_999)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1 + MOST_WAITING);
  });
});
