// The built gateway as a child process bound to a FakeSmsc, over a fresh PostgreSQL when the tests run
// on one (else its own SQLite): what the health, metrics and graceful-stop tests start.
import { startGateway, type RunningGateway } from '../../e2e/support/gateway';
import { FakeSmsc } from './fake-smsc';
import { freshPostgres } from './test-app';

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
