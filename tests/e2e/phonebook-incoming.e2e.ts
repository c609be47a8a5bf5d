import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, PHONE } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { launch, withContactPicker, withLaunchQueue } from './support/installed-app';
import { LoginPage } from './support/pages/login-page';

const TIMEOUT = { timeout: 30_000, interval: 200 };
const STAFF = 'Phone number,First name,Surname\n0240001001,Ama,Owusu\n233240001002,Kofi,Mensah\n';
const FOR_SENDING = 'numbers,name\n233240001003,Esi\n';

async function openBook(page: Page, url: string, name: string) {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Phone book', level: 1 }).waitFor();
  await page.getByLabel('New phone book').fill(name);
  await page.getByRole('button', { name: 'Create phone book' }).click();
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name: `Contacts of ${name}` }).waitFor();
}

describe('files and phone contacts into a phone book, in Chromium', () => {
  const world = useGatewayAndBrowser();

  it('a spreadsheet opened with the app while a book shows, or dropped on it, goes to its import; elsewhere to the send form; a shortcut opens its screen', async () => {
    const { page, context } = await newPage(world.browser);
    await withLaunchQueue(context);
    await new LoginPage(page).signIn(world.gateway.url('/login'), 'demouser', 'demo12345');
    await openBook(page, world.gateway.url('/phonebook'), 'Field team');

    await launch(page, { file: { name: 'staff.csv', text: STAFF } });
    const dialog = page.getByRole('dialog', { name: 'Load contacts from Excel' });
    await dialog.getByText('2 contacts ready to load').waitFor(TIMEOUT);
    await page.screenshot({ path: 'test-results/screens/phonebook-opened-file-1280.png' });
    await dialog.getByRole('button', { name: 'Load 2 contacts' }).click();
    await dialog.waitFor({ state: 'hidden', ...TIMEOUT });
    await page.getByText('Ama Owusu').waitFor();
    await page.getByText('Kofi Mensah').waitFor();

    // Dropped on the book: the same import, which sees both are already in it.
    await page.evaluate((csv) => {
      const target = document.querySelector('main h1')!;
      const data = new DataTransfer();
      data.items.add(new File([csv], 'dropped.csv', { type: 'text/csv' }));
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, STAFF);
    await dialog.getByText('2 contacts are already in this phone book: skipped').waitFor(TIMEOUT);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // On a screen that takes no file, the send form opens with it.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page.waitForURL(/\/dashboard$/);
    await launch(page, { file: { name: 'for-sending.csv', text: FOR_SENDING } });
    await page.getByText('Loaded 1 row from Sheet1 (for-sending.csv)').waitFor(TIMEOUT);
    expect(new URL(page.url()).pathname).toBe('/');

    // A shortcut launched into the open window opens its screen there.
    await launch(page, { targetURL: world.gateway.url('/phonebook') });
    await page.getByRole('heading', { name: 'Phone book', level: 1 }).waitFor(TIMEOUT);
    await context.close();
  });

  for (const [width, viewport] of [
    ['390', PHONE],
    ['1280', { width: 1280, height: 900 }],
  ] as const) {
    it(`at ${width} px: "Add from phone contacts" in a book adds the people picked, checked like an import`, async () => {
      const { page, context } = await newPage(world.browser, { serviceWorkers: 'block', viewport });
      await withContactPicker(context, [
        { name: ['Abena Serwaa Boateng'], tel: ['024 000 2001'] },
        { name: ['Yaw'], tel: ['+233 20 000 2002', '0240002003'] },
        { name: ['Wrong'], tel: ['12345'] },
      ]);
      await new LoginPage(page).signIn(world.gateway.url('/login'), 'demouser', 'demo12345');
      await openBook(page, world.gateway.url('/phonebook'), `Picked ${width}`);

      await page.getByRole('button', { name: 'Add from phone contacts' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add from phone contacts' });
      await dialog.getByText('2 contacts ready to load').waitFor(TIMEOUT);
      await dialog.getByText('1 contact will not be loaded').waitFor();
      await dialog.getByText('Wrong: Too short for a phone number (fewer than 8 digits)').waitFor();
      expect(await dialog.getByRole('columnheader', { name: 'Row' }).count()).toBe(0);
      expect(await dialog.getByLabel('Excel file').isVisible()).toBe(false);
      await page.screenshot({ path: `test-results/screens/phonebook-phone-contacts-${width}.png` });
      await dialog.getByRole('button', { name: 'Load 2 contacts' }).click();
      await dialog.waitFor({ state: 'hidden', ...TIMEOUT });
      await page.getByText('Abena Serwaa Boateng').waitFor();
      await page.getByText('Yaw', { exact: true }).waitFor();
      await page.screenshot({ path: `test-results/screens/phonebook-picked-${width}.png` });

      // Picked again: both are in the book already.
      await page.getByRole('button', { name: 'Add from phone contacts' }).click();
      await dialog.getByText('2 contacts are already in this phone book: skipped').waitFor(TIMEOUT);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await context.close();
    });
  }
});
