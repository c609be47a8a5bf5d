import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appManifest, DESKTOP, SCREENSHOT_VIEWPORTS } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';

// The operator (profile 6) edits the main host's settings on its profile as a reseller edits its
// domain's (docs/product.md#reseller-settings); the main host then shows them to everyone.

const rowTexts = async (page: Page, table: string) =>
  (await page.getByRole('table', { name: table }).locator('tbody tr').allInnerTexts()).map((t) =>
    t.split('\t').map((cell) => cell.trim()),
  );

describe("the operator's main host settings", () => {
  // The operator's settings and what a client sees of them, not the service worker: its install is blocked in this file's contexts.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });
  const section = (page: Page, name: string) => page.getByRole('region', { name });

  it('the supervisor changes the name and a price, saves, and the main host shows them', async () => {
    const { page, context, send } = await world.openSignedIn({ who: 'supervisor', password: 'supervisor123' });
    const { shell } = send;
    await shell.visit(world.gateway.url('/profile'), 'Profile');
    const settings = section(page, 'Main host settings');
    // The host is MAIN_HOST's: shown, not editable, with nothing to verify.
    const host = settings.getByLabel('Domain', { exact: true });
    expect(await host.inputValue()).toBe('localhost');
    expect(await host.getAttribute('readonly')).not.toBeNull();
    expect(await settings.getByText('Verify your domain').count()).toBe(0);
    expect(await settings.getByLabel('Company name').inputValue()).toBe('Bulk SMS Ghana');
    expect(await settings.getByRole('switch', { name: /^Reselling/ }).isChecked()).toBe(true);
    await settings.getByText('Currently saved, ending main; leave empty to keep it').waitFor();
    // Its own header: its name, never 'Powered by' itself.
    await page.getByText('Bulk SMS Ghana', { exact: true }).first().waitFor();
    expect(await page.getByText(/^Powered by/).count()).toBe(0);

    await settings.getByLabel('Company name').fill('Accra Bulk Texts');
    const regular = settings.getByRole('group', { name: 'REGULAR prices' });
    await regular.getByLabel('REGULAR rate 1', { exact: true }).fill('0.03');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await shell.alert('Domain details updated').waitFor();
    await page.getByText('Accra Bulk Texts', { exact: true }).first().waitFor();
    // The card keeps what was saved.
    expect(await settings.getByLabel('Company name').inputValue()).toBe('Accra Bulk Texts');
    expect(await regular.getByLabel('REGULAR rate 1', { exact: true }).inputValue()).toBe('0.03');
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await settings.screenshot({ path: `test-results/screens/operator-settings-${name}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    await page.setViewportSize(DESKTOP);
    // Saved: still there after a reload.
    await page.reload();
    const again = section(page, 'Main host settings');
    await expect
      .poll(() => again.getByLabel('Company name').inputValue(), { timeout: 15_000 })
      .toBe('Accra Bulk Texts');
    expect(
      await again
        .getByRole('group', { name: 'REGULAR prices' })
        .getByLabel('REGULAR rate 1', { exact: true })
        .inputValue(),
    ).toBe('0.03');
    expect((await appManifest(page)).name).toBe('Accra Bulk Texts');

    // The platform buys from nobody, and its credit does not expire.
    await shell.visit(world.gateway.url('/purchasesms'), 'Purchase SMS credits');
    await page.getByText(/^You run this platform, so there is no one to buy credit from/).waitFor();
    expect(await page.getByRole('button', { name: 'Buy SMS credits' }).count()).toBe(0);
    await page.getByText('No credit expiry').waitFor();
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      // Below 1000 px the side menu slides away: the picture waits for it.
      const menuShown = () => shell.menu.evaluate((el) => el.getBoundingClientRect().right > 0);
      await expect.poll(menuShown).toBe(viewport.width >= 1000);
      await page.screenshot({ path: `test-results/screens/operator-purchase-${name}.png` });
    }
    await context.close();

    // A client of the main host: the new brand, 'Powered by' it, and the new price.
    const client = await world.openSignedIn();
    await client.page.getByText('Powered by Accra Bulk Texts').waitFor();
    await client.send.shell.visit(world.gateway.url('/purchasesms'), 'Purchase SMS credits');
    await expect
      .poll(async () => (await rowTexts(client.page, 'REGULAR account prices'))[0], { timeout: 15_000 })
      .toEqual(['20', '667', '0.03', '3 months']);
    await client.context.close();
  });
});
