import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appManifest, newPage, PHONE, serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { LoginPage } from './support/pages/login-page';
import { launch, withContactPicker, withLaunchQueue } from './support/installed-app';

const TIMEOUT = { timeout: 30_000, interval: 200 };
const CSV = 'numbers,name\n233240001001,Ama\n233240001002,Kofi\n';

/** Shares a spreadsheet and a text to the app as Android does: a form POSTed to the share target. */
const share = (page: Page, text: string, csv: string) =>
  page.evaluate(
    ({ text, csv }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/share-target';
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
    { text, csv },
  );

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

  it('a spreadsheet and text shared to the app land in the send form, offline too, once', async () => {
    const { page, context, send } = await world.openSignedIn({ viewport: PHONE });
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await share(page, 'Shared from WhatsApp', CSV);
    await page.waitForURL(/\/\?shared=1$/);
    await page.getByText('Loaded 2 rows from Sheet1 (shared.csv)').waitFor(TIMEOUT);
    await expect.poll(() => send.message.inputValue(), TIMEOUT).toBe('Shared from WhatsApp');
    await page.screenshot({ path: 'test-results/screens/shared-to-app-390.png' });

    // Taken once: the service worker's copy is gone, so a reload brings nothing back.
    const kept = () => page.evaluate(async () => (await (await caches.open('shared-in')).keys()).length);
    await expect.poll(kept, TIMEOUT).toBe(0);
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
