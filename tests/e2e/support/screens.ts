import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, requestsOut } from './browser';

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

/** A spinner (alone or in a button), a busy region or a skeleton: the app's signs that something is still coming. */
const LOADING = [
  '.mantine-Loader-root',
  '[aria-label^="Loading"]',
  '[data-loading="true"]',
  '[aria-busy="true"]',
  '.mantine-Skeleton-root[data-visible="true"]',
].join(', ');

/**
 * Resolves once a screen is settled enough to be checked or pictured: its title (h1) shown, no loader,
 * busy region or skeleton showing, no request of the page out (its data fetched, its lazy code, styles and
 * images in) and its fonts loaded, and all of it still so a frame later (a request that a finished one
 * starts is out by then). It waits for these conditions themselves, where Playwright's 'networkidle' also
 * waits 500 ms of quiet after them on every screen.
 */
export async function screenSettled(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: timeoutMs });
  const loading = page.locator(LOADING).filter({ visible: true });
  const deadline = Date.now() + timeoutMs;
  let quietChecks = 0;
  while (quietChecks < 2) {
    // Fonts in, then two frames: what the page had started by the last check has been asked for by then.
    const fontsIn = await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      return document.fonts.status === 'loaded';
    });
    const quiet = fontsIn && requestsOut(page).length === 0 && (await loading.count()) === 0;
    quietChecks = quiet ? quietChecks + 1 : 0;
    if (!quiet && Date.now() > deadline) {
      const out = requestsOut(page);
      throw new Error(
        `${page.url()} did not settle: ${out.length} requests out (${out.slice(0, 3).join(', ')}), ${await loading.count()} loaders showing`,
      );
    }
  }
}
