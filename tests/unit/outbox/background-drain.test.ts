// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue } from '../../../src/outbox/enqueue';
import { drainInBackground } from '../../../src/outbox/background-drain';
import { skipRowAndSendTheRest } from '../../../src/outbox/send-end';
import { numbersFrom, quickItem, signInAs, type LiveGateway } from './support/live-gateway';
import { useDrainerTestWorld } from './support/drain-helpers';

/** What the service worker's notice says of each send a background drain ended (sw/background-send.ts). */
const drainNotices = async (live: LiveGateway) => {
  const drain = await drainInBackground({ scheduler: live.scheduler, budgetMs: 60_000 });
  return drain.finished.map(({ title, body }) => `${title}: ${body}`);
};

describe('the notice of a send that went out with the app closed', () => {
  const world = useDrainerTestWorld();

  it('counts only the recipients sent to, and names the skipped row', async () => {
    // Two short messages fit the body limit; the one of 1,300 characters never does.
    const live = await world.start({ maxBodyBytes: 1_500 });
    await signInAs(live);
    const numbers = numbersFrom(9600, 5);
    const items = numbers.map((n, i) =>
      quickItem([n], { shortMessage: i === 2 ? 'x'.repeat(1300) : `Hi ${i}`, typeandsubtype: 'quick:personalized' }),
    );
    const id = await enqueue({ items, campaign: 'Open day' });

    expect(await drainNotices(live)).toEqual([
      'A queued send was not sent: Open day: The message for row 3 (024 000 9602) is too large for the gateway even on its own: shorten its text and send again',
    ]);
    expect(await skipRowAndSendTheRest(id, 2)).toBe(true);
    expect(await drainNotices(live)).toEqual([
      'Your queued send went out: Open day: Sent to 4 recipients. Row 3 (024 000 9602) was skipped and not sent: its message is too large for the gateway',
    ]);
  });
});
