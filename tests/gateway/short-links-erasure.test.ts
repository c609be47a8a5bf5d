// A person's data erased (docs/compliance.md#a-persons-data) takes the number's short links with it
// (docs/product.md#short-links): its links and their clicks are deleted in the erasure's transaction,
// another number's and another tenant's stay; an erased code is a plain 404, never the expired page,
// even for a redirect that kept the link in memory; a long URL other links name stays, a personal one
// goes; the export counts the number's clicks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { openShortLink } from './helpers/short-links';
import { account, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { clickReport } from '../../server/src/links/reports';
import { SHORT_LINK_LIFETIME_MS } from '../../src/domain/links/short-links';

const PERSON = '233241000550';
const OTHER = '233241000560';
const SALE = 'https://shop.example.com/sale';
const LINK_IN_TEXT = /https:\/\/([^/\s]+)\/l\/([A-Za-z0-9]{7})/g;

describe("a person's data erased takes its short links", () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  let acme: Awaited<ReturnType<typeof account>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    acme = await account(gw, 'acmeclient');
  });
  afterEach(() => gw.close());

  const open = (code: string, host = 'localhost') => openShortLink(gw, code, { host });
  const erase = (who: typeof demo, number: string) =>
    call(gw, 'persondataerase', { profile_id: who.profile_id, number, confirm: number }, { token: who.token });
  const deliver = async () => {
    await tickCarrier(gw.ctx);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    // Past the second after the receipts in which an opening is a previewer's, not a person's.
    gw.clock.advance(2000);
  };
  const linkRows = (messageId: number) =>
    gw.ctx.db.selectFrom('short_links').selectAll().where('message_id', '=', messageId).execute();
  const clickRows = (messageId: number) =>
    gw.ctx.db.selectFrom('link_clicks').selectAll().where('message_id', '=', messageId).execute();

  /** Sends with shortened links; answers the message and each number's codes (in its text's order). */
  async function sendShortened(who: typeof demo, items: { to: string; text: string }[], host = 'localhost') {
    const personalized = items.length > 1;
    const sent = await sendSms(
      gw,
      who.apikey,
      items.map((i) =>
        sendItem({
          destinationAddress: i.to,
          shortMessage: i.text,
          shortenLinks: true,
          sourceAddress: who === demo ? 'DEMO' : 'ACMECL',
          ...(personalized ? { typeandsubtype: 'quick:personalized' } : {}),
        }),
      ),
      { host },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.message_id as number;
    const rows = await gw.ctx.db
      .selectFrom('message_recipients')
      .select(['number', 'text'])
      .where('message_id', '=', id)
      .execute();
    const codes = new Map(rows.map((r) => [r.number, [...(r.text ?? '').matchAll(LINK_IN_TEXT)].map((m) => m[2]!)]));
    return { id, codes };
  }

  it("deletes the number's links and clicks in the erasure, leaving another number's and another tenant's", async () => {
    const text = `Our sale is on: ${SALE} Come early!`;
    const demoSend = await sendShortened(demo, [{ to: `${PERSON},${OTHER}`, text }]);
    const acmeSend = await sendShortened(acme, [{ to: PERSON, text }], 'acme.localhost');
    await deliver();
    const [mine] = demoSend.codes.get(PERSON)!;
    const [others] = demoSend.codes.get(OTHER)!;
    const [acmes] = acmeSend.codes.get(PERSON)!;
    // Opened before the erasure: the redirect keeps each link it found in memory.
    for (const [code, host] of [
      [mine, 'localhost'],
      [mine, 'localhost'],
      [others, 'localhost'],
      [acmes, 'acme.localhost'],
    ] as const) {
      expect((await open(code!, host)).statusCode).toBe(302);
    }
    expect(await clickRows(demoSend.id)).toHaveLength(3);

    const erased = await erase(demo, '024 100 0550');
    expect(erased.status).toBe(200);

    expect((await linkRows(demoSend.id)).map((l) => l.code)).toEqual([others]);
    expect((await clickRows(demoSend.id)).map((c) => c.code)).toEqual([others]);
    expect((await linkRows(acmeSend.id)).map((l) => l.code)).toEqual([acmes]);
    expect((await clickRows(acmeSend.id)).map((c) => c.code)).toEqual([acmes]);
    const gone = await open(mine!);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Link not found');
    expect((await open(others!)).statusCode).toBe(302);
    expect((await open(acmes!, 'acme.localhost')).statusCode).toBe(302);
    // The report counts the clicks left; its base still counts the recipient, who was sent a link.
    expect(await clickReport(gw.ctx.db, [demoSend.id])).toMatchObject({ recipients: 2, clicks: 2, unique: 1 });
    const logged = await gw.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'data_erased')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.details)).toMatchObject({ linksDeleted: 1, clicksDeleted: 2 });

    // Past its 90 days an erased code is still a plain 404, not the expired page naming the sender.
    gw.clock.advance(SHORT_LINK_LIFETIME_MS);
    expect((await open(mine!)).statusCode).toBe(404);
    expect((await open(others!)).statusCode).toBe(410);
  });

  it('keeps a long URL other links name, and deletes one only erased links named', async () => {
    const text = (n: string) => `Sale: ${SALE} and your account: https://shop.example.com/a?customer=${n} Bye`;
    const send = await sendShortened(demo, [
      { to: PERSON, text: text(PERSON) },
      { to: OTHER, text: text(OTHER) },
    ]);
    await deliver();
    const urls = () =>
      gw.ctx.db
        .selectFrom('short_link_urls')
        .select(['url', 'links'])
        .where('message_id', '=', send.id)
        .orderBy('url')
        .execute();
    expect(await urls()).toEqual([
      { url: `https://shop.example.com/a?customer=${PERSON}`, links: 1 },
      { url: `https://shop.example.com/a?customer=${OTHER}`, links: 1 },
      { url: SALE, links: 2 },
    ]);

    expect((await erase(demo, PERSON)).status).toBe(200);
    expect(await urls()).toEqual([
      { url: `https://shop.example.com/a?customer=${OTHER}`, links: 1 },
      { url: SALE, links: 1 },
    ]);
    const [sale, account] = send.codes.get(OTHER)!;
    expect((await open(sale!)).headers.location).toBe(SALE);
    expect((await open(account!)).headers.location).toBe(`https://shop.example.com/a?customer=${OTHER}`);

    expect((await erase(demo, OTHER)).status).toBe(200);
    expect(await urls()).toEqual([]);
    expect(await linkRows(send.id)).toEqual([]);
  });

  it("never serves an erased link from the redirect's memory of links it found", async () => {
    const send = await sendShortened(demo, [{ to: PERSON, text: `Sale: ${SALE} now` }]);
    await deliver();
    const [code] = send.codes.get(PERSON)!;
    expect((await open(code!)).statusCode).toBe(302);
    expect((await erase(demo, PERSON)).status).toBe(200);
    expect((await open(code!)).statusCode).toBe(404);
    expect(await clickRows(send.id)).toEqual([]);
  });

  it('stops serving a link another instance erased within a minute, the time a kept link is trusted', async () => {
    const send = await sendShortened(demo, [{ to: PERSON, text: `Sale: ${SALE} now` }]);
    const [code] = send.codes.get(PERSON)!;
    expect((await open(code!)).statusCode).toBe(302);
    // Deleted as another instance's erasure would: this process was not told, and serves what it keeps.
    await gw.ctx.db.deleteFrom('short_links').where('code', '=', code!).execute();
    gw.clock.advance(59_000);
    expect((await open(code!)).statusCode).toBe(302);
    gw.clock.advance(1000);
    expect((await open(code!)).statusCode).toBe(404);
  });

  it("exports how many times the number clicked each send's short links", async () => {
    const linked = await sendShortened(demo, [{ to: `${PERSON},${OTHER}`, text: `Sale: ${SALE} now` }]);
    const plain = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: PERSON, shortMessage: 'No link' })]);
    await deliver();
    const [code] = linked.codes.get(PERSON)!;
    await open(code!);
    await open(code!);
    await open(linked.codes.get(OTHER)![0]!);
    const res = await call(
      gw,
      'persondataexport',
      { profile_id: demo.profile_id, number: PERSON },
      { token: demo.token },
    );
    expect(res.status).toBe(200);
    const byMessage = new Map(res.body.messages.map((m: { message_id: number }) => [m.message_id, m]));
    expect(byMessage.get(linked.id)).toMatchObject({ clicks: 2 });
    expect(byMessage.get(plain.body.message_id)).not.toHaveProperty('clicks');
  });
});
