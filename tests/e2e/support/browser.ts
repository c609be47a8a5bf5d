import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Debian's Chromium, no downloads; the network flags keep it off the closed internet.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** The two widths screens are looked at (name, viewport), for screenshots under test-results/screens/. */
export const SCREENSHOT_VIEWPORTS = [
  ['1280', { width: 1280, height: 900 }],
  ['390', PHONE],
] as const;

const openPages = new Set<Page>();

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A fresh context (its own storage, like a new profile) and one page in it, tracked for failure screenshots. */
export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  context.on('page', (p) => {
    openPages.add(p);
    p.on('close', () => openPages.delete(p));
  });
  return { context, page };
}

export function trackedPages(): Page[] {
  return [...openPages].filter((p) => !p.isClosed());
}

/**
 * Resolves once the service worker controls the page (offline reloads come from it). Polled on a timer,
 * not on animation frames, which a page that draws nothing does not get; installing takes longer on a
 * busy machine, hence the minute.
 */
export async function serviceWorkerControls(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      polling: 250,
      timeout: 60_000,
    });
  } catch (error) {
    // What the browser has of the registration, to tell a failed install from a slow one.
    const state = await page
      .evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return r
          ? `installing ${r.installing?.state ?? 'none'}, waiting ${r.waiting?.state ?? 'none'}, active ${r.active?.state ?? 'none'}`
          : 'no registration';
      })
      .catch((e: unknown) => `unreadable: ${String(e)}`);
    throw new Error(`the service worker did not control the page (${state})`, { cause: error });
  }
}

/** The web app manifest the page links to, as Chromium would fetch it. */
export const appManifest = (page: Page) =>
  page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
    return (await fetch(href)).json();
  });
