// The "SMPP access" card (docs/smpp.md#credentials) on the Developers page, the one place for integration,
// at 1280 and 390 px: turned on, the password shown once, settings saved; offline, the stored state with its
// note. The Profile keeps the account's own API key (the specification's place) and points to Developers.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueUser } from '../unit/support/factories';
import { DESKTOP, PHONE } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiSignUp } from './support/api-accounts';

describe('the SMPP access card', () => {
  const world = useGatewayAndBrowser();
  const card = (page: Page) => page.getByRole('region', { name: 'SMPP access' });

  it('turns SMPP access on, shows the password once and saves the limits (1280 px)', async () => {
    const who = uniqueUser('smpp');
    await apiSignUp(world.gateway, { ...who, cname: 'SMPP Traders' });
    const { page, context, send } = await world.openSignedIn({
      serviceWorkers: 'block',
      who: who.username,
      password: who.password,
      viewport: DESKTOP,
    });
    await send.shell.visit(world.gateway.url('/developers'), 'Developers');
    const smpp = card(page);
    await smpp.getByText('SMPP access is off for this account.').waitFor();
    // Turning it on opens a credential to the network: it asks first, and Cancel leaves it off.
    await smpp.getByRole('button', { name: 'Turn on SMPP access' }).click();
    const turnOn = page.getByRole('dialog', { name: 'Turn on SMPP access?' });
    await turnOn.getByText(/can then send from your account, charged to your credit/).waitFor();
    await page.screenshot({ path: 'test-results/screens/smpp-turn-on-1280.png', fullPage: false });
    await turnOn.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => turnOn.count()).toBe(0);
    expect(await smpp.getByText('SMPP access is off for this account.').isVisible()).toBe(true);
    await smpp.getByRole('button', { name: 'Turn on SMPP access' }).click();
    await turnOn.getByRole('button', { name: 'Turn on SMPP access' }).click();
    const password = smpp.getByTestId('smpp-password');
    await password.waitFor();
    expect(await password.textContent()).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(await smpp.getByTestId('smpp-system-id').textContent()).toBe(
      who.username.replace(/[^A-Za-z0-9]/g, '').slice(0, 15),
    );
    await smpp.getByRole('switch', { name: 'SMPP access enabled' }).isChecked();
    await smpp.getByRole('textbox', { name: 'Throughput (parts per second)' }).fill('20');
    await smpp.getByRole('textbox', { name: 'Allowed IP addresses' }).fill('203.0.113.7, 198.51.100.0/24');
    await smpp.getByRole('button', { name: 'Save SMPP settings' }).click();
    await expect.poll(() => password.count()).toBe(0);
    await smpp.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/smpp-access-1280.png', fullPage: false });
    await page.reload();
    await card(page).getByTestId('smpp-system-id').waitFor();
    await expect
      .poll(() => card(page).getByRole('textbox', { name: 'Throughput (parts per second)' }).inputValue())
      .toBe('20');
    expect(await card(page).getByRole('textbox', { name: 'Allowed IP addresses' }).inputValue()).toBe(
      '203.0.113.7, 198.51.100.0/24',
    );
    expect(await card(page).getByTestId('smpp-password').count()).toBe(0);
    // A new password only after confirming, shown once.
    await card(page).getByRole('button', { name: 'Make a new password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new SMPP password?' });
    await dialog.getByRole('button', { name: 'Make a new password' }).click();
    await card(page).getByTestId('smpp-password').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    // The account's own key for the older endpoint is explained below it, with its actions.
    const accountKey = page.getByRole('region', { name: 'Account API key (older send endpoint)' });
    await accountKey.getByText('It works only with that endpoint.').waitFor();
    expect(await accountKey.getByRole('button', { name: 'Generate a new API key' }).isVisible()).toBe(true);
    await accountKey.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/developers-account-key-1280.png', fullPage: false });
    // The Profile has the account's key (the specification's place), no second SMPP card, and says where the rest is.
    await send.shell.visit(world.gateway.url('/profile'), 'Profile');
    const profileKey = page.getByRole('region', { name: 'API key' });
    await profileKey.getByText(/SMPP access are all there/).waitFor();
    expect(await card(page).count()).toBe(0);
    await profileKey.getByRole('link', { name: 'Developers page' }).click();
    await card(page).getByTestId('smpp-system-id').waitFor();
    await context.close();
  });

  it("shows the demo's SMPP access and, offline, the stored state with changes turned off (390 px)", async () => {
    const { page, context, send } = await world.openSignedIn({
      who: 'demouser',
      password: 'demo12345',
      viewport: PHONE,
    });
    await send.shell.visit(world.gateway.url('/developers'), 'Developers');
    const smpp = card(page);
    await expect.poll(() => smpp.getByTestId('smpp-system-id').textContent()).toBe('demouser');
    await smpp.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/smpp-access-390.png', fullPage: false });
    await context.setOffline(true);
    await smpp.getByText('This is your SMPP access as stored on this device. Changes need a connection').waitFor();
    expect(await smpp.getByTestId('smpp-system-id').textContent()).toBe('demouser');
    expect(await smpp.getByRole('button', { name: 'Save SMPP settings' }).isDisabled()).toBe(true);
    expect(await smpp.getByRole('button', { name: 'Make a new password' }).isDisabled()).toBe(true);
    await smpp.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/smpp-access-offline-390.png', fullPage: false });
    await context.setOffline(false);
    await expect.poll(() => smpp.getByRole('button', { name: 'Save SMPP settings' }).isDisabled()).toBe(false);
    await context.close();
  });
});
