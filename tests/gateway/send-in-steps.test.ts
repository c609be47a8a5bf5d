// A large send is checked, screened, shortened and stored in steps with yields to the event loop between
// them (docs/architecture.md#short-links): across every step's edge each number is still stored once,
// a repeat written another way is still dropped, what is no number is still set aside, an opted-out
// number is still skipped, and the send is charged once for exactly what it stored to be sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { balanceOf, fundedAccount, numbers, sendItem, sendSms } from './helpers/messaging';
import { suppress } from '../../server/src/optouts/suppression';

const TEXT = 'Our prices fall today only: https://shop.example.com/offers?utm_source=sms';
/** Past every step of the send path: 2,000 numbers screened, 1,000 recipients and 500 links an insert, 10,000 links counted. */
const COUNT = 12_001;

describe('a send stored in steps', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof fundedAccount>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await fundedAccount(gw, 'demouser', 100_000);
  });
  afterEach(() => gw.close());

  it('stores each recipient once, and charges once what it stored to send', async () => {
    const listed = numbers(COUNT).split(',');
    const first = listed[0]!;
    // The first number again, written the local way, in a later step than its first writing.
    listed[11_000] = `0${first.slice(3)}`;
    // No number, in the second step of the screen.
    listed[7_500] = '12ab';
    const optedOut = listed[9_000]!;
    await suppress(gw.ctx.db, demo.profile_id, [optedOut], 'manual', demo.profile_id, gw.clock.now);
    const before = await balanceOf(gw, 'demouser');

    const sent = await sendSms(gw, demo.apikey, [
      sendItem({ destinationAddress: listed.join(','), shortMessage: TEXT, shortenLinks: true, optOutLink: true }),
    ]);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ optedOut: 1, setaside: 1, duplicates: 1 });
    const messageId = sent.body.message_id as number;

    const rows = await gw.ctx.db
      .selectFrom('message_recipients')
      .select(['id', 'number', 'recipient_index', 'status', 'parts', 'text'])
      .where('message_id', '=', messageId)
      .orderBy('recipient_index')
      .execute();
    expect(rows).toHaveLength(COUNT - 2);
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.recipient_index)).size).toBe(rows.length);
    expect(rows.map((r) => r.number)).not.toContain(listed[11_000]);
    expect(rows.filter((r) => r.status === 'OPTED_OUT').map((r) => r.number)).toEqual([optedOut]);

    // Every recipient sent to has its own short link and opt-out link; the opted-out one has none.
    const toSend = rows.filter((r) => r.status !== 'OPTED_OUT');
    const links = await gw.ctx.db
      .selectFrom('short_links')
      .select(['code', 'recipient_id'])
      .where('message_id', '=', messageId)
      .execute();
    expect(links).toHaveLength(toSend.length);
    expect(new Set(links.map((l) => l.code)).size).toBe(links.length);
    expect(new Set(links.map((l) => l.recipient_id))).toEqual(new Set(toSend.map((r) => r.id)));
    const urls = await gw.ctx.db
      .selectFrom('short_link_urls')
      .select('links')
      .where('message_id', '=', messageId)
      .execute();
    expect(urls.map((u) => Number(u.links))).toEqual([toSend.length]);
    const linked =
      /^Our prices fall today only: https:\/\/localhost\/l\/[A-Za-z0-9]+\nOpt out: https:\/\/localhost\/o\/[A-Za-z0-9]{8}$/;
    expect(toSend.filter((r) => !linked.test(r.text ?? ''))).toEqual([]);

    // One charge, of the parts of what is sent: the balance and the ledger agree.
    const cost = toSend.reduce((n, r) => n + r.parts, 0);
    expect(await balanceOf(gw, 'demouser')).toBe(before - cost);
    const charges = await gw.ctx.db
      .selectFrom('credit_ledger')
      .select(['amount'])
      .where('profile_id', '=', demo.profile_id)
      .where('ref_kind', '=', 'message')
      .where('ref_id', '=', String(messageId))
      .execute();
    expect(charges.map((c) => Number(c.amount))).toEqual([-cost]);
    const events = await gw.ctx.db
      .selectFrom('recipient_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('message_id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(rows.length);
  });
});
