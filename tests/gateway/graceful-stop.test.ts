// A graceful stop on SIGTERM (docs/operations.md#graceful-stop), on real processes: readiness turns 503
// and new work is refused, the customer's SMPP bind and the carrier's are unbound, claimed parts are
// released for another instance, the process exits 0 within SHUTDOWN_GRACE_S, and nothing is sent twice.
// Then a rolling restart of two instances over one database under load: every recipient reaches the
// carrier exactly once.
import { join } from 'node:path';
import smpp, { type PDU } from 'smpp';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../e2e/support/gateway';
import {
  boundGateways,
  campaign,
  carrierCounts,
  ready,
  readyz,
  sendCampaign,
  type BoundGateways,
} from './helpers/gateway-process';
import { eventually } from './helpers/eventually';
import { bind } from './helpers/smpp-customer';
import { openDatabase } from '../../server/src/db/database';
import { PART } from '../../server/src/db/schema-carrier';
import { DEMO_SMPP } from '../../server/src/seed/demo';

let set: BoundGateways | null = null;
afterEach(async () => {
  await set?.stop();
  set = null;
});

/** A bind to a port: its status, or 'closed' when the connection is refused or cut before an answer. */
function tryBind(port: number): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    const session = smpp.connect({ host: '127.0.0.1', port }, () => {
      session.send(
        new smpp.PDU('bind_transceiver', { system_id: DEMO_SMPP.systemId, password: DEMO_SMPP.password }),
        (resp: PDU) => {
          resolve(resp.command_status);
          session.destroy();
        },
      );
    });
    session.on('error', () => resolve('closed'));
    session.on('close', () => resolve('closed'));
  });
}

/** The database the set's gateways share, opened by the test to look at the carrier's rows. */
function sharedDatabase(set: BoundGateways, first: RunningGateway) {
  return set.postgres
    ? openDatabase({ databaseUrl: set.databaseUrl })
    : openDatabase({ sqliteFile: join(first.dataDir, 'gateway.sqlite') });
}

describe('graceful stop', () => {
  it('turns readiness 503, refuses new work, unbinds, releases its parts and exits 0; another instance sends the rest once', async () => {
    set = await boundGateways('window=10&tps=400&timeout=2');
    const a = await set.start({ SHUTDOWN_GRACE_S: '20' });
    await ready(a);
    const smppPort = Number(/SMPP:\s+\S+:(\d+)/.exec(a.output())![1]);
    const customer = await bind(smppPort, DEMO_SMPP.systemId, DEMO_SMPP.password);
    expect(customer.status).toBe(0);
    // While the customer is being unbound, the HTTP server is still up: what it answers then is kept.
    let seenWhileStopping: Promise<{ readyz: number; status: string; send: number; bind: number | 'closed' }> | null =
      null;
    customer.session.on('unbind', (pdu: PDU) => {
      customer.session.send(pdu.response());
      seenWhileStopping = (async () => {
        const [r, send, bound] = await Promise.all([
          readyz(a),
          fetch(a.url('/smsgateway/api/sendsms'), { method: 'POST', body: '{}' }),
          tryBind(smppPort),
        ]);
        return { readyz: r.status, status: r.body.status, send: send.status, bind: bound };
      })();
    });

    const numbers = campaign(2000, '233550');
    await sendCampaign(a, numbers);
    await eventually(() => expect(carrierCounts(set!, '233550').size).toBeGreaterThanOrEqual(300), 30_000);
    const unbindsBefore = set.smsc.unbinds;
    const stopped = await a.terminate();
    expect(stopped.code).toBe(0);
    expect(await seenWhileStopping).toEqual({ readyz: 503, status: 'stopping', send: 503, bind: 'closed' });
    // The carrier's link was unbound, not cut.
    expect(set.smsc.unbinds).toBe(unbindsBefore + 1);
    const sentByA = carrierCounts(set, '233550').size;
    expect(sentByA).toBeLessThan(numbers.length);

    // Nothing is held by the stopped instance: no part claimed or on its way, no heartbeat.
    const db = sharedDatabase(set, a);
    try {
      const held = await db
        .selectFrom('carrier_parts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner', 'is not', null)
        .where('state', 'in', [PART.claimed, PART.submitting])
        .executeTakeFirstOrThrow();
      expect(Number(held.n)).toBe(0);
      expect(await db.selectFrom('carrier_instances').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }

    // A second instance on the same database sends the rest, each number once.
    const b = await set.start(set.postgres ? {} : { DATA_DIR: a.dataDir });
    await eventually(() => expect(carrierCounts(set!, '233550').size).toBe(numbers.length), 45_000);
    const counts = carrierCounts(set, '233550');
    expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
    console.log(
      `graceful stop: ${numbers.length} recipients, ${sentByA} sent before SIGTERM, stopped in ${stopped.ms} ms (exit ${stopped.code}), 0 duplicates, 0 lost`,
    );
    expect(b.output()).toContain('LISTENING');
    await customer.close();
  });
});
