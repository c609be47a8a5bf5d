import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPage, PHONE, serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { accessibilityProblems } from './support/a11y';
import { LoginPage } from './support/pages/login-page';
import { ShellPage } from './support/pages/shell-page';
import { screenSettled } from './support/screens';

// The screens as they are read and seen: contrast, names of controls (support/a11y.ts), at both widths,
// with and without alerts showing.

const WIDTHS = [
  ['1280', DESKTOP],
  ['390', PHONE],
] as const;

async function expectAccessible(page: Page, where: string) {
  expect((await accessibilityProblems(page)).map((p) => `${where}: ${p}`)).toEqual([]);
}

describe('accessibility: contrast and names, on screens and with alerts showing', () => {
  // The kept context's screens need no service worker (its install is blocked there); the alerts test's
  // own context keeps it, for the offline banner.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it.each(WIDTHS)('the screens of a client and of profile 6 at %s px', async (_, viewport) => {
    for (const [who, password, paths] of [
      [
        'demouser',
        'demo12345',
        [
          '/',
          '/dashboard',
          '/phonebook',
          '/phonebook/1',
          '/purchasesms',
          '/credithistory',
          '/profile',
          '/auditlog',
          '/team',
        ],
      ],
      [
        'supervisor',
        'supervisor123',
        ['/clientmanagement', '/clientcredithistory', '/clientphonebook', '/auditlog', '/profile', '/purchasesms'],
      ],
    ] as const) {
      const { page } = await world.openSignedInKept({ who, password, viewport });
      for (const path of paths) {
        await page.goto(world.gateway.url(path));
        await screenSettled(page);
        await expectAccessible(page, `${who} ${path}`);
      }
    }
  });

  it.each(WIDTHS)(
    'with a success, a warning, an Undo and the offline banner showing, at %s px',
    async (_, viewport) => {
      const { page, context } = await newPage(world.browser, { viewport });
      const shell = new ShellPage(page);
      // A warning: a wrong password on the login page.
      const login = await new LoginPage(page).open(world.gateway.url('/login'));
      await login.logIn('demouser', 'wrong-password');
      await page.getByRole('region', { name: 'Notifications' }).getByRole('alert').waitFor();
      await expectAccessible(page, 'login with a warning');

      await login.signInHere('demouser', 'demo12345');
      await shell.visit(world.gateway.url('/profile'), 'Profile');
      const request = page.getByRole('region', { name: 'Request sender IDs' });
      await request.getByLabel('Sender IDs').fill(`A11Y${viewport.width}`);
      await request.getByRole('button', { name: 'Request approval' }).click();
      await shell.alert(/^Sender ID request sent/).waitFor();
      await expectAccessible(page, 'profile with a success');

      await shell.visit(world.gateway.url('/phonebook'), 'Phone book');
      await page.getByRole('link', { name: 'Staff', exact: true }).click();
      await page.getByRole('heading', { name: 'Contacts of Staff', level: 1 }).waitFor();
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await shell.alert('1 contact deleted').waitFor();
      // The resting page, as axe sees it: not the next row's Delete, which the removed row left under the pointer.
      await page.mouse.move(0, 0);
      await expectAccessible(page, 'group page with Undo');
      await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' }).click();

      await serviceWorkerControls(page);
      await context.setOffline(true);
      await page.getByText('You are offline: showing saved data', { exact: false }).waitFor();
      await expectAccessible(page, 'group page offline');
      await context.close();
    },
  );

  it('the sender-ID indicator says in words, on hover and on keyboard focus, whether IDs await approval', async () => {
    const { page } = await world.openSignedInKept({ who: 'supervisor', password: 'supervisor123', viewport: DESKTOP });
    const indicator = page.getByRole('button', { name: /sender IDs? (are awaiting|awaiting) approval/i });
    const tooltip = page.getByRole('tooltip');
    await indicator.hover();
    await tooltip.getByText(/awaiting approval/).waitFor();
    await page.mouse.move(0, 400);
    await tooltip.waitFor({ state: 'detached' });
    // From the account menu, one Shift+Tab back: a keyboard user's focus.
    await page.getByRole('button', { name: 'Account menu for supervisor' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => indicator.evaluate((el) => el === document.activeElement)).toBe(true);
    await tooltip.getByText(/awaiting approval/).waitFor();
  });
});
