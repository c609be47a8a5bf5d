import { describe, expect, it } from 'vitest';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { LoginPage } from './support/pages/login-page';

describe('the installable, offline PWA', () => {
  // A private copy of dist/, so one test can publish a "new version" of the service worker.
  const world = useGatewayAndBrowser({ ownDist: true });

  it('opens a deep link offline after one visit: the signed-in shell, the logo, and a note that it is offline', async () => {
    const { page, context } = await newPage(world.browser);
    const login = await new LoginPage(page).open(world.gateway.url('/login', 'acme.localhost'));
    await serviceWorkerControls(page);
    const { shell } = await login.signInHere('acmeclient', 'client12345');
    // The branding image is in the service worker's cache before the network goes.
    await expect
      .poll(() => page.evaluate(async () => (await caches.open('branding-images').then((c) => c.keys())).length))
      .toBeGreaterThan(0);

    await context.setOffline(true);
    await page.goto(world.gateway.url('/phonebook', 'acme.localhost'));
    await page.getByRole('heading', { name: 'Phone book' }).waitFor();
    await page.getByText('You are offline: showing saved data; sends will go out when you are back online').waitFor();
    const logo = page.getByRole('img', { name: 'Acme SMS logo' }).first();
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await shell.accountMenu('acmeclient').count()).toBe(1);
    await context.setOffline(false);
    await page.getByText('You are offline', { exact: false }).waitFor({ state: 'detached' });
    await context.close();
  });

  it("passes Chromium's install criteria on each domain (manifest, icons, service worker)", async () => {
    for (const host of ['localhost', 'acme.localhost']) {
      const { page, context } = await newPage(world.browser);
      await page.goto(world.gateway.url('/login', host));
      await serviceWorkerControls(page);
      const cdp = await context.newCDPSession(page);
      const installability = async () =>
        (
          (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }
        ).installabilityErrors
          .map((e) => e.errorId)
          // Playwright's contexts are incognito, where Chromium never installs; every app criterion is still checked.
          .filter((id) => id !== 'in-incognito');
      await expect.poll(installability, { timeout: 15_000 }).toEqual([]);
      const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(url).toContain('/manifest.webmanifest');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('offers a new version with a prompt, and reloads only when asked', async () => {
    const { page, context } = await newPage(world.browser);
    await page.goto(world.gateway.url('/login'));
    await serviceWorkerControls(page);
    const firstScript = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
    // Publish a new service worker, then come back to the app.
    appendFileSync(join(world.dist, 'sw.js'), `\n// new version ${Date.now()}\n`);
    await page.reload();
    const prompt = page.getByText('A new version is available');
    await prompt.waitFor({ timeout: 30_000 });
    // Never forced: the old version keeps the page until the user says so.
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(firstScript);
    const navigation = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'Reload' }).click();
    await navigation;
    await page.getByRole('heading', { name: 'Bulk SMS Ghana', level: 1 }).waitFor();
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null))
      .toBeNull();
    await context.close();
  });
});
