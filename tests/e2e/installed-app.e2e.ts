import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appManifest, newPage, PHONE, serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { LoginPage } from './support/pages/login-page';
import { launch, withContactPicker, withLaunchQueue } from './support/installed-app';
import { storedDraftText } from './support/app-storage';

const TIMEOUT = { timeout: 30_000, interval: 200 };
const CSV = 'numbers,name\n233240001001,Ama\n233240001002,Kofi\n';

/**
 * Shares a spreadsheet and a text to the app as Android does: a form POSTed to the share target
 * (`action`: by a page of another site, when it names that site's address).
 */
const share = (page: Page, text: string, csv: string, action = '/share-target') =>
  page.evaluate(
    ({ text, csv, action }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = action;
      form.enctype = 'multipart/form-data';
      const field = document.createElement('input');
      field.name = 'text';
      field.value = text;
      const files = document.createElement('input');
      files.type = 'file';
      files.name = 'sheet';
      const picked = new DataTransfer();
      picked.items.add(new File([csv], 'shared.csv', { type: 'text/csv' }));
      files.files = picked.files;
      form.append(field, files);
      document.body.append(form);
      form.submit();
    },
    { text, csv, action },
  );

/** What the service worker keeps of a share, by URL count (the item and the file). */
const kept = (page: Page) => page.evaluate(async () => (await (await caches.open('shared-in')).keys()).length);

/** The send form's question about a share. */
const question = (page: Page) => page.getByRole('dialog', { name: 'Use what was shared?' });

describe('the installed app: manifest, files, shares and phone contacts, in Chromium', () => {
  const world = useGatewayAndBrowser();

  it("gives each domain's manifest its shortcuts, file types, share target, screenshots and title bar, with no error", async () => {
    for (const [host, name] of [
      ['localhost', 'Bulk SMS Ghana'],
      ['acme.localhost', 'Acme SMS'],
    ] as const) {
      const { page, context } = await newPage(world.browser);
      await page.goto(world.gateway.url('/login', host));
      const manifest = await appManifest(page);
      expect(manifest).toMatchObject({
        id: '/',
        display_override: ['window-controls-overlay', 'standalone'],
        shortcuts: [
          { name: 'Send SMS', url: '/' },
          { name: 'Phone book', url: '/phonebook' },
          { name: 'Dashboard', url: '/dashboard' },
        ],
        file_handlers: [{ action: '/', accept: { 'text/csv': ['.csv'] } }],
        launch_handler: { client_mode: ['focus-existing', 'auto'] },
        share_target: { action: '/share-target', method: 'POST', enctype: 'multipart/form-data' },
      });
      expect(manifest.description).toContain(name);
      expect(manifest.screenshots.map((s: { label: string }) => s.label)).toEqual([
        `${name}: Send SMS on a phone`,
        `${name}: Send SMS on a desktop`,
      ]);
      for (const shot of manifest.screenshots as Array<{ src: string }>) {
        expect(await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), shot.src)).toBe(
          'image/png',
        );
      }
      const cdp = await context.newCDPSession(page);
      const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a spreadsheet and text shared to the app are offered by the send form, offline too, and used on "Use it", once', async () => {
    const { page, context, send } = await world.openSignedIn({ viewport: PHONE });
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await share(page, 'Shared from WhatsApp', CSV);
    await page.waitForURL(/\/\?shared=1$/);
    // Nothing fills the form before the user says so: the dialog names what came.
    await question(page).getByText('shared.csv').waitFor(TIMEOUT);
    await question(page).getByText('Shared from WhatsApp').waitFor();
    expect(await send.message.inputValue()).toBe('');
    await page.screenshot({ path: 'test-results/screens/shared-question-390.png' });
    await question(page).getByRole('button', { name: 'Use it' }).click();
    await page.getByText('Loaded 2 rows from Sheet1 (shared.csv)').waitFor(TIMEOUT);
    await expect.poll(() => send.message.inputValue(), TIMEOUT).toBe('Shared from WhatsApp');
    await page.screenshot({ path: 'test-results/screens/shared-to-app-390.png' });

    // Taken once: the service worker's copy is gone, so a reload brings nothing back.
    await expect.poll(() => kept(page), TIMEOUT).toBe(0);
    await context.close();
  });

  it('"Discard" drops a share and leaves the form as the user left it', async () => {
    const { page, context, send } = await world.openSignedIn();
    await serviceWorkerControls(page);
    await send.message.fill('My own words');
    await expect.poll(() => storedDraftText(page), TIMEOUT).toBe('My own words');
    await share(page, 'Shared from WhatsApp', CSV);
    await page.waitForURL(/\/\?shared=1$/);
    await question(page).getByText('shared.csv').waitFor(TIMEOUT);
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await question(page).waitFor({ state: 'detached' });
    expect(await send.message.inputValue()).toBe('My own words');
    expect(await send.numbers.count()).toBe(1);
    expect(await page.getByText(/Loaded \d+ rows/).count()).toBe(0);
    await expect.poll(() => kept(page), TIMEOUT).toBe(0);
    await context.close();
  });

  it('a share posted by a page of another site is not used without asking', async () => {
    const { page, context, send } = await world.openSignedIn();
    await serviceWorkerControls(page);
    // A page on another site, without this app's policy (form-action 'self'), posts a form to its share target.
    const elsewhere = world.gateway.url('/', 'elsewhere.localhost');
    await page.route(elsewhere, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Win a prize</h1>' }));
    await page.goto(elsewhere);
    await share(page, 'Send this to everyone', CSV, world.gateway.url('/share-target'));
    await page.waitForURL(world.gateway.url('/?shared=1'));
    await question(page).getByText('Send this to everyone').waitFor(TIMEOUT);
    expect(await send.message.inputValue()).toBe('');
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await question(page).waitFor({ state: 'detached' });
    expect(await send.message.inputValue()).toBe('');
    await context.close();
  });

  it('a share not yet used is forgotten at sign-out: the next account is offered nothing', async () => {
    const { page, context, send } = await world.openSignedIn();
    await serviceWorkerControls(page);
    // Kept by the service worker without the page going to the send form (a fetch, not a navigation).
    await page.evaluate(async () => {
      const form = new FormData();
      form.append('text', 'Left for the next account');
      await fetch('/share-target', { method: 'POST', body: form });
    });
    await expect.poll(() => kept(page), TIMEOUT).toBe(1);
    await send.shell.signOutWide('demouser');
    await expect.poll(() => kept(page), TIMEOUT).toBe(0);

    const next = await new LoginPage(page).signIn(world.gateway.url('/login'), 'supervisor', 'supervisor123');
    await page.goto(world.gateway.url('/?shared=1'));
    await next.submitButton.waitFor();
    expect(await question(page).count()).toBe(0);
    expect(await next.message.inputValue()).toBe('');
    await context.close();
  });

  it.each([
    ['the main host, whose landing page a visitor sees', undefined, /\/\?shared=1$/],
    ["a reseller's host, whose login a visitor sees", 'acme.localhost', /\/login$/],
  ])('a share that opens the app signed out, on %s, is asked about after the sign-in', async (_, host, shown) => {
    const { page, context } = await newPage(world.browser);
    const login = new LoginPage(page);
    await login.open(world.gateway.url('/login', host));
    await serviceWorkerControls(page);
    await share(page, 'Shared before signing in', CSV);
    await page.waitForURL(shown, TIMEOUT);
    await expect.poll(() => kept(page), TIMEOUT).toBe(2);
    // The visitor goes to the login (the landing page's link, or where the host sent them) and signs in.
    if (!page.url().endsWith('/login')) await login.open(world.gateway.url('/login', host));
    const who = host ? ['acmeclient', 'client12345'] : ['demouser', 'demo12345'];
    const send = await login.signInHere(who[0]!, who[1]!);
    await question(page).getByText('Shared before signing in').waitFor(TIMEOUT);
    await question(page).getByRole('button', { name: 'Use it' }).click();
    await expect.poll(() => send.message.inputValue(), TIMEOUT).toBe('Shared before signing in');
    // Asked once: the next sign-in in this tab lands on the form as usual.
    await send.shell.signOutWide(who[0]!);
    await send.shell.menu.waitFor({ state: 'detached' });
    await login.signIn(world.gateway.url('/login', host), who[0], who[1]);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('a spreadsheet opened with the installed app (launchQueue, a real file handle) lands in the send form', async () => {
    const { page, context } = await newPage(world.browser);
    await withLaunchQueue(context);
    await new LoginPage(page).signIn(world.gateway.url('/login'));
    await launch(page, { file: { name: 'opened.csv', text: CSV } });
    await page.getByText('Loaded 2 rows from Sheet1 (opened.csv)').waitFor(TIMEOUT);
    await context.close();
  });

  it('a spreadsheet dropped on the send form is its Excel source', async () => {
    const { page, context } = await world.openSignedIn();
    await page.evaluate((csv) => {
      const target = document.querySelector('form')!;
      const data = new DataTransfer();
      data.items.add(new File([csv], 'dropped.csv', { type: 'text/csv' }));
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, CSV);
    await page.getByText('Loaded 2 rows from Sheet1 (dropped.csv)').waitFor(TIMEOUT);
    await context.close();
  });

  it('"Add from phone contacts" picks numbers where the browser has the Contact Picker, and is absent elsewhere', async () => {
    const plain = await world.openSignedIn({ viewport: PHONE });
    await plain.send.numbers.waitFor();
    expect(await plain.page.getByRole('button', { name: 'Add from phone contacts' }).count()).toBe(0);
    await plain.context.close();

    const { page, context } = await newPage(world.browser, { viewport: PHONE });
    // A stand-in for Android's picker: Chromium on a desktop has none.
    await withContactPicker(context, [
      { name: ['Ama'], tel: ['024 000 1111'] },
      { name: ['Kofi'], tel: ['+233 24 000 2222', '0200000000'] },
      { name: ['No number'], tel: [] },
    ]);
    const send = await new LoginPage(page).signIn(world.gateway.url('/login'));
    await send.numbers.fill('233240009999');
    await page.getByRole('button', { name: 'Add from phone contacts' }).click();
    await expect.poll(() => send.numbers.inputValue(), TIMEOUT).toBe('233240009999\n024 000 1111\n+233 24 000 2222');
    await page.screenshot({ path: 'test-results/screens/phone-contacts-390.png' });
    await context.close();
  });

  it('on a desktop with window controls overlay, the header is the title bar: it drags the window, its controls stay clickable', async () => {
    const { page, context } = await world.openSignedIn();
    // Chromium's protocol cannot emulate display-mode: read the rules the page loaded for it instead.
    const rules = await page.evaluate(() =>
      [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules]
          .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule)
          .filter((rule) => rule.conditionText === '(display-mode: window-controls-overlay)')
          .flatMap((rule) => [...rule.cssRules] as CSSStyleRule[])
          .map((rule) => ({
            selector: rule.selectorText,
            region: rule.style.getPropertyValue('app-region'),
            matches: document.querySelectorAll(rule.selectorText).length,
          })),
      ),
    );
    expect(rules).toEqual([
      { selector: '.app-title-bar', region: 'drag', matches: 1 },
      {
        selector: expect.stringContaining('.app-title-bar :is(a, button'),
        region: 'no-drag',
        matches: expect.any(Number),
      },
    ]);
    expect(rules[1]!.matches).toBeGreaterThan(0);
    expect(await page.locator('header.app-title-bar').count()).toBe(1);
    await context.close();
  });
});
