import { afterEach, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../e2e/support/gateway';
import { apiLogin, apiSend } from '../e2e/support/api-accounts';
import { boundGateways, parsePrometheus, sampleValue as value, type BoundGateways } from './helpers/gateway-process';
import { eventually } from './helpers/eventually';
import { bind, submit } from './helpers/smpp-customer';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';
import { metricsSettings, metricsPlace } from '../../server/src/http/metrics-config';
import { DEMO_SMPP } from '../../server/src/seed/demo';
import { API_V1_PATH } from '../../src/domain/navigation/api-paths';

// Prometheus text from a real gateway (docs/operations.md#metrics), scraped as Prometheus would:
// refused without the token, every family present, and moving while a send goes out.

const TOKEN = 'metrics-token-0123456789';

let set: BoundGateways | null = null;
let receiver: Receiver | null = null;
afterEach(async () => {
  await set?.stop();
  await receiver?.close();
  set = null;
  receiver = null;
});

async function start(env: Record<string, string>): Promise<{ gateway: RunningGateway; postgres: boolean }> {
  set = await boundGateways();
  return { gateway: await set.start(env), postgres: set.postgres };
}

/** A webhook endpoint of the account's live mode at the receiver, and one test delivery to it. */
async function webhookTest(g: RunningGateway, token: string, url: string) {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(g.url(`${API_V1_PATH}${path}`), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const endpoint = await post('/webhook-endpoints', { url, events: ['message.expired'], mode: 'live' });
  await post(`/webhook-endpoints/${endpoint.id}/test`, {});
}

describe('metrics', () => {
  it('on the main port ask for the token, hold every family, and move while a send goes out', async () => {
    const { gateway: g, postgres } = await start({ METRICS_TOKEN: TOKEN });
    expect(g.output()).toContain(`metrics:    http://localhost:${g.port}/metrics (Bearer METRICS_TOKEN)`);
    expect(g.output()).not.toContain(TOKEN);
    const scrape = async (auth = `Bearer ${TOKEN}`) => fetch(g.url('/metrics'), { headers: { authorization: auth } });
    for (const auth of ['', 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
      const refused = await scrape(auth);
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain('carrier_');
    }
    const read = async () => {
      const res = await scrape();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return parsePrometheus(await res.text());
    };
    await eventually(async () => expect(value(await read(), 'carrier_bound')).toBe(1), 60_000);
    // Signed in first: a sign-in from a new device texts a security notice, which is not this test's send.
    const demo = await apiLogin(g, 'demouser', 'demo12345');
    const account = String(demo.profile_id);
    // What the start and the sign-in sent is done: from here on only this test's parts move.
    await eventually(async () => {
      const now = await read();
      for (const state of ['waiting', 'submitting', 'awaitingReceipt', 'inDoubt'])
        expect(value(now, 'carrier_parts', { state })).toBe(0);
      expect(value(now, 'carrier_queued_recipients')).toBe(0);
    }, 30_000);

    // A customer bound by SMPP who submits one text, a 40-recipient send through the app's API, and a
    // webhook's test delivery.
    const before = await read();
    const carrierBefore = set!.smsc.ledger.length;
    const smppPort = Number(/SMPP:\s+\S+:(\d+)/.exec(g.output())![1]);
    const customer = await bind(smppPort, DEMO_SMPP.systemId, DEMO_SMPP.password);
    expect(customer.status).toBe(0);
    expect(
      (await submit(customer.session, { destination_addr: '233244199999', short_message: 'By SMPP' })).command_status,
    ).toBe(0);
    const numbers = Array.from({ length: 40 }, (_, i) => `2332441${String(i).padStart(5, '0')}`);
    const answer = await apiSend(g, demo.token, [
      {
        shortMessage: 'Metrics test: the cooperative meets on Friday.',
        destinationAddress: numbers.join(','),
        sourceAddress: 'DEMO',
        messageType: 'quick sms',
        messageDescription: 'metrics',
        specialUnicodeSupport: false,
        flash: false,
        typeandsubtype: 'quick:regular',
        expectedDeliveryTime: '',
        recurringInterval: 0,
        recurringPeriod: 'Hourly',
      },
    ]);
    expect(answer.message_id).toBeGreaterThan(0);
    receiver = await startReceiver();
    await webhookTest(g, demo.token, receiver.url('/metrics-hook'));
    const accepted = value(before, 'carrier_submits_total', { outcome: 'accepted' });
    // This test's 41 parts reach the carrier (a security notice the sign-in texted may come along).
    const ours = [...numbers, '233244199999'];
    await eventually(() => {
      const taken = new Set(set!.smsc.ledger.slice(carrierBefore).map((e) => e.to));
      expect(ours.filter((n) => !taken.has(n))).toEqual([]);
    }, 45_000);
    await eventually(async () => {
      const now = await read();
      const took = set!.smsc.ledger.length - carrierBefore;
      // Every part the carrier took accepted, its receipt back and timed, and the webhook answered.
      expect({
        accepted: value(now, 'carrier_submits_total', { outcome: 'accepted' }),
        timed: value(now, 'carrier_receipt_delay_seconds_count'),
        webhooks: value(now, 'webhook_attempt_duration_seconds_count', { outcome: 'succeeded' }),
      }).toEqual({
        accepted: accepted + took,
        timed: value(before, 'carrier_receipt_delay_seconds_count') + took,
        webhooks: 1,
      });
    }, 45_000);
    const after = await read();
    await customer.close();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);
    // Credits taken by reason: one per recipient of the app's send, one for the SMPP submit.
    expect(moved('credits_charged_total', { reason: 'send' })).toBe(40);
    expect(moved('credits_charged_total', { reason: 'smpp_submit' })).toBe(1);
    expect(moved('smpp_server_binds_total', { account, outcome: 'bound' })).toBe(1);
    expect(moved('smpp_server_submits_total', { account, outcome: 'accepted' })).toBe(1);
    expect(moved('webhook_attempt_duration_seconds_count')).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const sends = { route: '/smsgateway/api/sendsms', method: 'POST', status: '200' };
    expect(value(after, 'http_requests_total', sends) - value(before, 'http_requests_total', sends)).toBe(1);
    expect(value(after, 'http_request_duration_seconds_count', sends)).toBeGreaterThanOrEqual(1);
    expect(value(after, 'db_query_duration_seconds_count')).toBeGreaterThan(
      value(before, 'db_query_duration_seconds_count'),
    );
    expect(value(after, 'smpp_server_binds', { account, bind_type: 'transceiver' })).toBe(1);
    // Routes are patterns: no sample names a path with an id in it.
    expect(after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route)).not.toContainEqual(
      expect.stringMatching(/\/[0-9a-f]{16,}/),
    );
    const families = [
      'nodejs_eventloop_lag_seconds',
      'carrier_in_flight',
      'carrier_throttled',
      'carrier_submits_per_second',
      'carrier_receipts_total',
      'carrier_reconnects_total',
      'carrier_parts',
      'carrier_queued_recipients',
      'carrier_oldest_waiting_part_seconds',
      'scheduler_runs_due',
      'scheduler_oldest_due_seconds',
      'webhook_deliveries_pending',
      'webhook_oldest_pending_seconds',
      'webhook_backlog',
      'webhook_attempt_duration_seconds_bucket',
      'carrier_receipt_delay_seconds_bucket',
      'smpp_server_binds_total',
      'smpp_server_submits_total',
      'credits_charged_total',
      'mail_outbox',
      'gateway_ready',
      ...(postgres ? ['db_pool_connections'] : []),
    ];
    const names = new Set(after.map((s) => s.name));
    expect(families.filter((f) => !names.has(f))).toEqual([]);
    expect(value(after, 'gateway_ready')).toBe(1);
  });

  it('on a port of their own, and off on the main port without a token outside dev mode', async () => {
    const { gateway: g } = await start({ METRICS_PORT: '0' });
    const port = Number(/metrics: +http:\/\/localhost:(\d+)\/metrics/.exec(g.output())![1]);
    expect(port).not.toBe(g.port);
    const res = await fetch(`http://localhost:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_requests_total counter');
    // The main port has no such route (what it answers there is the app's page, not the figures).
    expect(await (await fetch(g.url('/metrics'))).text()).not.toContain('# TYPE');

    expect(metricsPlace(metricsSettings({}), false)).toBe('off');
    expect(metricsPlace(metricsSettings({}), true)).toBe('main-port');
    expect(metricsPlace(metricsSettings({ METRICS_TOKEN: TOKEN }), false)).toBe('main-port');
    expect(() => metricsSettings({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters long',
    );
    expect(() => metricsSettings({ METRICS_PORT: 'x' })).toThrow(
      "METRICS_PORT must be a whole number from 0 to 65535; it is 'x'",
    );
  });
});
