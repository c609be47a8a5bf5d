import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../e2e/support/gateway';
import { apiLogin, apiSend } from '../e2e/support/api-accounts';
import { FakeSmsc } from './helpers/fake-smsc';
import { freshPostgres } from './helpers/test-app';
import { eventually } from './helpers/eventually';
import { bind } from './helpers/smpp-customer';
import { metricsSettings, metricsPlace } from '../../server/src/http/metrics-config';
import { DEMO_SMPP } from '../../server/src/seed/demo';

// Prometheus text from a real gateway (docs/operations.md#metrics), scraped as Prometheus would:
// refused without the token, every family present, and moving while a send goes out.

const TOKEN = 'metrics-token-0123456789';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The text exposition format, read line by line: `name{label="value",...} number`. */
function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((n, s) => n + s.value, 0);

let gateway: RunningGateway | null = null;
let smsc: FakeSmsc | null = null;
let dropDb: (() => Promise<void>) | null = null;
afterEach(async () => {
  await gateway?.stop();
  await smsc?.stop();
  await dropDb?.();
  gateway = null;
});

async function start(env: Record<string, string>) {
  smsc = new FakeSmsc();
  await smsc.start();
  const pg = await freshPostgres();
  dropDb = pg?.drop ?? null;
  gateway = await startGateway({
    DATABASE_URL: pg?.url ?? '',
    CARRIER_URL: `smpp://gateway:secret@127.0.0.1:${smsc.port}?window=10&tps=1000&timeout=2`,
    ...env,
  });
  return { gateway, postgres: pg !== null };
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

    // A customer bound by SMPP, and a 40-recipient send through the app's API.
    const smppPort = Number(/SMPP:\s+\S+:(\d+)/.exec(g.output())![1]);
    const customer = await bind(smppPort, DEMO_SMPP.systemId, DEMO_SMPP.password);
    expect(customer.status).toBe(0);
    const before = await read();
    const demo = await apiLogin(g, 'demouser', 'demo12345');
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
    const accepted = value(before, 'carrier_submits_total', { outcome: 'accepted' });
    await eventually(
      async () => expect(value(await read(), 'carrier_submits_total', { outcome: 'accepted' })).toBe(accepted + 40),
      60_000,
    );
    const after = await read();
    await customer.close();

    const sends = { route: '/smsgateway/api/sendsms', method: 'POST', status: '200' };
    expect(value(after, 'http_requests_total', sends) - value(before, 'http_requests_total', sends)).toBe(1);
    expect(value(after, 'http_request_duration_seconds_count', sends)).toBeGreaterThanOrEqual(1);
    expect(value(after, 'db_query_duration_seconds_count')).toBeGreaterThan(
      value(before, 'db_query_duration_seconds_count'),
    );
    expect(value(after, 'smpp_server_binds', { account: String(demo.profile_id), bind_type: 'transceiver' })).toBe(1);
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
