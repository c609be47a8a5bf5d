// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueue } from '../../../src/outbox/enqueue';
import { db } from '../../../src/db/db';
import { restoreJobToDraft } from '../../../src/db/outbox-store';
import { sendTheRest } from '../../../src/sync/outbox-jobs';
import { BATCHES_SENT, BATCHING_NOTICE } from '../../../src/domain/alerts';
import {
  carrierLog,
  numbersFrom,
  personalizedItems,
  quickItem,
  signInAs,
  startLiveGateway,
  type LiveGateway,
} from './support/live-gateway';
import { drainerFor, keysOf, resetDevice, waitForJob } from './support/drain-helpers';

describe('outbox against the real gateway: whole sends and 413 batches', () => {
  let live: LiveGateway;
  const stops: (() => Promise<void>)[] = [];
  beforeEach(resetDevice);
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
    await live?.close();
  });

  it('sends a job whole, once, and stores the balance and the scheduled tab flag from the answer', async () => {
    live = await startLiveGateway();
    const user = await signInAs(live);
    await db.users.update(user.profile_id, { scheduledsmsTab: false });
    const numbers = numbersFrom(1, 250);
    const id = await enqueue({ items: [quickItem(numbers)] });
    const { drainer, alerts } = drainerFor(live);
    stops.push(() => drainer.stop());

    const job = await waitForJob(id);
    expect(job).toMatchObject({ state: 'done', sent: 250, total: 250 });
    expect(keysOf(live, id)).toEqual(['0-249']);
    const { rows, summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 250, unique: 250, duplicates: 0 });
    expect(rows.map((r) => r.to_number)).toEqual(numbers);
    const gatewayUser = await live.gw.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('profile_id', '=', user.profile_id)
      .executeTakeFirstOrThrow();
    const stored = await db.users.get(user.profile_id);
    expect(stored?.creditbalance).toBe(gatewayUser.creditbalance);
    expect(stored?.creditbalance).toBe(10_000_000 - 250);
    expect(stored?.scheduledsmsTab).toBe(true);
    expect(alerts).toEqual([{ message: 'Messages sent successfully', severity: 'success' }]);
  });

  it('meets 413, then sends 100 recipients a batch, 2 s apart, each reaching the carrier once', async () => {
    live = await startLiveGateway({ maxBodyBytes: 8 * 1024 });
    await signInAs(live);
    const numbers = numbersFrom(1000, 1000);
    const id = await enqueue({ items: [quickItem(numbers)] });
    const { drainer, alerts } = drainerFor(live);
    stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 1000, nextBatch: 10 });
    const keys = keysOf(live, id);
    expect(keys).toEqual(['0-999', ...Array.from({ length: 10 }, (_, i) => `${i * 100}-${i * 100 + 99}`)]);
    const batchTimes = live.requests.filter((r) => r.key?.startsWith(id) && r.key !== `${id}:0-999`).map((r) => r.at);
    expect(batchTimes.slice(1).map((t, i) => t - batchTimes[i]!)).toEqual(Array(9).fill(2000));
    const { rows, summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 1000, unique: 1000, duplicates: 0 });
    expect(rows.map((r) => r.to_number)).toEqual(numbers);
    expect(alerts).toEqual([
      { message: BATCHING_NOTICE, severity: 'info' },
      { message: BATCHES_SENT, severity: 'success' },
    ]);
  });

  it('sends the rest of a send refused part-way for credit, once credit is there, and nobody twice', async () => {
    live = await startLiveGateway();
    const user = await signInAs(live, 'demouser', 'demo12345', 250);
    const numbers = numbersFrom(7000, 450);
    const id = await enqueue({ items: [quickItem(numbers)] });
    const { drainer } = drainerFor(live, { maxWholeBytes: 2_000 });
    stops.push(() => drainer.stop());

    // 250 credits: two batches of 100 go, the third needs 100 and 50 are left.
    expect(await waitForJob(id)).toMatchObject({ state: 'failed', sent: 200, nextBatch: 2 });
    expect(await restoreJobToDraft(id)).toBe(false);
    await live.gw.ctx.db
      .updateTable('users')
      .set({ creditbalance: 1_000 })
      .where('profile_id', '=', user.profile_id)
      .execute();
    expect(await sendTheRest(id)).toBe(true);
    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 450 });
    expect(keysOf(live, id)).toEqual(['0-99', '100-199', '200-299', '200-299', '300-399', '400-449']);
    const { rows, summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 450, unique: 450, duplicates: 0 });
    expect(rows.map((r) => r.to_number)).toEqual(numbers);
  });

  it('goes straight to batches when the job is larger than the gateway accepts, personalised texts kept', async () => {
    live = await startLiveGateway();
    await signInAs(live);
    const numbers = numbersFrom(5000, 450);
    const id = await enqueue({ items: personalizedItems(numbers) });
    const { drainer } = drainerFor(live, { maxWholeBytes: 20_000 });
    stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 450, batchCount: 5 });
    expect(keysOf(live, id)).toEqual(['0-99', '100-199', '200-299', '300-399', '400-449']);
    const { rows, summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 450, unique: 450, duplicates: 0 });
    // Every recipient its own text: the first of each batch (100, 200, ...) too.
    expect(rows.map((r) => [r.recipient_index, r.to_number, r.text])).toEqual(
      numbers.map((n, i) => [i, n, `Dear customer ${i}, your code is ${n.slice(-4)}`]),
    );
  });
});
