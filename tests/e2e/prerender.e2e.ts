import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { newPage, PHONE } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { LoginPage } from './support/pages/login-page';
import { apiCall, apiLogin } from './support/api-accounts';

// The gateway sends the landing and login pages already rendered for the host, so a first
// visit on a slow phone shows the page itself, not a spinner, while the app's code is on its way.
// The app then takes that page over (hydrates it) without rendering it again, and what a visitor
// typed meanwhile stays.

/** Holds the app's code back until release(): the page as a phone shows it before the code arrives. */
async function holdCode(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.+\.js$/, (route) => (holding ? held.push(route) : route.continue()));
  return () => {
    holding = false;
    for (const route of held.splice(0)) void route.continue();
  };
}

/** The page's console errors: React reports a page it had to render again (root.tsx) there. */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('prerendered landing and login pages', () => {
  // A copy of dist/ away from the repository, as a deployment may hold it: the module needs nothing beside it.
  const world = useGatewayAndBrowser({ ownDist: true });

  it("shows a reseller's login page before the code arrives, and keeps what was typed into it", async () => {
    const { page, context } = await newPage(world.browser, { viewport: PHONE });
    const errors = consoleErrors(page);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const release = await holdCode(page);
    // The HTML, without waiting for the load, which waits for the code.
    await page.goto(world.gateway.url('/login', 'acme.localhost'), { waitUntil: 'commit' });
    const login = new LoginPage(page);
    // The brand, the form and the reseller's prices, with no line of the app's code run.
    await login.emailOrUsername.waitFor();
    expect(await login.companyName.textContent()).toBe('Acme SMS');
    // The logo has its size once the page's styles or the image itself have arrived, still with no code run.
    await login.logo('Acme SMS').waitFor({ state: 'visible' });
    expect(await page.getByRole('heading', { name: 'Sign in to your account' }).isVisible()).toBe(true);
    expect(await page.getByText('SMS prices (REGULAR)').isVisible()).toBe(true);
    expect(await page.title()).toBe('Acme SMS');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#a51d1d');
    expect(await page.evaluate(() => document.querySelector('.boot'))).toBeNull();
    // A visitor quicker than the network types in the meantime.
    await login.emailOrUsername.fill('acmeclient');
    await login.password.fill('client12345');
    // Enter does not send the form natively (its password would go out in the address): the page's
    // Login button is disabled until the app holds the fields.
    await page.evaluate(() => {
      (window as unknown as { submits: number }).submits = 0;
      document.addEventListener('submit', () => (window as unknown as { submits: number }).submits++, true);
    });
    await login.password.press('Enter');
    expect(await page.evaluate(() => (window as unknown as { submits: number }).submits)).toBe(0);

    release();
    // Hydrated: the Login button enables from what was typed, and signs in.
    await expect.poll(() => login.loginButton.isEnabled()).toBe(true);
    expect(await login.emailOrUsername.inputValue()).toBe('acmeclient');
    await login.signInHere('acmeclient', 'client12345');
    // The page carried the domain's details: the app never asked for them.
    expect(asked.filter((path) => path === '/smsgateway/api/domain')).toEqual([]);
    expect(errors.join('\n')).toBe('');
    await context.close();
  });

  it('shows the landing page before the code arrives, then navigates within the app', async () => {
    const { page, context } = await newPage(world.browser, { viewport: PHONE });
    const errors = consoleErrors(page);
    const release = await holdCode(page);
    await page.goto(world.gateway.url('/'), { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Bulk SMS for businesses in Ghana', level: 1 }).waitFor();
    expect(await page.getByText('Bulk SMS Ghana', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('REGULAR (credits valid 3 months)').isVisible()).toBe(true);
    expect(await page.getByText('PREMIUM (credits valid 1 year)').isVisible()).toBe(true);

    release();
    // The app's own link, once hydrated: the login form without a new page load.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.getByRole('link', { name: 'Login' }).first().click();
    await new LoginPage(page).emailOrUsername.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(errors.join('\n')).toBe('');
    await context.close();
  });

  it('writes a hostile brand as text, in the page and in its details', async () => {
    const acme = await apiLogin(world.gateway, 'acmeadmin', 'acme12345', 'acme.localhost');
    const brand = `Acme </script><script>window.__x=1</script><img src=x onerror="window.__x=1"> & "Co"`;
    const saved = await apiCall(
      world.gateway,
      'update-domain-details/',
      { profile_id: acme.profile_id, companyname: brand },
      acme.token,
      'acme.localhost',
    );
    expect(saved.status).toBe('successful');
    const { page, context } = await newPage(world.browser, { viewport: PHONE, javaScriptEnabled: false });
    // The HTML, without waiting for the load, which waits for the code.
    await page.goto(world.gateway.url('/login', 'acme.localhost'), { waitUntil: 'commit' });
    await new LoginPage(page).emailOrUsername.waitFor();
    expect(await new LoginPage(page).companyName.textContent()).toBe(brand);
    expect(await page.title()).toBe(brand);
    expect(await page.locator('script:not([src]):not([type="application/json"]), img[src="x"]').count()).toBe(0);
    const details = JSON.parse((await page.locator('#domain-details').textContent())!) as { companyname: string };
    expect(details.companyname).toBe(brand);
    await context.close();
  });

  it("never serves the build's own files: the prerender module and the manifest", async () => {
    for (const path of ['/.ssr/prerender.js', '/.vite/manifest.json']) {
      const answer = await fetch(world.gateway.url(path));
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).not.toMatch(/renderToString|root\.tsx/);
    }
  });

  it('opens a signed-in account on its own screens, not the visitor page the gateway sent', async () => {
    // No service worker: the gateway's prerendered page is what every navigation gets.
    const { page, context } = await world.openSignedIn({ serviceWorkers: 'block' });
    const errors = consoleErrors(page);
    await page.goto(world.gateway.url('/login'));
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Send SMS' }).waitFor();
    expect(errors.join('\n')).toBe('');
    await context.close();
  });
});
