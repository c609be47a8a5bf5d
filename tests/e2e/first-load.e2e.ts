import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { newPage, PHONE } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { LoginPage } from './support/pages/login-page';

// A first visit gets the built assets compressed and cacheable for good, and the outbox's
// worker only once someone is signed in.

describe('first load on a phone', () => {
  const world = useGatewayAndBrowser();

  it("serves a reseller's login page brotli-compressed, hashed assets immutable, the shell and service worker revalidated", async () => {
    const { page, context } = await newPage(world.browser, { viewport: PHONE });
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    const warnings: string[] = [];
    page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
    const login = new LoginPage(page);
    await login.open(world.gateway.url('/login', 'acme.localhost'));
    await login.loginButton.waitFor();
    // The form's code in a handful of answers (vite.config.ts groups the first screen's pieces), not 30.
    const isCode = (r: Response) => /\/assets\/.+\.(js|css)$/.test(new URL(r.url()).pathname);
    const beforeForm = responses.filter(isCode).map((r) => new URL(r.url()).pathname);
    expect(beforeForm.length, beforeForm.join(' ')).toBeLessThanOrEqual(8);
    expect(beforeForm.some((path) => path.includes('workbox-window'))).toBe(false);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const assets = responses.filter(isCode);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      const headers = await asset.allHeaders();
      expect(headers['content-encoding'], asset.url()).toBe('br');
      expect(headers['cache-control'], asset.url()).toBe('public, max-age=31536000, immutable');
      expect(headers.vary, asset.url()).toMatch(/accept-encoding/i);
    }
    const shell = responses.find((r) => new URL(r.url()).pathname === '/login')!;
    expect(await shell.headerValue('content-encoding')).toBe('br');
    expect(await shell.headerValue('cache-control')).toBe('no-cache');
    expect(await shell.headerValue('content-security-policy')).toContain("script-src 'self'");
    // Every feature the Permissions-Policy names is one the browser knows (no warning on each page).
    expect(warnings.filter((w) => w.includes('Permissions-Policy'))).toEqual([]);

    // The service worker and the manifest, as the browser fetches them for an update check.
    for (const path of ['/sw.js', '/manifest.webmanifest']) {
      const answer = await page.evaluate(async (url) => {
        const res = await fetch(url, { cache: 'no-store' });
        return { ok: res.ok, cacheControl: res.headers.get('cache-control') };
      }, path);
      expect(answer, path).toEqual({ ok: true, cacheControl: 'no-cache' });
    }
    await context.close();
  });

  it('starts the outbox worker at sign-in, not on the login page, where IndexedDB’s code never loads', async () => {
    const { page, context } = await newPage(world.browser, { viewport: PHONE });
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const login = new LoginPage(page);
    // workbox-window is the last thing loaded after the first screen: by then the rest has been asked for.
    const afterFirstScreen = page.waitForRequest((r) => r.url().includes('/assets/workbox-window'));
    await login.open(world.gateway.url('/login', 'acme.localhost'));
    await login.loginButton.waitFor();
    // The app runs at the visitor's first touch (src/app/first-touch.ts): a tap on the page, not its form.
    await page.getByRole('heading', { name: 'Sign in to your account' }).click();
    await afterFirstScreen;
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(page.workers().map((w) => w.url())).toEqual([]);
    // A visitor’s page: not the signed-in code (Dexie and the answer schemas are in it), and the
    // domain's details carried by the page.
    expect(asked.filter((path) => /\/assets\/(account-forms|signed-in|session-watch)-/.test(path))).toEqual([]);
    expect(asked.filter((path) => path === '/smsgateway/api/domain')).toEqual([]);

    const drainer = page.waitForEvent('worker', (w) => w.url().includes('drainer-worker'));
    await login.signInHere('acmeclient', 'client12345');
    expect((await drainer).url()).toContain('/assets/drainer-worker-');
    await context.close();
  });

  it('fetches the signed-in screens’ code while the password is typed: after Login, none of it is waited for', async () => {
    const { page, context } = await newPage(world.browser, { viewport: PHONE });
    const asked: string[] = [];
    const scripts: Response[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') asked.push(new URL(r.url()).pathname);
    });
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r);
    });
    const login = new LoginPage(page);
    await login.open(world.gateway.url('/login'));
    await login.loginButton.waitFor();
    const screens = /\/assets\/(app-layout|account-forms|signed-in|send-screen|session-watch)-/;
    // Focusing the form is the sign of a person about to sign in.
    const fetched = Promise.all(
      ['app-layout', 'account-forms', 'signed-in', 'send-screen', 'session-watch'].map((name) =>
        page.waitForRequest((r) => r.url().includes(`/assets/${name}-`)),
      ),
    );
    await login.emailOrUsername.click();
    await fetched;
    await login.emailOrUsername.fill('demouser');
    await login.password.fill('demo12345');
    await page.waitForLoadState('networkidle');
    const beforeLogin = asked.length;
    await login.loginButton.click();
    await page.getByRole('heading', { name: 'Send SMS', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    const afterLogin = asked.slice(beforeLogin);
    expect(afterLogin.filter((path) => screens.test(path))).toEqual([]);
    // Nor does the send screen bring SheetJS: it loads in the workers and when an export is written.
    const withSheetJs = [];
    for (const script of scripts) if ((await script.text()).includes('sheet_to_json')) withSheetJs.push(script.url());
    expect(withSheetJs).toEqual([]);
    await context.close();
  });
});
