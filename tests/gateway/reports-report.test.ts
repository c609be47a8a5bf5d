// A message's report and the dashboard's overview (docs/api.md#delivery-reports), read from the
// delivery counters: the funnel, the networks from the domain's prefix table, failure reasons in
// words, time to delivery, credits; the last 30 days for an account and for an admin's clients.
import { afterEach, describe, expect, it } from 'vitest';
import { call, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { mixedSend } from './helpers/reports';

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

describe('a message report', () => {
  it('counts the funnel, the networks by prefix, the reasons in words, the delivery time and the credits', async () => {
    const { g, demo, id } = await mixedSend();
    gw = g;
    const res = await call(g, `messagereport/${id}`, { profile_id: demo.profile_id }, { token: demo.token });
    expect(res.status).toBe(200);
    const { report } = res.body;
    expect(report.funnel).toEqual({ submitted: 14, delivered: 10, failed: 2, pending: 1, optedOut: 1 });
    expect(report.networks).toEqual([
      { network: 'mtn', label: 'MTN', sent: 1, failed: 0, pending: 1, optedOut: 0, total: 2 },
      { network: 'telecel', label: 'Telecel', sent: 9, failed: 1, pending: 0, optedOut: 0, total: 10 },
      { network: 'airteltigo', label: 'AirtelTigo', sent: 0, failed: 1, pending: 0, optedOut: 1, total: 2 },
      { network: 'other', label: 'Other', sent: 0, failed: 0, pending: 0, optedOut: 0, total: 0 },
    ]);
    expect(report.reasons).toEqual([
      { reason: 'The number does not exist on the network', count: 1 },
      { reason: 'The number is not a valid mobile number', count: 1 },
    ]);
    // Every receipt came 7 s after acceptance: the 10 s bucket.
    expect(report.deliveryTime).toEqual({ delivered: 10, median: 10, p90: 10 });
    expect(report.credits).toBe(13); // the opted-out recipient is not charged
  });

  it("is another account's message's report: 404", async () => {
    const { g, id } = await mixedSend();
    gw = g;
    const acme = await account(g, 'acmeclient');
    const res = await call(g, `messagereport/${id}`, { profile_id: acme.profile_id }, { token: acme.token });
    expect(res.status).toBe(404);
  });
});

describe('the overview', () => {
  it('gives the last 30 days of an account, by day and network, its credits and largest sends', async () => {
    const { g, demo, id } = await mixedSend();
    gw = g;
    const res = await call(g, 'overview', { profile_id: demo.profile_id }, { token: demo.token });
    expect(res.status).toBe(200);
    const { overview } = res.body;
    expect(overview.days).toHaveLength(30);
    expect(overview.to).toBe('2026-11-20');
    expect(overview.from).toBe('2026-10-22');
    expect(overview.days.at(-1)).toMatchObject({ day: '2026-11-20', sent: 10, failed: 2, optedOut: 1 });
    expect(overview.networks.find((n: { network: string }) => n.network === 'telecel')).toMatchObject({
      sent: 9,
      failed: 1,
    });
    expect(overview.credits).toBeGreaterThanOrEqual(13);
    expect(overview.topCampaigns[0]).toMatchObject({ message_id: id, posted: 14, sent: 10, failed: 2 });
  });

  it("gives an admin its clients' days together, and refuses the clients' view to a client", async () => {
    const { g, demo } = await mixedSend();
    gw = g;
    const supervisor = await account(g, 'supervisor');
    const res = await call(
      g,
      'overview',
      { profile_id: supervisor.profile_id, view: 'client' },
      { token: supervisor.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.overview.days.at(-1)).toMatchObject({ sent: 10, failed: 2 });
    const own = await call(g, 'overview', { profile_id: supervisor.profile_id }, { token: supervisor.token });
    expect(own.body.overview.days.at(-1)).toMatchObject({ sent: 0, failed: 0 });
    const refused = await call(g, 'overview', { profile_id: demo.profile_id, view: 'client' }, { token: demo.token });
    expect(refused.status).toBe(403);
  });
});
