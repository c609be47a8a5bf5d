// The seeded large send (helpers/big-send.ts) is what a real send and its receipts make: its counters
// equal a recount, and its status page answers a page and a look at changes quickly and lightly.
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, tokenFor, type TestGateway } from './helpers/test-app';
import { seedBigSend } from './helpers/big-send';
import { status } from './helpers/reports';

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

describe('a large send', () => {
  it('has counters that match its rows, pages and looks at changes in small answers', async () => {
    gw = await makeTestApp();
    const { messageId } = await seedBigSend(gw.ctx.db, { username: 'demouser', count: 5000, now: gw.clock.now });
    const demo = await tokenFor(gw, 'demouser');
    const page = await status(gw, demo, messageId, { page: 3, size: 25 });
    expect(page.body.totals).toEqual({ sent: 4400, failed: 500, pending: 100, optedOut: 0, total: 5000, waiting: 100 });
    expect(page.body.status[0].index).toBe(50);
    const failed = await status(gw, demo, messageId, { filter: 'failed', size: 10 });
    expect(failed.body.matching).toBe(500);
    const look = await status(gw, demo, messageId, { since: page.body.cursor });
    expect(look.body.changes).toEqual([]);
    expect(JSON.stringify(look.body).length).toBeLessThan(2048);
  });
});
