// Erasing one person (docs/compliance.md#a-persons-data) leaves a campaign's own description whole and
// takes the erased recipient out of every network's count: it stays in the totals, as 'erased'.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';

const PERSON = '0241000550'; // MTN, the campaign's first recipient
const OTHER = '0201000560'; // Telecel

describe("a campaign after one of its recipients' data is erased", () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
  });
  afterEach(() => gw.close());

  const as = (path: string, body: Record<string, unknown> = {}) =>
    call(gw, path, { profile_id: demo.profile_id, ...body }, { token: demo.token });
  const shown = (networks: { network: string; total: number }[]) =>
    networks.filter((n) => n.total > 0).map((n) => [n.network, n.total]);

  it('keeps its name, text, sender and time, and counts the erased row under no network', async () => {
    const res = await sendSms(gw, demo.apikey, [
      sendItem({
        shortMessage: 'Your order is ready',
        messageDescription: 'Orders',
        destinationAddress: `${PERSON},${OTHER}`,
      }),
    ]);
    const id = res.body.message_id as number;
    await tickCarrier(gw.ctx);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    const before = (await as(`messagereport/${id}`)).body.report;
    expect(shown(before.networks)).toEqual([
      ['mtn', 1],
      ['telecel', 1],
    ]);

    const mtnSent = async () =>
      (await as('overview')).body.overview.networks.find((n: { network: string }) => n.network === 'mtn').sent;
    const mtnBefore = await mtnSent();
    const erased = await as('persondataerase', { number: PERSON, confirm: PERSON });
    expect(erased.status).toBe(200);

    const campaign = {
      message_id: id,
      messageDescription: 'Orders',
      shortMessage: 'Your order is ready',
      sourceAddress: 'DEMO',
      messageType: 'quick sms',
      username: 'demouser',
      messageSentTime: '2026-11-20T10:00:00.000Z',
    };
    const page = (await as(`status/${id}`, { page: 1 })).body;
    expect(page.campaign).toEqual(campaign);
    expect(page.status[0]).toMatchObject({ mobilenumber: '*********550', status: 'SENT' });
    expect(page.totals).toMatchObject({ sent: 2, total: 2 });

    const report = (await as(`messagereport/${id}`)).body.report;
    expect(shown(report.networks)).toEqual([['telecel', 1]]);
    expect(report.erased).toBe(1);
    expect(report.funnel).toMatchObject({ submitted: 2, delivered: 2 });
    // The account's 30-day overview no longer counts it under MTN either.
    expect(await mtnSent()).toBe(mtnBefore - 1);
  });
});
