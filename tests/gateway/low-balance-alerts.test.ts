// Low-balance alerts (docs/product.md#low-balance-alerts): a charge that takes the balance under the
// account's alert level raises one alert an Accra day, even when sends charge at once; the account is
// texted from the system sender and e-mailed, and a live endpoint that takes balance.low is posted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, numbers, sendItem, sendSms } from './helpers/messaging';
import { v1 } from './helpers/api-v1';
import { startReceiver, type Receiver } from './helpers/webhook-receiver';
import { eventually } from './helpers/eventually';
import { sendLowBalanceAlerts } from '../../server/src/accounts/low-balance-alerts';
import { fanOutBalanceAlerts } from '../../server/src/integrations/webhooks/balance-events';
import { tickWebhooks } from '../../server/src/integrations/webhooks/deliver';
import { DAY_MS } from '../../src/domain/dates';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, RootOperationNode } from 'kysely';

/** Fails the first write of carrier parts, as a process that dies before its SMS is queued. */
class DiesBeforeTheText implements KyselyPlugin {
  died = false;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!this.died && node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'carrier_parts') {
      this.died = true;
      throw new Error('the process died before its SMS was queued');
    }
    return node;
  }
  transformResult = async ({ result }: PluginTransformResultArgs) => result;
}

let gw: TestGateway;
let receiver: Receiver;
let demo: Awaited<ReturnType<typeof account>>;

const LEVEL = 100;

beforeAll(async () => {
  gw = await makeTestApp();
  receiver = await startReceiver();
  demo = await account(gw, 'demouser');
  const set = await call(gw, 'setlowbalancealert', { profile_id: demo.profile_id, threshold: String(LEVEL) }, demo);
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect(set.body.userInfo.lowbalancethreshold).toBe(LEVEL);
  const endpoint = await v1(gw, 'POST', '/webhook-endpoints', {
    auth: demo.token,
    body: { url: receiver.url('/balance'), events: ['balance.low'], mode: 'live' },
  });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  receiver.secretFor('/balance', String(endpoint.body.secret));
});
afterAll(async () => {
  await receiver.close();
  await gw.close();
});

const setBalance = (credits: number) =>
  gw.ctx.db.updateTable('users').set({ creditbalance: credits }).where('profile_id', '=', demo.profile_id).execute();
const alerts = () =>
  gw.ctx.db.selectFrom('balance_alerts').selectAll().where('profile_id', '=', demo.profile_id).orderBy('id').execute();
const alertMails = () =>
  gw.ctx.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'low-balance').orderBy('id').execute();
const alertTexts = () =>
  gw.ctx.db.selectFrom('carrier_messages').selectAll().where('text', 'like', '%under the 100 you set%').execute();

/** `count` sends of 10 credits each (10 one-part recipients), all at once; their statuses. */
async function sendAtOnce(count: number, from: number) {
  const sends = Array.from({ length: count }, (_, k) =>
    sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(10, from + k * 10) })]),
  );
  return (await Promise.all(sends)).map((r) => r.status);
}

describe('low-balance alerts', () => {
  it('alerts once when concurrent sends cross the level: by SMS, e-mail and the balance.low webhook', async () => {
    await setBalance(150);
    expect(await sendAtOnce(8, 0)).toEqual(Array(8).fill(200));
    const raised = await alerts();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ threshold: LEVEL, day: '2026-11-20' });
    expect(Number(raised[0]!.balance_after)).toBeLessThan(LEVEL);
    expect(Number(raised[0]!.balance_after)).toBeGreaterThanOrEqual(LEVEL - 10);

    // Two instances' loops at once: the alert is sent once.
    const [a, b] = await Promise.all([sendLowBalanceAlerts(gw.ctx), sendLowBalanceAlerts(gw.ctx)]);
    expect(a + b).toBe(1);
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: demo.email, subject: 'Your SMS balance is low' });
    expect(mails[0]!.body).toContain(`under the ${LEVEL} you set for this alert`);
    expect(await alertTexts()).toHaveLength(1);

    await Promise.all([fanOutBalanceAlerts(gw.ctx), fanOutBalanceAlerts(gw.ctx)]);
    await tickWebhooks(gw.ctx, 'test-loop');
    const posted = await eventually(() => {
      const got = receiver.on('/balance');
      expect(got).toHaveLength(1);
      return got[0]!;
    });
    expect(posted.verified).toBe(true);
    expect(posted.json).toMatchObject({
      type: 'balance.low',
      data: { balance: Number(raised[0]!.balance_after), threshold: LEVEL, unit: 'credits' },
    });
  });

  it('does not alert again that day, and alerts again the next day', async () => {
    await setBalance(150);
    expect(await sendAtOnce(6, 100)).toEqual(Array(6).fill(200));
    expect(await alerts()).toHaveLength(1);
    expect(await sendLowBalanceAlerts(gw.ctx)).toBe(0);

    gw.clock.advance(DAY_MS);
    await setBalance(150);
    expect(await sendAtOnce(6, 200)).toEqual(Array(6).fill(200));
    const raised = await alerts();
    expect(raised.map((r) => r.day)).toEqual(['2026-11-20', '2026-11-21']);
    expect(await sendLowBalanceAlerts(gw.ctx)).toBe(1);
    expect(await alertMails()).toHaveLength(2);
  });

  it('never loses the SMS: an alert whose text could not be queued stays unsent, and goes once, mail and text, next step', async () => {
    gw.clock.advance(DAY_MS);
    await setBalance(150);
    expect(await sendAtOnce(6, 500)).toEqual(Array(6).fill(200));
    const [mailsBefore, textsBefore] = [(await alertMails()).length, (await alertTexts()).length];
    const dying = new DiesBeforeTheText();
    const db = Object.assign(gw.ctx.db.withPlugin(dying), { dialectName: gw.ctx.db.dialectName });
    expect(await sendLowBalanceAlerts({ ...gw.ctx, db })).toBe(0);
    expect(dying.died).toBe(true);
    expect((await alerts()).at(-1)!.notified_at).toBe(0);
    expect(await alertMails()).toHaveLength(mailsBefore);

    expect(await sendLowBalanceAlerts(gw.ctx)).toBe(1);
    expect(await alertMails()).toHaveLength(mailsBefore + 1);
    await eventually(async () => expect(await alertTexts()).toHaveLength(textsBefore + 1));
  });

  it('raises none while the balance stays above the level, or for an account that set none', async () => {
    const before = (await alerts()).length;
    gw.clock.advance(DAY_MS);
    await setBalance(1000);
    expect(await sendAtOnce(3, 300)).toEqual(Array(3).fill(200));
    const off = await call(gw, 'setlowbalancealert', { profile_id: demo.profile_id, threshold: '' }, demo);
    expect(off.body.userInfo.lowbalancethreshold).toBe(0);
    await setBalance(105);
    expect(await sendAtOnce(1, 400)).toEqual([200]);
    expect(await alerts()).toHaveLength(before);
  });

  it('refuses an alert level that is not a whole number of credits, with what to type', async () => {
    for (const threshold of ['abc', '-5', '1.5', '0']) {
      const res = await call(gw, 'setlowbalancealert', { profile_id: demo.profile_id, threshold }, demo);
      expect(res.status, threshold).toBe(400);
      expect(res.body.error.message).toMatch(/whole number of credits|from 1 to/);
    }
  });
});
