// @vitest-environment node
// A send queued on the device that the gateway holds for an approver (docs/product.md#the-two-person-rule)
// ends as awaiting approval: not failed, not announced as sent, and never sent again.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueue } from '../../../src/outbox/enqueue';
import { AWAITING_APPROVAL } from '../../../src/domain/send/approval';
import { login } from '../../gateway/helpers/test-app';
import { joinedMember, MEMBER_PASSWORD } from '../../gateway/helpers/team';
import {
  carrierLog,
  numbersFrom,
  quickItem,
  signInAs,
  startLiveGateway,
  type LiveGateway,
} from './support/live-gateway';
import { drainerFor, keysOf, resetDevice, waitForJob } from './support/drain-helpers';

describe('a queued send under the two-person rule', () => {
  let live: LiveGateway;
  const stops: (() => Promise<void>)[] = [];
  beforeEach(resetDevice);
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
    await live?.close();
  });

  it('waits for approval as soon as it reaches the gateway, and is not sent again', async () => {
    live = await startLiveGateway();
    const owner = await login(live.gw, 'demouser', 'demo12345');
    const sender = await joinedMember(
      live.gw,
      { token: owner.token, host: 'localhost', profile_id: owner.profile_id },
      ['Sender'],
    );
    await live.gw.ctx.db
      .updateTable('users')
      .set({ approval_over: 10 })
      .where('profile_id', '=', owner.profile_id)
      .execute();
    await signInAs(live, sender.phone, MEMBER_PASSWORD);
    const id = await enqueue({ items: [quickItem(numbersFrom(1, 20))] });
    const { drainer, alerts } = drainerFor(live);
    stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({ state: 'done', awaitingApproval: true, total: 20 });
    expect(alerts).toEqual([{ message: AWAITING_APPROVAL, severity: 'info' }]);
    expect(keysOf(live, id)).toEqual(['0-19']);
    expect((await carrierLog(live, id)).rows).toEqual([]);
    const waiting = await live.gw.ctx.db.selectFrom('approvals').select(['state', 'recipients']).execute();
    expect(waiting).toEqual([{ state: 'waiting', recipients: 20 }]);
  });
});
