// The built gateway as a child process bound to a FakeSmsc, over a fresh PostgreSQL when the tests run
// on one (else its own SQLite): what the health, metrics and graceful-stop tests start.
import { startGateway, type RunningGateway } from '../../e2e/support/gateway';
import { FakeSmsc } from './fake-smsc';
import { freshPostgres } from './test-app';
import { expect } from 'vitest';
import { apiLogin, apiSend } from '../../e2e/support/api-accounts';
import { eventually } from './eventually';

export interface BoundGateways {
  smsc: FakeSmsc;
  /** The database every gateway of this set shares ('' : each its own SQLite). */
  databaseUrl: string;
  postgres: boolean;
  /** Starts one more gateway over the same database and carrier. */
  start(env?: Record<string, string>): Promise<RunningGateway>;
  /** Stops every gateway started, the carrier and the database. */
  stop(): Promise<void>;
}

/** The carrier URL of a FakeSmsc, with a window and rate no test waits on. */
export const carrierUrlOf = (smsc: FakeSmsc, query = 'window=10&tps=1000&timeout=2') =>
  `smpp://gateway:secret@127.0.0.1:${smsc.port}?${query}`;

/** A FakeSmsc and a fresh database; gateways started on them share both. */
export async function boundGateways(carrierQuery?: string): Promise<BoundGateways> {
  const smsc = new FakeSmsc();
  await smsc.start();
  const pg = await freshPostgres();
  const started: RunningGateway[] = [];
  return {
    smsc,
    databaseUrl: pg?.url ?? '',
    postgres: pg !== null,
    async start(env = {}) {
      const gateway = await startGateway({
        DATABASE_URL: pg?.url ?? '',
        CARRIER_URL: carrierUrlOf(smsc, carrierQuery),
        ...env,
      });
      started.push(gateway);
      return gateway;
    },
    async stop() {
      for (const g of started.reverse()) await g.stop();
      await smsc.stop();
      await pg?.drop();
    },
  };
}

/** `count` numbers: `prefix` and six digits. */
export const campaign = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(6, '0')}`);

/** One send of `numbers` by demouser through the app's API (the whole list in one request). */
export async function sendCampaign(g: RunningGateway, numbers: string[]) {
  const demo = await apiLogin(g, 'demouser', 'demo12345');
  const answer = await apiSend(g, demo.token, [
    {
      shortMessage: 'Rolling restart: the depot opens at eight tomorrow.',
      destinationAddress: numbers.join(','),
      sourceAddress: 'DEMO',
      messageType: 'quick sms',
      messageDescription: 'restart',
      specialUnicodeSupport: false,
      flash: false,
      typeandsubtype: 'quick:regular',
      expectedDeliveryTime: '',
      recurringInterval: 0,
      recurringPeriod: 'Hourly',
    },
  ]);
  expect(answer.message_id, JSON.stringify(answer)).toBeGreaterThan(0);
}

/** What the carrier took of the campaign: every number's count. */
export function carrierCounts(set: BoundGateways, prefix: string) {
  const counts = new Map<string, number>();
  for (const e of set.smsc.ledger) if (e.to.startsWith(prefix)) counts.set(e.to, (counts.get(e.to) ?? 0) + 1);
  return counts;
}

export const readyz = async (g: RunningGateway) => {
  const res = await fetch(g.url('/readyz'));
  return { status: res.status, body: (await res.json()) as { status: string } };
};

export async function ready(g: RunningGateway) {
  await eventually(async () => expect((await readyz(g)).status).toBe(200), 45_000);
}

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The Prometheus text exposition format, read line by line: `name{label="value",...} number`. */
export function parsePrometheus(text: string): Sample[] {
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

/** The sum of a family's samples whose labels include `labels`. */
export const sampleValue = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((n, s) => n + s.value, 0);
