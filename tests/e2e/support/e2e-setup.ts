import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, newPage, type ChromiumKind } from './browser';
import { KeptContext } from './kept-context';
import { BUILT_DIST, startGateway, type RunningGateway } from './gateway';
import { LoginPage } from './pages/login-page';
import type { SendPage } from './pages/send-page';

export interface E2eOptions {
  /** Extra environment for the gateway, e.g. a small MAX_BODY_BYTES; a function is read when the gateway starts. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Serve a private copy of dist/ (at world.dist), for a test that publishes a new version of the app. */
  ownDist?: boolean;
  /**
   * 'block' keeps the app's service worker from installing in the contexts of openSignedIn, openSignedInKept
   * and openKept (the app then runs as in a browser without one, its page sending what it queues): for
   * files whose tests are about screens, not about the worker, offline use or the installed app. It spares
   * each fresh context the worker's install and precache, about 3.4 of its 9.3 CPU seconds signed in.
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * 'full' runs the full Chromium instead of its headless shell (support/browser.ts), for files about what
   * only the full browser does: Background Sync and the like.
   */
  chromium?: ChromiumKind;
}

export interface SignInOptions extends BrowserContextOptions {
  who?: string;
  password?: string;
  /** The domain to sign in on (localhost, the main host, unless told). */
  host?: string;
}

export interface E2eWorld {
  gateway: RunningGateway;
  browser: Browser;
  /** A temporary directory of the file's own (files to upload, the dist/ copy), removed after its tests. */
  scratch: string;
  /** The dist/ the gateway serves. */
  dist: string;
  /** A fresh context signed in (the demo client on the main host unless told), on the Send SMS form. */
  openSignedIn(options?: SignInOptions): Promise<{ page: Page; context: BrowserContext; send: SendPage }>;
  /**
   * As openSignedIn, in a new tab of the context kept for these tests, its storage cleared first
   * (support/kept-context.ts): for tests that need no fresh context. Leave the context open.
   */
  openSignedInKept(options?: KeptSignInOptions): Promise<{ page: Page; context: BrowserContext; send: SendPage }>;
  /** A new tab of that kept context, signed out, its storage cleared: a visitor who needs no fresh context. */
  openKept(viewport?: SignInOptions['viewport']): Promise<{ page: Page; context: BrowserContext }>;
}

type KeptSignInOptions = Pick<SignInOptions, 'who' | 'password' | 'host' | 'viewport'>;

/**
 * One real gateway (fresh database, demo data) and one Chromium for a test file or describe block,
 * started before its tests and stopped after. Read the fields inside tests: they are set in beforeAll.
 */
export function useGatewayAndBrowser(options: E2eOptions = {}): E2eWorld {
  const serviceWorkers = options.serviceWorkers ?? 'allow';
  const kept = new KeptContext(() => world.browser, { serviceWorkers });
  const world = {
    openKept: (viewport) => kept.nextPage(viewport ?? undefined),
    async openSignedInKept({ who, password, host, viewport }: KeptSignInOptions = {}) {
      const { page, context } = await kept.nextPage(viewport ?? undefined);
      const send = await new LoginPage(page).signIn(world.gateway.url('/login', host), who, password);
      return { page, context, send };
    },
    async openSignedIn({ who, password, host, ...contextOptions }: SignInOptions = {}) {
      const { page, context } = await newPage(world.browser, { serviceWorkers, ...contextOptions });
      const send = await new LoginPage(page).signIn(world.gateway.url('/login', host), who, password);
      return { page, context, send };
    },
  } as E2eWorld;
  beforeAll(async () => {
    world.scratch = mkdtempSync(join(tmpdir(), 'e2e-'));
    world.dist = BUILT_DIST;
    if (options.ownDist) {
      world.dist = join(world.scratch, 'dist');
      cpSync(BUILT_DIST, world.dist, { recursive: true });
    }
    // A file with its own environment seeds its own data: the copy was written under the default one (an
    // SMTP_URL, for one, would send the mail the copy's first start kept).
    const copyOf = options.env ? undefined : inject('seededDataDir');
    [world.gateway, world.browser] = await Promise.all([
      startGateway(
        { ...(typeof options.env === 'function' ? options.env() : options.env), DIST_DIR: world.dist },
        { copyOf },
      ),
      launchBrowser(options.chromium ?? 'shell'),
    ]);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.gateway?.stop();
    if (world.scratch) rmSync(world.scratch, { recursive: true, force: true });
  });
  return world;
}
