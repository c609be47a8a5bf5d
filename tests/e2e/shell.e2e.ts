import { describe, expect, it } from 'vitest';
import { appManifest, DESKTOP, newPage, PHONE } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { LoginPage } from './support/pages/login-page';
import { apiCall } from './support/api-accounts';
import { storedSession } from './support/app-storage';
import { ShellPage } from './support/pages/shell-page';
import { screenSettled } from './support/screens';

describe('routing rules, the page shell and white-label branding', () => {
  // Screens, routing and branding, not the service worker: its install is blocked in this file's contexts.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it('shows a visitor the landing page on the main host, on any protected path', async () => {
    const { page } = await world.openKept();
    await page.goto(world.gateway.url('/dashboard'));
    await page.getByRole('heading', { name: 'Bulk SMS for businesses in Ghana' }).waitFor();
    await page.getByText('10 free SMS credits when you sign up').waitFor();
    await page.getByRole('table', { name: 'REGULAR (credits valid 3 months)' }).getByText('91,744').waitFor();
    await page.getByRole('table', { name: 'PREMIUM (credits valid 1 year)' }).getByText('2000 or more').waitFor();
  });

  it("sends a visitor of a reseller's domain to its login, with its REGULAR prices", async () => {
    const { page } = await world.openKept();
    await page.goto(world.gateway.url('/dashboard', 'acme.localhost'));
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Acme SMS', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'SMS prices (REGULAR)' }).waitFor();
    // The main host's login shows no price table (profile 6's domain).
    await page.goto(world.gateway.url('/login'));
    await page.getByRole('heading', { name: 'Bulk SMS Ghana', level: 1 }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  });

  it('sends a signed-in user from /login and /signup to /, and keeps admin screens from others', async () => {
    const { page } = await world.openSignedInKept();
    for (const path of ['/login', '/signup', '/clientmanagement', '/clientdashboard']) {
      await page.goto(world.gateway.url(path));
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Send SMS' }).waitFor();
    }
  });

  it('shows the menu items by role: no Client management for a client, yes for an admin', async () => {
    const client = await world.openSignedInKept();
    expect(await client.send.shell.menuLabels()).toEqual([
      'Send SMS',
      'Dashboard',
      'Scheduled SMS',
      'Recurring SMS',
      'SMS credits purchase history',
      'Phone book',
      'Templates',
      'Opt-outs',
      'Purchase SMS credits',
      'Statement',
      'Profile',
      'Developers',
      'Team',
      'Audit log',
    ]);
    const admin = await world.openSignedInKept({ who: 'acmeadmin', password: 'acme12345', host: 'acme.localhost' });
    const labels = await admin.send.shell.menuLabels();
    expect(labels.slice(-3)).toEqual(['Client management', 'Team', 'Audit log']);
    // Admins see whether a sender ID awaits approval.
    await admin.page.getByRole('button', { name: /sender IDs? (are awaiting|awaiting) approval/i }).waitFor();
    await admin.page.goto(world.gateway.url('/clientmanagement', 'acme.localhost'));
    await admin.page.getByRole('heading', { name: 'Client management' }).waitFor();
  });

  it.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])(
    "keeps the side menu's look at %s px after a reload, whatever order the stylesheets arrive in",
    async (_, viewport) => {
      const { page, send } = await world.openSignedInKept({ viewport });
      await page.goto(world.gateway.url('/phonebook'));
      await page.getByRole('heading', { name: 'Phone book', level: 1 }).waitFor();
      const first = await send.shell.menuLook();
      // The current page's item is padded, about 40 px tall and highlighted; the others are not highlighted.
      expect(first.current.padding).not.toBe('0px');
      expect(first.current.height).toBeGreaterThanOrEqual(36);
      expect(first.current.background).not.toBe(first.other.background);
      await page.reload();
      await page.getByRole('heading', { name: 'Phone book', level: 1 }).waitFor();
      // Every stylesheet in, whatever order they came in.
      await screenSettled(page);
      expect(await send.shell.menuLook()).toEqual(first);
      // Any other order of arrival: the stylesheets in reverse.
      await page.evaluate(() => {
        const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')];
        for (const sheet of sheets.reverse()) document.head.append(sheet);
      });
      expect(await send.shell.menuLook()).toEqual(first);
    },
  );

  it('leaves no animation running on an untouched screen: an endless one (a hidden spinner) costs a phone CPU while nobody looks', async () => {
    const { page, send } = await world.openSignedInKept();
    const running = () =>
      page.evaluate(() =>
        document.getAnimations().map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return `${(a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty} on ${target?.className}`;
        }),
      );
    const screens = [
      ['/', 'Send SMS'],
      ['/dashboard', 'Dashboard'],
      ['/scheduledsms', 'Scheduled SMS'],
      ['/phonebook', 'Phone book'],
      ['/profile', 'Profile'],
      ['/developers', 'Developers'],
    ] as const;
    for (const [path, title] of screens) {
      await send.shell.visit(world.gateway.url(path), title);
      // A screen's own transitions end; the dashboard's footer spinner shows only while a look is out.
      await expect.poll(running, { timeout: 30_000, interval: 250 }).toEqual([]);
    }
  });

  it.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])('shows alerts below the header at %s px, never over the balance', async (_, viewport) => {
    const { page, send } = await world.openSignedInKept({ viewport });
    await send.shell.visit(world.gateway.url('/profile'), 'Profile');
    const request = page.getByRole('region', { name: 'Request sender IDs' });
    await request.getByLabel('Sender IDs').fill(`SHELL${viewport.width}`);
    await request.getByRole('button', { name: 'Request approval' }).click();
    await send.shell.alert(/^Sender ID request sent/).waitFor();
    const header = (await page.locator('header').boundingBox())!;
    const alert = (await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('status')
      .first()
      .boundingBox())!;
    expect(alert.y).toBeGreaterThanOrEqual(header.y + header.height);
  });

  it('brands each domain: title, company name and the installable manifest', async () => {
    const main = await newPage(world.browser, { serviceWorkers: 'block' });
    await main.page.goto(world.gateway.url('/login'));
    await expect.poll(() => main.page.title()).toBe('Bulk SMS Ghana');
    const acme = await newPage(world.browser, { serviceWorkers: 'block' });
    await acme.page.goto(world.gateway.url('/login', 'acme.localhost'));
    await expect.poll(() => acme.page.title()).toBe('Acme SMS');
    expect((await appManifest(main.page)).name).toBe('Bulk SMS Ghana');
    const acmeManifest = await appManifest(acme.page);
    expect(acmeManifest).toMatchObject({ name: 'Acme SMS', display: 'standalone', theme_color: '#a51d1d' });
    expect(acmeManifest.icons[0].src).toContain('acme-logo.png');
    expect(
      await acme.page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content')),
    ).toBe('#a51d1d');
    await main.context.close();
    await acme.context.close();
  });

  it('on a phone: the menu is behind the burger, the header shows balance, expiry, contact and Logout', async () => {
    const { page, send } = await world.openSignedInKept({ viewport: PHONE });
    const { shell } = send;
    const onScreen = () => shell.menu.evaluate((el) => el.getBoundingClientRect().right > 0);
    expect(await onScreen()).toBe(false);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(onScreen).toBe(true);
    await shell.menu.getByRole('link', { name: 'Phone book' }).click();
    await page.getByRole('heading', { name: 'Phone book' }).waitFor();
    await page
      .getByText(/^Credit expires /)
      .filter({ visible: true })
      .waitFor();
    // The domain's contact number in its shown form (docs/product.md#phone-numbers).
    await page.getByText('Contact 030 200 0000').waitFor();
    const balance = page.getByLabel('Credit balance');
    await balance.waitFor();
    expect(await balance.textContent()).toMatch(/^[\d,]+ credits$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Bulk SMS for businesses in Ghana' }).waitFor();
  });
});

describe('a forced sign-out leaves the page as any sign-out does and says why', () => {
  // The next tab asks the gateway itself (online again): the service worker is not part of it.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it.each([
    ['the main host', '/', 'demouser', 'demo12345', undefined, 'Bulk SMS for businesses in Ghana'],
    ["a reseller's host", '/login', 'acmeclient', 'client12345', 'acme.localhost', null],
  ])(
    'on %s: a token revoked on the gateway signs the user out to %s with the Invalid Token alert',
    async (_, target, who, password, host, heading) => {
      const { page: first, context, send } = await world.openSignedIn({ who, password, host });
      await first.goto(world.gateway.url('/dashboard', host));
      await send.shell.menu.waitFor({ state: 'attached' });
      const session = await storedSession(first);
      // Signed out elsewhere (another device, a password reset) while this tab is offline and then
      // closed: had it heard the refusal itself, it would have signed out and said so before closing,
      // and the next tab would open signed out with nothing to say.
      await context.setOffline(true);
      expect(
        (await apiCall(world.gateway, 'signout', { profile_id: session.profile_id }, session.token, host)).status,
      ).toBe('successful');
      await first.close();
      await context.setOffline(false);
      const page = await context.newPage();
      await page.goto(world.gateway.url('/dashboard', host));
      await page.waitForURL((url) => url.pathname === target);
      await new ShellPage(page).alert('Invalid Token').waitFor();
      if (heading) await page.getByRole('heading', { name: heading }).waitFor();
      else await new LoginPage(page).emailOrUsername.waitFor();
      await context.close();
    },
  );
});
