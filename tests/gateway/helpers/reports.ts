// A send whose recipients end every way (the report and status page tests read it).
import { call, makeTestApp, type TestGateway } from './test-app';
import { fundedAccount, sendItem, sendSms } from './messaging';
import { ScriptConnector, receiptFor } from './script-connector';
import { tickCarrier } from '../../../server/src/carrier/delivery';
import { suppress } from '../../../server/src/optouts/suppression';

type Demo = Awaited<ReturnType<typeof fundedAccount>>;
export const status = (g: TestGateway, who: Demo, id: number, body: Record<string, unknown> = {}) =>
  call(g, `status/${id}`, { profile_id: who.profile_id, ...body }, { token: who.token });

/** A send of MTN, Telecel and AirtelTigo numbers: 10 delivered, 1 refused, 1 undelivered, 1 opted out, 1 waiting. */
export async function mixedSend() {
  const carrier = new ScriptConnector('default', (p) =>
    p.to === '233201000002'
      ? { kind: 'rejected', code: 0x0b, reason: 'ESME_RINVDSTADR' }
      : { kind: 'accepted', carrierId: `c${p.partId}` },
  );
  const g = await makeTestApp({ connector: carrier, carrierDelayMs: 0 });
  await tickCarrier(g.ctx);
  carrier.ledger.length = 0;
  const demo = await fundedAccount(g, 'demouser', 10_000);
  await suppress(g.ctx.db, demo.profile_id, ['233261000003'], 'manual', demo.profile_id, g.clock.now);
  const to = [
    '233241000001',
    '233201000002',
    '233261000003',
    '233541000004',
    '233271000005',
    ...Array.from({ length: 9 }, (_, i) => `2335010000${String(10 + i)}`),
  ];
  const res = await sendSms(g, demo.apikey, [sendItem({ destinationAddress: to.join(',') })]);
  await tickCarrier(g.ctx);
  g.clock.advance(7000);
  const parts = carrier.ledger.splice(0);
  await carrier.receipts(
    parts
      .filter((p) => p.to !== '233541000004')
      .map((p) => ({
        ...receiptFor(`c${p.partId}`, p.to, p.to === '233271000005' ? 'UNDELIV' : 'DELIVRD'),
        doneAt: g.clock.now,
      })),
  );
  return { g, demo, id: res.body.message_id as number, carrier };
}
