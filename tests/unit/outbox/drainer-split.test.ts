// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { displayPhone } from '../../../src/domain/numbers/phone-number';
import { enqueue } from '../../../src/outbox/enqueue';
import { RETRY_CAP_MS } from '../../../src/domain/send/outbox-policy';
import {
  carrierLog,
  numbersFrom,
  personalizedItems,
  quickItem,
  signInAs,
  type LiveGateway,
} from './support/live-gateway';
import { drainerFor, keysOf, useDrainerTestWorld, waitForJob } from './support/drain-helpers';

const SEND = '/smsgateway/api/sendsms';
const textOf = (i: number, n: string) => `Dear customer ${i}, your code is ${n.slice(-4)}`;

describe('outbox: batches still too large, and the server asking to wait', () => {
  const world = useDrainerTestWorld();
  let live: LiveGateway;

  it('splits a batch of 100 that is still over the limit into 50, then 25, each recipient its own text once', async () => {
    // About 380 bytes a personalised message: 100 (38 KB) and 50 (19 KB) are refused, 25 (9.5 KB) fit.
    live = await world.start({ maxBodyBytes: 12_000 });
    await signInAs(live);
    const numbers = numbersFrom(7000, 120);
    const id = await enqueue({ items: personalizedItems(numbers) });
    const { drainer } = drainerFor(live);
    world.stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 120, nextBatch: 2 });
    expect(keysOf(live, id)).toEqual(['0-119', '0-99', '0-49', '0-24', '25-49', '50-74', '75-99', '100-119']);
    const { rows, summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 120, unique: 120, duplicates: 0 });
    expect(rows.map((r) => [r.recipient_index, r.to_number, r.text])).toEqual(
      numbers.map((n, i) => [i, n, textOf(i, n)]),
    );
  });

  it('keeps a smaller piece size across a stop and restart, resuming where the gateway acknowledged', async () => {
    live = await world.start({ maxBodyBytes: 12_000 });
    await signInAs(live);
    const numbers = numbersFrom(8000, 100);
    const id = await enqueue({ items: personalizedItems(numbers) });
    const first = drainerFor(live);
    let acknowledged = 0;
    let stopped: Promise<void> | null = null;
    const secondAck = new Promise<void>((resolve) => {
      live.intercept = async (path, init) => {
        if (path !== SEND) return undefined;
        const answer = await live.forward(path, init);
        if (answer.ok && ++acknowledged === 2) {
          stopped = first.drainer.stop();
          resolve();
        }
        return answer;
      };
    });
    await secondAck;
    await stopped;
    expect(await waitForJob(id, ['sending'])).toMatchObject({ pieceSize: 25 });
    live.intercept = null;
    const before = keysOf(live, id).length;
    const second = drainerFor(live);
    world.stops.push(() => second.drainer.stop());
    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 100 });
    // The restarted drainer goes on in pieces of 25: it does not try 100 or 50 again.
    const resumed = keysOf(live, id)
      .slice(before)
      .map((k) => k.split('-').map(Number));
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed.every(([from, to]) => to! - from! + 1 === 25)).toBe(true);
    const { rows, summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 100, unique: 100, duplicates: 0 });
    expect(rows.map((r) => r.text)).toEqual(numbers.map((n, i) => textOf(i, n)));
  });

  it('ends the job, naming the row, when one message alone is over the limit; the rows before it are sent', async () => {
    live = await world.start({ maxBodyBytes: 1_500 });
    await signInAs(live);
    const numbers = numbersFrom(9000, 5);
    const items = numbers.map((n, i) =>
      quickItem([n], { shortMessage: i === 2 ? 'x'.repeat(1300) : `Hi ${i}`, typeandsubtype: 'quick:personalized' }),
    );
    const id = await enqueue({ items });
    const { drainer, alerts } = drainerFor(live);
    world.stops.push(() => drainer.stop());

    const job = await waitForJob(id);
    const message = `The message for row 3 (${displayPhone(numbers[2]!)}) is too large for the gateway even on its own: shorten its text and send again`;
    expect(job).toMatchObject({ state: 'failed', sent: 2, error: message });
    // The gateway's 413 is a 'failed' (user-fixable) refusal: a warning (docs/product.md#alerts).
    expect(alerts.at(-1)).toEqual({ message, severity: 'warning' });
    expect(keysOf(live, id)).toEqual(['0-4', '0-4', '0-1', '2-3', '2-2']);
    const { rows } = await carrierLog(live, id);
    expect(rows.map((r) => [r.to_number, r.text])).toEqual([
      [numbers[0], 'Hi 0'],
      [numbers[1], 'Hi 1'],
    ]);
  });

  it.each([
    ['503 with Retry-After in seconds', 503, '7', 7000],
    ['429 with Retry-After as an HTTP date', 429, 'date+9', 9000],
    ['503 asking for an hour, capped by the policy', 503, '3600', RETRY_CAP_MS],
  ])('honours %s', async (_, status, header, expectedMs) => {
    live = await world.start();
    await signInAs(live);
    let calls = 0;
    live.intercept = (path) => {
      if (path !== SEND || ++calls > 1) return undefined;
      const value = header.startsWith('date+')
        ? new Date(Date.now() + Number(header.slice(5)) * 1000).toUTCString()
        : header;
      return new Response(JSON.stringify({ error: { status: 'error', message: 'Busy' } }), {
        status,
        headers: { 'Content-Type': 'application/json', 'Retry-After': value },
      });
    };
    const numbers = numbersFrom(9500, 3);
    const id = await enqueue({ items: [quickItem(numbers)] });
    const { drainer } = drainerFor(live);
    world.stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 3 });
    const retry = await world.events.waitFor((e) => e.type === 'retry');
    // An HTTP date is read against the real clock: allow the second it may lose in transit.
    expect(retry.type === 'retry' && retry.afterMs).toBeGreaterThanOrEqual(expectedMs - 1000);
    expect(retry.type === 'retry' && retry.afterMs).toBeLessThanOrEqual(expectedMs);
    const [first, second] = live.requests.filter((r) => r.key?.startsWith(id));
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(expectedMs - 1000);
  });
});
