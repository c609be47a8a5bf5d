import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { LoginPage } from './support/pages/login-page';

describe('walking skeleton: the gateway serves the PWA and each domain its brand', () => {
  const world = useGatewayAndBrowser();

  it('shows the main host login screen with its company name and logo', async () => {
    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block' });
    const login = new LoginPage(page);
    await login.open(world.gateway.url('/login'));
    await expect.poll(() => login.companyName.textContent()).toBe('Bulk SMS Ghana');
    const logo = login.logo('Bulk SMS Ghana');
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the reseller domain with its own name, not the main one', async () => {
    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block' });
    const login = new LoginPage(page);
    await login.open(world.gateway.url('/login', 'acme.localhost'));
    await expect.poll(() => login.companyName.textContent()).toBe('Acme SMS');
    await login.logo('Acme SMS').waitFor();
    await context.close();
  });

  it("answers a deep link with the app: a reseller's visitor goes to its login, the main host's sees the landing page", async () => {
    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block' });
    await page.goto(world.gateway.url('/dashboard', 'acme.localhost'));
    await page.waitForURL('**/login');
    await expect.poll(() => new LoginPage(page).companyName.textContent()).toBe('Acme SMS');
    await page.goto(world.gateway.url('/dashboard'));
    await page.getByRole('heading', { name: 'Bulk SMS for businesses in Ghana' }).waitFor();
    await context.close();
  });
});
