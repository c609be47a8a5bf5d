// A rolling restart under load (docs/operations.md#rolling-upgrade): two instances over one database
// share a campaign's parts; each is stopped with SIGTERM in turn and started again while the campaign
// goes out. Every recipient reaches the carrier exactly once.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../e2e/support/gateway';
import {
  boundGateways,
  campaign,
  carrierCounts,
  ready,
  sendCampaign,
  type BoundGateways,
} from './helpers/gateway-process';
import { eventually } from './helpers/eventually';

let set: BoundGateways | null = null;
afterEach(async () => {
  await set?.stop();
  set = null;
});

const RECIPIENTS = 3000;
const PREFIX = '233552';

describe('rolling restart', () => {
  it('loses and repeats nothing while each of two instances is restarted in turn', async () => {
    set = await boundGateways('window=10&tps=100&timeout=2');
    const first = await set.start();
    // SQLite: the instances share the first one's file (PostgreSQL: its database).
    const shared: Record<string, string> = set.postgres ? {} : { DATA_DIR: first.dataDir };
    const instances: RunningGateway[] = [first, await set.start(shared)];
    for (const g of instances) await ready(g);
    const numbers = campaign(RECIPIENTS, PREFIX);
    await sendCampaign(instances[0]!, numbers);
    const sent = () => carrierCounts(set!, PREFIX).size;

    const figures: string[] = [];
    for (const i of [0, 1]) {
      // Under load: the campaign is going out through both instances.
      const before = sent();
      await eventually(() => expect(sent()).toBeGreaterThanOrEqual(before + 300), 30_000);
      const signalled = performance.now();
      const stopped = await instances[i]!.terminate();
      expect(stopped.code).toBe(0);
      instances[i] = await set.start(shared);
      await ready(instances[i]!);
      const recovered = Math.round(performance.now() - signalled);
      figures.push(
        `instance ${i + 1}: stopped in ${stopped.ms} ms, ready again ${recovered} ms after SIGTERM, ${sent()} sent by then`,
      );
    }

    await eventually(() => expect(sent()).toBe(RECIPIENTS), 45_000);
    const counts = carrierCounts(set, PREFIX);
    const duplicates = [...counts.values()].filter((n) => n > 1).length;
    const lost = numbers.filter((n) => !counts.has(n)).length;
    expect({ duplicates, lost }).toEqual({ duplicates: 0, lost: 0 });
    console.log(
      `rolling restart (${set.postgres ? 'PostgreSQL' : 'SQLite'}): ${RECIPIENTS} recipients, ${duplicates} duplicates, ${lost} lost; ${figures.join('; ')}`,
    );
  });
});
