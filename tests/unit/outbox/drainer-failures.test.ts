// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue } from '../../../src/outbox/enqueue';
import { db } from '../../../src/db/db';
import { saveSignIn } from '../../../src/db/session-store';
import { UserInfoSchema } from '../../../src/domain/contract/user-info';
import { login } from '../../gateway/helpers/test-app';
import { carrierLog, numbersFrom, quickItem, signInAs, type LiveGateway } from './support/live-gateway';
import { drainerFor, fakeNetwork, isWaiting, keysOf, useDrainerTestWorld, waitForJob } from './support/drain-helpers';

const SEND = '/smsgateway/api/sendsms';
const refusal = (status: number, message: string, kind = 'error') =>
  new Response(JSON.stringify({ error: { status: kind, message } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('outbox failures against the real gateway', () => {
  const world = useDrainerTestWorld();
  let live: LiveGateway;

  it('retries 503s and a dropped connection with growing backoff, then sends once', async () => {
    live = await world.start({ maxBodyBytes: 8 * 1024 });
    await signInAs(live);
    let calls = 0;
    live.intercept = (path) => {
      if (path !== SEND) return undefined;
      calls += 1;
      if (calls === 1 || calls === 3) return refusal(503, 'Service Unavailable');
      if (calls === 4) throw new TypeError('fetch failed');
      return undefined;
    };
    const numbers = numbersFrom(1, 700);
    const id = await enqueue({ items: [quickItem(numbers)] });
    const { drainer, alerts } = drainerFor(live);
    world.stops.push(() => drainer.stop());
    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 700, attempts: 0 });
    // whole: 503, retried whole: 413; batch 0: 503, network, then on.
    expect(keysOf(live, id).slice(0, 5)).toEqual(['0-699', '0-699', '0-99', '0-99', '0-99']);
    expect(live.scheduler.sleeps.filter((ms) => ms !== 2000)).toEqual([750, 750, 1500]);
    expect((await carrierLog(live, id)).summary).toEqual({ total: 700, unique: 700, duplicates: 0 });
    expect(alerts.filter((a) => a.severity !== 'info' && a.severity !== 'success')).toEqual([]);
  });

  it("ends a job the gateway refuses for good with the gateway's message, as a warning", async () => {
    live = await world.start();
    await signInAs(live);
    const id = await enqueue({ items: [quickItem(numbersFrom(1, 5), { sourceAddress: 'PROMO' })] });
    const { drainer, alerts } = drainerFor(live);
    world.stops.push(() => drainer.stop());
    const job = await waitForJob(id);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/PROMO is still awaiting approval/);
    expect(alerts).toEqual([{ message: job.error, severity: 'warning' }]);
    expect(keysOf(live, id)).toHaveLength(1);
    expect((await carrierLog(live, id)).summary.total).toBe(0);
  });

  it("pauses on 'Invalid Token' and goes on, once, when the account signs in again", async () => {
    live = await world.start({ maxBodyBytes: 8 * 1024 });
    const user = await signInAs(live);
    // The session dies on the gateway (a password reset elsewhere, say): the outbox's credential is refused.
    await live.gw.ctx.db.updateTable('tokens').set({ revoked: 1 }).where('profile_id', '=', user.profile_id).execute();
    const numbers = numbersFrom(1, 300);
    const id = await enqueue({ items: [quickItem(numbers)] });
    const { drainer } = drainerFor(live);
    world.stops.push(() => drainer.stop());
    const paused = await waitForJob(id);
    expect(paused).toMatchObject({ state: 'paused', sent: 0 });
    const callsWhilePaused = keysOf(live, id).length;
    await world.events.waitFor(isWaiting('no-work'), (e) => e.type === 'paused');
    expect(keysOf(live, id)).toHaveLength(callsWhilePaused);

    live.gw.clock.advance(60_000);
    await saveSignIn(UserInfoSchema.parse(await login(live.gw, 'demouser', 'demo12345')), live.gw.clock.now);
    expect(await waitForJob(id, ['done', 'failed'])).toMatchObject({ state: 'done', sent: 300 });
    expect((await carrierLog(live, id)).summary).toEqual({ total: 300, unique: 300, duplicates: 0 });
  });

  it('waits offline without calling, and sends when the network comes back', async () => {
    live = await world.start();
    await signInAs(live);
    const network = fakeNetwork(false);
    const { drainer } = drainerFor(live, { network });
    world.stops.push(() => drainer.stop());
    const id = await enqueue({ items: [quickItem(numbersFrom(1, 40))] });
    await world.events.waitFor(isWaiting('offline'));
    expect(keysOf(live, id)).toEqual([]);
    expect((await db.outboxJobs.get(id))?.state).toBe('queued');
    network.set(true);
    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 40 });
  });

  it("keeps the stored balances after a send from an 'rccg' sender, but sets the scheduled tab flag", async () => {
    live = await world.start();
    await live.gw.ctx.db
      .updateTable('users')
      .set({ senderidapproved: 'DEMO,RCCGHQ' })
      .where('username', '=', 'demouser')
      .execute();
    const user = await signInAs(live);
    await db.users.update(user.profile_id, { creditbalance: 1234, scheduledsmsTab: false });
    const id = await enqueue({ items: [quickItem(numbersFrom(1, 10), { sourceAddress: 'RCCGHQ' })] });
    const { drainer } = drainerFor(live);
    world.stops.push(() => drainer.stop());
    expect((await waitForJob(id)).state).toBe('done');
    expect(await db.users.get(user.profile_id)).toMatchObject({ creditbalance: 1234, scheduledsmsTab: true });
  });

  it("sends only the signed-in account's jobs; another's wait for that account", async () => {
    live = await world.start();
    const demo = await signInAs(live);
    const id = await enqueue({ items: [quickItem(numbersFrom(1, 10))] });
    await signInAs(live, 'acmeadmin', 'acme12345');
    const { drainer } = drainerFor(live);
    world.stops.push(() => drainer.stop());
    await world.events.waitFor(isWaiting('no-work'));
    expect(keysOf(live, id)).toEqual([]);
    live.gw.clock.advance(1000);
    await signInAs(live);
    expect(await waitForJob(id)).toMatchObject({ state: 'done', profile_id: demo.profile_id });
  });
});
