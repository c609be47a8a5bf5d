import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { screenSettled } from './support/screens';

// Every screen at 390 px, as each demo account that can open it: nothing is wider than the phone
// (a page that scrolls sideways hides what is past its right edge).

type Role = { who: string; password: string; host?: string; admin: boolean };
const ROLES: Role[] = [
  { who: 'demouser', password: 'demo12345', admin: false },
  { who: 'supervisor', password: 'supervisor123', admin: true },
  { who: 'acmeadmin', password: 'acme12345', host: 'acme.localhost', admin: true },
  { who: 'acmeclient', password: 'client12345', host: 'acme.localhost', admin: false },
];

const OWN_SCREENS = [
  '/',
  '/dashboard',
  '/scheduledsms',
  '/recurringsms',
  '/phonebook',
  '/purchasesms',
  '/credithistory',
  '/clientcredithistory',
  '/profile',
];
const ADMIN_SCREENS = [
  '/clientdashboard',
  '/clientscheduledsms',
  '/clientrecurringsms',
  '/clientphonebook',
  '/clientmanagement',
];
// List screens whose first item opens a screen of its own: a phone book's contacts, a message's status.
const ITEM_LINKS: Record<string, string> = {
  '/phonebook': 'main a[href^="/phonebook/"]',
  '/clientphonebook': 'main a[href^="/clientphonebook/"]',
  '/dashboard': 'main [role="list"] button',
  '/clientdashboard': 'main [role="list"] button',
};

/** How far the page reaches past the window's right edge, and the widest element that does. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const past = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, past: past.slice(0, 5) };
  });

async function expectFits(page: Page, where: string) {
  const found = await overflow(page);
  expect(
    found.scrollWidth > found.width ? `${where}: ${found.scrollWidth} px wide; ${found.past.join(', ')}` : '',
  ).toBe('');
}

describe('every screen fits a 390 px phone', () => {
  // Screens, not the service worker: its install is blocked in this file's contexts.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it('the visitor screens: landing, login, sign-up, a reseller’s login', async () => {
    const { page } = await world.openKept(PHONE);
    for (const [path, host] of [
      ['/', undefined],
      ['/login', undefined],
      ['/signup', undefined],
      ['/login', 'acme.localhost'],
    ] as const) {
      await page.goto(world.gateway.url(path, host));
      await screenSettled(page);
      await expectFits(page, `${host ?? 'localhost'}${path}`);
    }
  });

  it.each(ROLES)('every screen $who can open', async ({ who, password, host, admin }) => {
    const { page } = await world.openSignedInKept({ who, password, host, viewport: PHONE });
    const visited: string[] = [];
    for (const path of [...OWN_SCREENS, ...(admin ? ADMIN_SCREENS : [])]) {
      await page.goto(world.gateway.url(path, host));
      await screenSettled(page);
      await expectFits(page, `${who} ${path}`);
      visited.push(path);
      const item = ITEM_LINKS[path];
      if (!item) continue;
      const first = page.locator(item).first();
      if ((await first.count()) === 0) continue;
      await first.click();
      await page.waitForURL((url) => url.pathname.startsWith(`${path}/`));
      await screenSettled(page);
      await expectFits(page, `${who} ${new URL(page.url()).pathname}`);
      visited.push(`${path}/:id`);
    }
    // The demo client has phone books and sent messages: their own screens were seen too.
    if (who === 'demouser') expect(visited).toEqual(expect.arrayContaining(['/phonebook/:id', '/dashboard/:id']));
  });
});
