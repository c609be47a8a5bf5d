import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE } from './browser';

/** Where the screenshots of screens go, for people to look at (test-results/screens/<name>-<width>.png). */
export const screenPath = (name: string, width: 1280 | 390) => `test-results/screens/${name}-${width}.png`;

/**
 * Screenshots at 1280 px as the page is, then at 390 px loaded again at that width (the shell lays itself
 * out for the width it starts at), once `ready` shows; the page is left at 1280 px. Of the full page, or
 * with `shown` of what it covers, `ready` scrolled into view first.
 */
export async function shots(page: Page, name: string, ready: Locator, shown?: Locator) {
  const shoot = async (width: 1280 | 390) => {
    if (!shown) return page.screenshot({ path: screenPath(name, width), fullPage: true });
    await ready.scrollIntoViewIfNeeded();
    return shown.screenshot({ path: screenPath(name, width) });
  };
  await shoot(1280);
  await page.setViewportSize(PHONE);
  await page.reload();
  await ready.waitFor();
  await ready.scrollIntoViewIfNeeded();
  await shoot(390);
  await page.setViewportSize(DESKTOP);
}
