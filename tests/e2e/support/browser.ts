import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell: the same Blink and V8 without the browser around them (no profile
 * services, no installability or Background Sync). It cost the browser tests about a fifth less CPU
 * than the full browser; a file about what only the full browser has asks for 'full'. Without it (not
 * installed), the full browser runs every file.
 */
const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Which Chromium a file runs: the headless shell, or the full browser (installed-app features). */
export type ChromiumKind = 'shell' | 'full';

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
/** The last errors each page (and its workers) printed, for a failed test's report. */
const pageErrors = new WeakMap<Page, string[]>();
const KEPT_ERRORS = 8;
/** The requests each page has out (its documents, scripts, styles, fonts, images and API calls). */
const pageRequests = new WeakMap<Page, Set<Request>>();

function track(page: Page) {
  if (pageErrors.has(page)) return;
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  const errors: string[] = [];
  pageErrors.set(page, errors);
  const keep = (text: string) => {
    errors.push(text.slice(0, 300));
    if (errors.length > KEPT_ERRORS) errors.shift();
  };
  page.on('console', (m) => {
    if (m.type() === 'error') keep(m.text());
  });
  page.on('pageerror', (e) => keep(`uncaught: ${e.message}`));
  const out = new Set<Request>();
  pageRequests.set(page, out);
  page.on('request', (r) => out.add(r));
  page.on('requestfinished', (r) => out.delete(r));
  page.on('requestfailed', (r) => out.delete(r));
}

/** The addresses of the requests the page has out now (pages made by newPage or in its contexts). */
export const requestsOut = (page: Page): string[] => [...(pageRequests.get(page) ?? [])].map((r) => r.url());

/** What a page printed as errors lately (console errors and uncaught exceptions). */
export const errorsOf = (page: Page): readonly string[] => pageErrors.get(page) ?? [];

export function launchBrowser(kind: ChromiumKind = 'full'): Promise<Browser> {
  const shell = kind === 'shell' && !process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL_PATH);
  return chromium.launch({
    executablePath: shell ? HEADLESS_SHELL_PATH : CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A fresh context (its own storage, like a new profile) and one page in it, tracked for failure screenshots. */
export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  // Playwright's 30 s for a locator, doubled: CI runs these files beside the other suites.
  context.setDefaultTimeout(60_000);
  context.on('page', track);
  const page = await context.newPage();
  track(page);
  return { context, page };
}

export function trackedPages(): Page[] {
  return [...openPages].filter((p) => !p.isClosed());
}

/**
 * Resolves once the service worker controls the page (offline reloads come from it). Installing takes
 * longer on a busy machine, hence the minute.
 *
 * A page whose document was still loading when the worker activated is never claimed (the Service
 * Workers spec's `Clients.claim()` skips a client that is not yet execution-ready, and its navigation
 * went to the network), so it stays uncontrolled until it is loaded again: as a user's next visit
 * would, the page is then reloaded once.
 */
export async function serviceWorkerControls(page: Page): Promise<void> {
  const controlledOnceActive = () =>
    page.evaluate(
      ({ installMs, claimMs }) =>
        new Promise<string>((resolve) => {
          const sw = navigator.serviceWorker;
          const giveUp = setTimeout(() => resolve('not installed'), installMs);
          void sw.ready.then(() => {
            clearTimeout(giveUp);
            if (sw.controller) return resolve('controlled');
            // Claimed just after activation, or never: the race above.
            const unclaimed = setTimeout(() => resolve('unclaimed'), claimMs);
            sw.addEventListener('controllerchange', () => {
              clearTimeout(unclaimed);
              resolve('controlled');
            });
          });
        }),
      { installMs: 60_000, claimMs: 10_000 },
    );
  let outcome = await controlledOnceActive();
  if (outcome === 'unclaimed') {
    await page.reload();
    outcome = await controlledOnceActive();
  }
  if (outcome === 'controlled') return;
  // What the browser has of the registration, to tell a failed install from a slow one.
  const state = await page
    .evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return r
        ? `installing ${r.installing?.state ?? 'none'}, waiting ${r.waiting?.state ?? 'none'}, active ${r.active?.state ?? 'none'}`
        : 'no registration';
    })
    .catch((e: unknown) => `unreadable: ${String(e)}`);
  throw new Error(`the service worker did not control the page: ${outcome} (${state})`);
}

/** The web app manifest the page links to, as Chromium would fetch it. */
export const appManifest = (page: Page) =>
  page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
    return (await fetch(href)).json();
  });
