// Several instances, one losing its life (docs/operations.md#several-instances): three gateway processes
// over one PostgreSQL behind a round-robin reverse proxy, the test SMSC as the carrier. A 30,000-recipient
// campaign goes through the API v1 via the proxy (30 requests, so every instance takes some; the last
// ones under way at the kill, a cut one retried with its Idempotency-Key), two SMPP customers submit
// straight to two of the instances, and scheduled batches fall due. One instance (with a customer
// bound) is killed with SIGKILL while its parts are claimed and on the wire, and started again on its
// ports. No recipient reaches the carrier twice, and every one reaches it but those the killed instance
// had on the wire (in doubt, never resent: at most its window); every receipt reaches its customer
// (deliver_sm to the rebound customer, webhooks with one webhook-id per message), every scheduled
// batch runs once, and every balance equals its ledger.
// PostgreSQL only: several instances need it (docs/carrier.md#restarts-and-several-instances). On
// SQLite the test returns at once, as the suite's other PostgreSQL-only checks do (a file with no test
// fails the run, and the suite runs every file on both databases).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundGateways, campaign, ready, type BoundGateways } from './helpers/gateway-process';
import { CarrierTally, EventTally } from './helpers/tallies';
import { eventually } from './helpers/eventually';
import { startRoundRobinProxy, type RoundRobinProxy } from './helpers/round-robin-proxy';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';
import { RebindingCustomer } from './helpers/rebinding-customer';
import { sessionThrough, startInstance, v1Through, type Instance } from './helpers/instances';
import { balancesOffTheirLedgers, carrierParts, runsPerRegistration, webhookState } from './helpers/shared-database';
import { DEMO_SMPP } from '../../server/src/seed/demo';

const RECIPIENTS = 30_000;
const PER_REQUEST = 1_000;
/** The carrier's window: at most this many parts on the wire per bind, so at most this many in doubt. */
const WINDOW = 50;
/** Every 10th request names a callback URL (3,000 webhooks: what the machine delivers in a test's time). */
const CALLBACK_EVERY = 10;
const SMPP_EACH = 600;
const SCHEDULED = { batches: 3, each: 100 };
const PREFIX = { api: '233244', scheduled: '233245', demo: '233246', acme: '233247' };

let set: BoundGateways | null = null;
let proxy: RoundRobinProxy | null = null;
let receiver: Receiver | null = null;
const customers: RebindingCustomer[] = [];
afterEach(async () => {
  for (const c of customers.splice(0)) await c.close();
  await proxy?.close();
  await receiver?.close();
  await set?.stop();
  set = proxy = receiver = null;
});

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** A message's number in its id (msg_123): a few first attempts are answered 500, to be retried. */
const failsFirst = (messageId: string) => Number(messageId.slice(4)) % 211 === 0;

describe('three instances behind a proxy, one killed', () => {
  it('send each recipient once, deliver every receipt, run each scheduled batch once, keep balances to their ledgers', async () => {
    if (!process.env.DATABASE_URL) return;
    const started = performance.now();
    set = await boundGateways(`window=${WINDOW}&tps=5000&timeout=2`);
    const instances: Instance[] = [await startInstance(set)];
    await ready(instances[0]!.gateway);
    instances.push(...(await Promise.all([startInstance(set), startInstance(set)])));
    for (const i of instances) await ready(i.gateway);
    proxy = await startRoundRobinProxy(instances.map((i) => i.port));

    // The integrator: a live key and its default signing secret for the callback URLs; a few first
    // attempts fail, to be retried.
    receiver = await startReceiver();
    const session = await sessionThrough(proxy, 'supervisor', 'supervisor123');
    const made = await v1Through(proxy, session).call('POST', '/api-keys', {
      body: {
        name: 'campaign server',
        mode: 'live',
        scopes: ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const api = v1Through(proxy, String(made.body.secret));
    const secret = await api.call('POST', '/webhook-secret', { body: {} });
    expect(secret.status, JSON.stringify(secret.body)).toBe(201);
    receiver.secretFor('/events', String(secret.body.secret));
    const firstTries = new Set<string>();
    receiver.answerBy('/events', (r) => {
      const id = String(r.headers['webhook-id']);
      if (!failsFirst(String(r.json.data.id)) || firstTries.has(id)) return 200;
      firstTries.add(id);
      return 500;
    });

    // The SMPP customers: demouser on the instance that will be killed, acmeadmin on another.
    const acmeSession = await sessionThrough(proxy, 'acmeadmin', 'acme12345', 'acme.localhost');
    const acmeAccess = await v1Through(proxy, acmeSession, 'acme.localhost').call('POST', '/smpp-access', {
      body: { enabled: true, password: 'acme1234', throughput: 200 },
    });
    expect(acmeAccess.status, JSON.stringify(acmeAccess.body)).toBe(200);
    const demoSession = await sessionThrough(proxy, 'demouser', 'demo12345');
    expect(
      (await v1Through(proxy, demoSession).call('POST', '/smpp-access', { body: { throughput: 200 } })).status,
    ).toBe(200);
    const demo = new RebindingCustomer(instances[1]!.smppPort, DEMO_SMPP.systemId, DEMO_SMPP.password);
    const acme = new RebindingCustomer(instances[2]!.smppPort, String(acmeAccess.body.systemId), 'acme1234');
    customers.push(demo, acme);
    await demo.bind();
    await acme.bind();

    // The campaign, 30 requests through the proxy, three at a time, each with its Idempotency-Key.
    const numbers = campaign(RECIPIENTS, PREFIX.api);
    /** Each request's batch, in the requests' order. */
    const batches: string[] = [];
    /** The messages of the requests that name a callback URL, and their numbers. */
    const withCallback = new Map<string, string>();
    let retried = 0;
    const requests = Array.from({ length: RECIPIENTS / PER_REQUEST }, (_, i) => i);
    const sendPart = async (i: number) => {
      const answer = await api.call('POST', '/messages', {
        idempotencyKey: `campaign-${i}`,
        body: {
          from: 'BULKSMS',
          to: numbers.slice(i * PER_REQUEST, (i + 1) * PER_REQUEST),
          text: 'The harvest fair opens Saturday at 9. Bring this text for a free seedling.',
          reference: `fair-${i}`,
          category: 'transactional',
          ...(i % CALLBACK_EVERY === 0 ? { callbackUrl: receiver!.url('/events') } : {}),
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      retried += answer.tries - 1;
      batches[i] = String(answer.body.batchId);
      if (i % CALLBACK_EVERY !== 0) return;
      for (const m of answer.body.messages as { messageId: string; to: string }[]) withCallback.set(m.messageId, m.to);
    };
    const sendRequests = async (list: number[]) => {
      for (let i = 0; i < list.length; i += 3) await Promise.all(list.slice(i, i + 3).map(sendPart));
    };
    // The first half now; the second half is on its way when the instance is killed.
    const firstHalf = sendRequests(requests.slice(0, requests.length / 2));
    // Each customer submits half its numbers before the kill, the other half from the kill on.
    const demoNumbers = campaign(SMPP_EACH, PREFIX.demo);
    const acmeNumbers = campaign(SMPP_EACH, PREFIX.acme);
    const half = SMPP_EACH / 2;
    const smppSent = Promise.all([
      demo.submitAll(demoNumbers.slice(0, half), 'DEMO'),
      acme.submitAll(acmeNumbers.slice(0, half), 'ACME'),
    ]);
    // Awaited below; a failure before then fails the test there, not as an unhandled rejection.
    firstHalf.catch(() => undefined);
    smppSent.catch(() => undefined);

    // Scheduled batches due now (scheduleAt is kept to the minute: this minute's start has come).
    const thisMinute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    const scheduledNumbers = campaign(SCHEDULED.batches * SCHEDULED.each, PREFIX.scheduled);
    const batchIds: string[] = [];
    for (let b = 0; b < SCHEDULED.batches; b += 1) {
      const answer = await api.call('POST', '/messages', {
        idempotencyKey: `scheduled-${b}`,
        body: {
          from: 'BULKSMS',
          to: scheduledNumbers.slice(b * SCHEDULED.each, (b + 1) * SCHEDULED.each),
          text: 'Reminder: the harvest fair opens tomorrow at 9.',
          scheduleAt: thisMinute,
          category: 'transactional',
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      batchIds.push(String(answer.body.batchId));
    }

    // Mid-way, with parts claimed and on the wire and API requests under way: SIGKILL the instance
    // demouser is bound to.
    const carrier = new CarrierTally(set.smsc);
    await eventually(() => expect(carrier.reached(numbers)).toBeGreaterThanOrEqual(RECIPIENTS * 0.3), 300_000);
    await smppSent;
    await firstHalf;
    const forwardedBefore = proxy.forwarded();
    const secondHalf = sendRequests(requests.slice(requests.length / 2));
    secondHalf.catch(() => undefined);
    await eventually(() => expect(proxy!.forwarded()).toBeGreaterThanOrEqual(forwardedBefore + 3));
    const sentAtKill = carrier.reached(numbers);
    const killedAt = performance.now();
    await instances[1]!.gateway.kill();
    const smppAfterKill = Promise.all([
      demo.submitAll(demoNumbers.slice(half), 'DEMO'),
      acme.submitAll(acmeNumbers.slice(half), 'ACME'),
    ]);
    const { port, smppPort } = instances[1]!;
    instances[1] = await startInstance(set, { port, smppPort });
    await ready(instances[1].gateway);
    const readyAfter = performance.now() - killedAt;

    await secondHalf;
    await smppAfterKill;
    await eventually(() => expect(demo.binds, 'demouser bound again after the kill').toBeGreaterThanOrEqual(2), 60_000);

    // Every recipient at the carrier (the campaign's, the scheduled ones, every answered submit) but
    // those in doubt: parts the killed instance had saved as submitting and may not have written before
    // the SIGKILL, which are never sent again (at most its window). Nothing else waits or is lost.
    const smppNumbers = [...demo.answered.values(), ...acme.answered.values()];
    const expected = [...numbers, ...scheduledNumbers, ...smppNumbers];
    let inDoubt = new Set<string>();
    let missing: string[] = [];
    await vi.waitFor(
      async () => {
        const counts = carrier.update();
        missing = expected.filter((n) => !counts.has(n));
        if (missing.length === 0) return;
        const parts = await carrierParts(set!.databaseUrl);
        inDoubt = parts.inDoubt;
        expect({ unsettled: parts.unsettled, lost: missing.filter((n) => !inDoubt.has(n)) }).toEqual({
          unsettled: 0,
          lost: [],
        });
      },
      { timeout: 300_000, interval: 200 },
    );
    const carrierDoneAfter = performance.now() - killedAt;
    expect(missing.length).toBeLessThanOrEqual(WINDOW);
    const gone = new Set(missing);

    // Every receipt to its customer: a webhook per API message, a deliver_sm per answered submit, but for
    // a recipient in doubt that never reached the carrier (it has no receipt to give).
    const events = new EventTally(receiver, '/events');
    const owed = [...withCallback].filter(([, to]) => !gone.has(to)).map(([id]) => id);
    const receiptsMissing = () =>
      [...demo.receiptsMissing(), ...acme.receiptsMissing()].filter(
        (id) => !gone.has(demo.answered.get(id) ?? acme.answered.get(id) ?? ''),
      );
    await eventually(() => {
      const byMessage = events.update();
      expect(owed.filter((id) => !byMessage.has(id)).length).toBe(0);
      expect(receiptsMissing()).toEqual([]);
    }, 300_000).catch(async (error: unknown) => {
      // Where the webhooks stood when the wait ran out: the fan-out's place, the deliveries, the breakers.
      console.error('webhooks at the end of the wait:', JSON.stringify(await webhookState(set!.databaseUrl), null, 1));
      throw error;
    });
    const receiptsDoneAfter = performance.now() - killedAt;

    const final = carrier.update();
    const duplicates = [...final.entries()].filter(
      ([n, c]) => c > 1 && Object.values(PREFIX).some((p) => n.startsWith(p)),
    ).length;
    const lost = missing.filter((n) => !inDoubt.has(n)).length;
    // A submit cut before its answer may have been stored: at most once at the carrier, never twice.
    const doubtful = [...demo.inDoubt, ...acme.inDoubt];
    expect({ duplicates, lost, doubtfulTwice: doubtful.filter((n) => (final.get(n) ?? 0) > 1) }).toEqual({
      duplicates: 0,
      lost: 0,
      doubtfulTwice: [],
    });
    // One webhook-id per message on every retry, each message delivered; none unsigned.
    const byMessage = [...events.update().values()];
    expect(byMessage.filter((m) => m.webhookIds.size > 1)).toEqual([]);
    expect(new Set(byMessage.flatMap((m) => [...m.types]))).toEqual(new Set(['message.delivered']));
    expect(events.unverified).toBe(0);
    const webhookRetries = byMessage.reduce((n, m) => n + m.requests - 1, 0);
    expect(webhookRetries).toBeGreaterThan(0);
    // Every message of the campaign delivered, as the API reports each batch, but those in doubt. The
    // carrier's receipts for batches without a callback come in their own time: on a loaded machine
    // some are still on their way when the webhooks are all in.
    for (const [i, batch] of batches.entries()) {
      const unreached = numbers.slice(i * PER_REQUEST, (i + 1) * PER_REQUEST).filter((n) => gone.has(n)).length;
      await eventually(async () => {
        const read = await api.call('GET', `/batches/${batch}`);
        expect({ batch, delivered: read.body.counts.delivered }).toEqual({ batch, delivered: PER_REQUEST - unreached });
        if (unreached === 0) expect({ batch, status: read.body.status }).toEqual({ batch, status: 'completed' });
      }, 120_000);
    }
    // The rebound customer got receipts on its new bind.
    expect(demo.cuts).toBe(1);
    expect(demo.receiptsAfterCut).toBeGreaterThan(0);

    expect(await runsPerRegistration(set.databaseUrl, batchIds)).toEqual(batchIds.map(() => 1));
    expect(await balancesOffTheirLedgers(set.databaseUrl)).toEqual([]);
    console.log(
      `three instances (PostgreSQL): ${expected.length} recipients (${RECIPIENTS} by API, ${scheduledNumbers.length} scheduled, ` +
        `${smppNumbers.length} by SMPP, ${doubtful.length} submits cut before their answer), ${duplicates} duplicates, ${lost} lost, ` +
        `${missing.length} in doubt and not at the carrier (${inDoubt.size} numbers with a part in doubt); ` +
        `${sentAtKill} of the campaign at the carrier at the SIGKILL; ready again ${seconds(readyAfter)} s after it, ` +
        `every recipient at the carrier ${seconds(carrierDoneAfter)} s after it, every receipt delivered ` +
        `${seconds(receiptsDoneAfter)} s after it (${webhookRetries} webhook repeats, ${retried} API requests retried, ` +
        `demouser bound ${demo.binds} times); ${seconds(performance.now() - started)} s in all`,
    );
  }, 900_000);
});
