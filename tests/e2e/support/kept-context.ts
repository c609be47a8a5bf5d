import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, newPage } from './browser';

/**
 * One browser context kept across the tests of a file (or describe) that need no fresh one, as a user's
 * browser profile is kept between visits: its HTTP cache and its installed service worker stay, which
 * spares each test the cold start of a context and the worker's precache. Measured on Chromium: a fresh
 * context signed in costs about 9 CPU seconds, a new tab of the kept one signed in again about 4.5.
 *
 * Each `nextPage()` starts from a clean profile all the same: the old tabs are closed (their session
 * storage goes with them), and the cookies, local storage and IndexedDB of every origin the context
 * showed are cleared at once, so nothing a closed tab queued is left for the worker to send in the
 * background. Tests of a first visit, of offline use, of permissions, of the worker's install, or of two
 * devices at once keep a fresh context (newPage, openSignedIn) instead.
 */
export class KeptContext {
  private context: BrowserContext | undefined;
  /** The origins the context's pages showed, whose storage is cleared before the next page. */
  private readonly origins = new Set<string>();

  constructor(
    private readonly browser: () => Browser,
    /** Options of the context when it is made (e.g. service workers blocked). */
    private readonly contextOptions: BrowserContextOptions = {},
  ) {}

  /** A new tab in the kept context, its storage cleared, at the viewport asked (desktop unless told). */
  async nextPage(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    if (!this.context) {
      // Downloads accepted: the export tests read the files.
      const fresh = await newPage(this.browser(), { ...this.contextOptions, viewport, acceptDownloads: true });
      this.context = fresh.context;
      this.watch(fresh.page);
      fresh.context.on('page', (opened) => this.watch(opened));
      return fresh;
    }
    const context = this.context;
    for (const open of context.pages()) await open.close();
    const page = await context.newPage();
    await context.clearCookies();
    // Chromium's own clearing (DevTools protocol), as "clear site data" does: unlike setStorageState, it
    // leaves the service worker registered and its caches filled.
    const cdp = await context.newCDPSession(page);
    for (const origin of this.origins) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'indexeddb,local_storage,websql' });
    }
    await cdp.detach();
    this.origins.clear();
    await page.setViewportSize(viewport);
    return { context, page };
  }

  private watch(page: Page) {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const { origin } = new URL(frame.url());
      if (origin.startsWith('http')) this.origins.add(origin);
    });
  }
}
