// STOP replies through the SMPP connector (docs/compliance.md#stop-replies): a deliver_sm from a phone
// whose text is a stop word opts that number out of the account that last wrote to it from the sender
// ID it replied to; any other message is stored and counted. Against the local fake SMSC.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { fundedAccount, sendItem, sendSms } from './helpers/messaging';
import { FakeSmsc, settingsFor } from './helpers/fake-smsc';
import { SmppConnector } from '../../server/src/carrier/smpp/smpp-connector';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { PART } from '../../server/src/db/schema-carrier';
import { isStopText } from '../../src/domain/numbers/opt-out';
import { eventually } from './helpers/eventually';

const FAST = { reconnect: { baseMs: 10, maxMs: 40 }, throttle: { baseMs: 5, maxMs: 20 } };

let gw: TestGateway | null = null;
let smsc: FakeSmsc | null = null;
afterEach(async () => {
  await gw?.close();
  await smsc?.stop();
  gw = null;
  smsc = null;
});

async function setUp() {
  smsc = new FakeSmsc();
  await smsc.start();
  gw = await makeTestApp({
    connector: new SmppConnector('default', settingsFor(smsc.port), FAST),
    carrierDelayMs: 0,
  });
  await eventually(() => tickCarrier(gw!.ctx).then(() => expect(gw!.ctx.connector!.health().bound).toBe(true)));
  const demo = await fundedAccount(gw, 'demouser', 1000);
  const acmeClient = await fundedAccount(gw, 'acmeclient', 1000);
  return { gw, smsc, demo, acmeClient };
}

async function untilSent(g: TestGateway) {
  await vi.waitFor(
    async () => {
      await tickCarrier(g.ctx);
      const open = await g.ctx.db
        .selectFrom('carrier_parts')
        .select('id')
        .where('state', 'in', [PART.claimed, PART.submitting])
        .limit(1)
        .execute();
      expect(open).toEqual([]);
    },
    { timeout: 20_000, interval: 20 },
  );
}

describe('STOP replies', () => {
  it('knows the stop words in any case and spacing, and nothing else', () => {
    for (const text of [
      'STOP',
      ' stop ',
      'Stop All',
      'unsubscribe',
      'CANCEL',
      'end',
      'Quit',
      'opt  out',
      '\tOPT OUT\n',
    ])
      expect(isStopText(text), text).toBe(true);
    for (const text of ['', 'STOPP', 'please stop', 'stop it', 'OPTOUT', 'yes', 'STOP!'])
      expect(isStopText(text), text).toBe(false);
  });

  it('opts the number out of the account that last wrote to it from that sender ID, and stores every message', async () => {
    const { gw, smsc, demo, acmeClient } = await setUp();
    await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '0241000101', sourceAddress: 'DEMO' })]);
    await sendSms(gw, acmeClient.apikey, [sendItem({ destinationAddress: '233241000101', sourceAddress: 'ACMECL' })], {
      host: 'acme.localhost',
    });
    await untilSent(gw);

    await smsc.fromPhone('233241000101', 'DEMO', '  Stop ');
    await smsc.fromPhone('233241000101', 'ACMECL', 'Thanks, got it');
    await smsc.fromPhone('233209999999', 'DEMO', 'STOP');

    const optouts = await gw.ctx.db.selectFrom('optouts').selectAll().execute();
    expect(optouts.map((o) => [o.profile_id, o.number, o.reason])).toEqual([
      [demo.profile_id, '233241000101', 'stop_reply'],
    ]);
    const inbound = await gw.ctx.db.selectFrom('inbound_messages').selectAll().orderBy('id').execute();
    expect(inbound.map((m) => [m.from_number, m.to_address, m.text, m.kind, m.profile_id])).toEqual([
      ['233241000101', 'DEMO', '  Stop ', 'stop', demo.profile_id],
      ['233241000101', 'ACMECL', 'Thanks, got it', 'other', acmeClient.profile_id],
      // A STOP from a number this sender ID never wrote to suppresses nothing, and is kept.
      ['233209999999', 'DEMO', 'STOP', 'stop', null],
    ]);

    // The demo account's next send skips it; Acme's client still reaches it.
    const next = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000101,233241000102' })]);
    expect(next.body.optedOut).toBe(1);
    const acme = await sendSms(
      gw,
      acmeClient.apikey,
      [sendItem({ destinationAddress: '233241000101', sourceAddress: 'ACMECL' })],
      { host: 'acme.localhost' },
    );
    expect(acme.body.optedOut).toBeUndefined();
    await untilSent(gw);
    expect(smsc.acceptedTo('233241000101')).toHaveLength(3);
    expect(smsc.acceptedTo('233241000102')).toHaveLength(1);
  });
});
