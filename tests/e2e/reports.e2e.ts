import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCREENSHOT_VIEWPORTS, serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { downloadedSheet } from './support/downloads';
import { storedRecords } from './support/app-storage';
import { startGateway } from './support/gateway';
import { MessagesPage } from './support/pages/messages-page';
import { openDatabase } from '../../server/src/db/database';
import { bigSendNumber, seedBigSend, type BigSend } from '../gateway/helpers/big-send';
import { displayPhone } from '../../src/domain/numbers/phone-number';
import { NETWORK_LABELS, networkOf } from '../../src/domain/numbers/networks';

// A 100,000-recipient send's status page (docs/product.md#delivery-status): it opens with its totals and
// report at once, asks the gateway page by page (never the whole list), filters, searches and exports.
const COUNT = 100_000;

/** Every status/{id} body the page posts. */
function statusBodies(page: Page) {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/frontend/status/')) bodies.push(JSON.parse(request.postData() ?? '{}'));
  });
  return bodies;
}

describe('a 100,000-recipient send: status page and report', () => {
  const world = useGatewayAndBrowser();
  let send: BigSend;

  beforeAll(async () => {
    // Seeded straight into the stopped gateway's database, then the gateway starts again on it.
    const { dataDir } = world.gateway;
    await world.gateway.kill();
    const db = openDatabase({ sqliteFile: join(dataDir, 'gateway.sqlite') });
    send = await seedBigSend(db, { username: 'demouser', count: COUNT, now: Date.now() - 3_600_000 });
    await db.destroy();
    world.gateway = await startGateway({ DATA_DIR: dataDir, DIST_DIR: world.dist });
  }, 180_000);

  it('opens with totals and the report, filters, searches and pages on the gateway, and exports every row', async () => {
    const { page } = await world.openSignedInKept();
    const bodies = statusBodies(page);
    const messages = new MessagesPage(page);
    await page.goto(world.gateway.url(`/dashboard/${send.randomAlpha}`));
    await messages.statusTable.waitFor();
    await expect.poll(() => messages.total('total').textContent()).toBe('100,000');
    expect(await messages.total('sent').textContent()).toBe('88,000');
    expect(await messages.total('failed').textContent()).toBe('10,000');
    expect(await messages.total('pending').textContent()).toBe('2,000');
    expect(await messages.statusTable.getByRole('row').count()).toBe(6);

    // The report, each chart with its numbers in text.
    const report = page.getByRole('region', { name: 'Delivery report' });
    await report.getByTestId('funnel-text').getByText('Delivered: 88,000 (88%)').waitFor();
    expect(await report.getByTestId('network-text').getByRole('row', { name: /^MTN/ }).textContent()).toContain('MTN');
    await report.getByText('The number does not exist on the network: 6,666').waitFor();
    await report.getByText('The number is not a valid mobile number: 3,334').waitFor();
    await report.getByText('Credits spent: 100,000').waitFor();
    expect(await report.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);

    // The filter and the search run on the gateway.
    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Failed', exact: true }).click();
    await expect.poll(() => messages.statusTable.getByText('Failed', { exact: true }).count()).toBe(5);
    await messages.statusTable.getByText('The number does not exist on the network').first().waitFor();
    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    const wanted = bigSendNumber(54_321);
    await messages.search(displayPhone(wanted));
    await expect.poll(() => messages.statusTable.getByRole('row').count()).toBe(2);
    expect(await messages.statusTable.getByRole('row').nth(1).textContent()).toContain(displayPhone(wanted));
    await messages.search('');
    // The first page is back (5 rows first) before the page size changes: the search's answer redraws the table.
    await expect.poll(() => messages.statusTable.getByRole('row').count()).toBe(6);
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await expect.poll(() => messages.statusTable.getByRole('row').count()).toBe(26);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect
      .poll(() => messages.statusTable.getByRole('row').nth(1).textContent())
      .toContain(displayPhone(bigSendNumber(25)));

    // The export: built in a worker from pages, every row.
    const { rows } = await downloadedSheet(page, page.getByRole('button', { name: 'Export status report (Excel)' }));
    expect(rows[0]).toEqual([
      'Mobile number',
      'Status',
      'Status time (Accra)',
      'Network',
      'Failure reason',
      'Parts',
      'Cost (credits)',
    ]);
    expect(rows).toHaveLength(COUNT + 1);
    // A failed recipient with its reason in words, its time and network, and what it cost.
    const failed = rows[4]!;
    expect([failed[0], failed[1], failed[3], failed[4], failed[5], failed[6]]).toEqual([
      bigSendNumber(3),
      'Failed',
      NETWORK_LABELS[networkOf(bigSendNumber(3))],
      'The number is not a valid mobile number',
      1,
      1,
    ]);
    expect(String(failed[2])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // Never the whole list: every ask is a page or a look at what changed.
    expect(bodies.length).toBeGreaterThan(3);
    expect(bodies.every((b) => b.page !== undefined || b.since !== undefined)).toBe(true);
    expect(bodies.filter((b) => b.size === 1000).length).toBe(COUNT / 1000);
  }, 180_000);

  it('screenshots the status page and its report at 1280 and 390 px, the charts with their text', async () => {
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      const { page } = await world.openSignedInKept({ viewport });
      const messages = new MessagesPage(page);
      await page.goto(world.gateway.url(`/dashboard/${send.randomAlpha}`));
      await messages.statusTable.waitFor();
      const rowsAt = (await messages.statusTable.boundingBox())!.y;
      await page.screenshot({ path: `test-results/screens/reports-status-first-${name}.png` });
      const report = page.getByRole('region', { name: 'Delivery report' });
      await report.getByTestId('time-text').waitFor();
      await expect.poll(() => report.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(4);
      await report.getByText('Half were delivered within').waitFor();
      // The report took the place kept for it: the rows moved by less than a line or two, not by the report.
      const moved = (await messages.statusTable.boundingBox())!.y - rowsAt;
      console.log(`${name}: the rows moved ${Math.round(moved)} px as the report arrived`);
      expect(Math.abs(moved)).toBeLessThan(60);
      await page.screenshot({ path: `test-results/screens/reports-status-${name}.png`, fullPage: true });
    }
  });

  it('shows the last 30 days above the dashboard, for an admin its clients too, and offline after one visit', async () => {
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      // The phone's visit is then seen offline: a fresh context, as a first visit.
      const { page, context } =
        name === '390' ? await world.openSignedIn({ viewport }) : await world.openSignedInKept({ viewport });
      const visitedAt = Date.now();
      await page.goto(world.gateway.url('/dashboard'));
      const overview = page.getByRole('region', { name: 'Last 30 days' });
      await overview.getByRole('group', { name: /^Delivered 88,\d{3}$/ }).waitFor();
      await overview.getByRole('group', { name: /^Credits used 100,\d{3}$/ }).waitFor();
      await overview
        .getByTestId('rate-text')
        .getByText(/^90% of the messages that ended were delivered/)
        .waitFor();
      await overview.getByRole('table', { name: 'Failures by network' }).getByText('MTN').waitFor();
      await overview.getByRole('link', { name: 'Big sale' }).waitFor();
      // The charts draw once the page has been left alone a second and the browser is idle.
      await expect.poll(() => overview.locator('.recharts-surface').count(), { timeout: 15_000 }).toBe(2);
      await page.screenshot({ path: `test-results/screens/reports-overview-${name}.png`, fullPage: true });
      if (name === '1280') {
        // The big send still has pending recipients, so the list looks again every few seconds: the
        // overview (its charts most of all, on a cheap phone) is not drawn again for it. The copy stored
        // by an earlier visit shows first: the one fetched by this visit must be drawn before watching.
        const fetchedAt = async () => {
          const stored = await storedRecords<{ fetchedAt: number; view: string }>(page, 'overviews');
          return stored.find((o) => o.view === 'personal')?.fetchedAt ?? 0;
        };
        await expect.poll(fetchedAt).toBeGreaterThanOrEqual(visitedAt);
        const fresh = String(await fetchedAt());
        await expect.poll(() => overview.getAttribute('data-as-of')).toBe(fresh);
        await overview.evaluate((section) => {
          const seen = { changes: 0 };
          new MutationObserver((records) => (seen.changes += records.length)).observe(section, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
          Object.assign(window, { overviewChanges: seen });
        });
        // Two answers of the list: the first one's rows were drawn before the second was asked for.
        for (let i = 0; i < 2; i += 1)
          await page.waitForResponse((r) => r.url().includes('quickrequest'), { timeout: 30_000 });
        expect(
          await page.evaluate(() => (window as unknown as { overviewChanges: { changes: number } }).overviewChanges),
        ).toEqual({ changes: 0 });
      }
      if (name === '390') {
        // Offline, the stored copy is still shown.
        await serviceWorkerControls(page);
        await context.setOffline(true);
        await page.reload();
        await overview.getByText(/^Stored on this device/).waitFor();
        await overview.getByRole('group', { name: /^Delivered 88,\d{3}$/ }).waitFor();
        await context.setOffline(false);
        await context.close();
      }
    }
    const { page } = await world.openSignedInKept({ who: 'supervisor', password: 'supervisor123' });
    await page.goto(world.gateway.url('/clientdashboard'));
    const clients = page.getByRole('region', { name: 'Last 30 days' });
    await clients.getByRole('group', { name: /^Delivered 88,\d{3}$/ }).waitFor();
  });
});
