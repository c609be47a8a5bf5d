import { vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { makeTestApp, login, type TestGateway } from '../../../gateway/helpers/test-app';
import { tickCarrier } from '../../../../server/src/carrier/delivery';
import { UserInfoSchema } from '../../../../src/domain/contract/user-info';
import { saveSignIn } from '../../../../src/db/session-store';
import type { Scheduler } from '../../../../src/outbox/scheduler';
import type { SendItem } from '../../../../src/domain/types';

export interface SeenRequest {
  path: string;
  key: string | null;
  at: number;
  bytes: number;
}

export interface LiveGateway {
  gw: TestGateway;
  base: string;
  /** Every call the PWA made, with the virtual time it went out. */
  requests: SeenRequest[];
  /** Lets a test answer (or break) a call before it reaches the gateway. */
  intercept: ((path: string, init: RequestInit) => Response | undefined | Promise<Response | undefined>) | null;
  scheduler: Scheduler & { sleeps: number[] };
  /** Sends a call to the gateway, past the intercept. */
  forward(path: string, init: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The real gateway on a free port; the PWA's relative fetches go to it; time is the gateway's virtual clock. */
export async function startLiveGateway(options: Parameters<typeof makeTestApp>[0] = {}): Promise<LiveGateway> {
  const gw = await makeTestApp(options);
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  const live: LiveGateway = {
    gw,
    base,
    requests: [],
    intercept: null,
    scheduler: {
      sleeps: [],
      now: () => gw.clock.now,
      async sleep(ms, signal) {
        live.scheduler.sleeps.push(ms);
        gw.clock.advance(Math.max(0, ms));
        await new Promise((r) => setImmediate(r));
        if (signal?.aborted) throw signal.reason;
      },
    },
    forward: (path, init) => realFetch(base + path, init),
    async close() {
      vi.unstubAllGlobals();
      await gw.close();
    },
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? init.body : '';
    live.requests.push({
      path: input,
      key: headers.get('Idempotency-Key'),
      at: gw.clock.now,
      bytes: Buffer.byteLength(body),
    });
    const answer = await live.intercept?.(input, init);
    if (answer) return answer;
    return realFetch(base + input, init);
  });
  return live;
}

/** Signs a seeded account in on the device as the login screen would, with credit to spare. */
export async function signInAs(live: LiveGateway, username = 'demouser', password = 'demo12345', credit = 10_000_000) {
  await live.gw.ctx.db.updateTable('users').set({ creditbalance: credit }).where('username', '=', username).execute();
  const info = await login(live.gw, username, password);
  const user = UserInfoSchema.parse(info);
  await saveSignIn(user, live.gw.clock.now);
  return user;
}

/** How each recipient of a job reached the simulated carrier. */
export async function carrierLog(live: LiveGateway, jobId: string) {
  await tickCarrier(live.gw.ctx);
  const rows = await live.gw.ctx.db
    .selectFrom('carrier_messages')
    .select(['to_number', 'recipient_index', 'text'])
    .where('job_id', '=', jobId)
    .orderBy('recipient_index')
    .execute();
  const summary = (await (await fetch(`/smsgateway/dev/carrier/summary?jobId=${jobId}`)).json()) as {
    total: number;
    unique: number;
    duplicates: number;
  };
  return { rows, summary };
}

export const numbersFrom = (start: number, n: number) =>
  Array.from({ length: n }, (_, i) => `23324${String(start + i).padStart(7, '0')}`);

export function quickItem(numbers: readonly string[], overrides: Partial<SendItem> = {}): SendItem {
  return {
    shortMessage: 'Hello from the outbox',
    destinationAddress: numbers.join(','),
    sourceAddress: 'DEMO',
    messageDescription: 'test',
    messageType: 'quick sms',
    specialUnicodeSupport: false,
    flash: false,
    expectedDeliveryTime: '2026-11-20 10:00:00',
    typeandsubtype: 'quick:regular',
    recurringInterval: 0,
    recurringPeriod: 'Hourly',
    ...overrides,
  };
}

/** One personalised item per number, each with its own text. */
export const personalizedItems = (numbers: readonly string[]) =>
  numbers.map((n, i) =>
    quickItem([n], {
      shortMessage: `Dear customer ${i}, your code is ${n.slice(-4)}`,
      typeandsubtype: 'quick:personalized',
    }),
  );
