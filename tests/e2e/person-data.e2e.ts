// Consent on contacts and a person's data in the browser (docs/compliance.md#consent-on-contacts,
// docs/compliance.md#a-persons-data): a phone-book import with consent columns, the contact dialog's
// consent fields, the book's export, and the export and erasure of one number from the Opt-outs page,
// at 1280 and 390 px.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { PHONE } from './support/browser';
import { apiCall, apiLogin, apiSend } from './support/api-accounts';
import { downloadedSheet } from './support/downloads';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { OptOutsPage } from './support/pages/optouts-page';
import { ShellPage } from './support/pages/shell-page';
import { displayPhone } from '../../src/domain/numbers/phone-number';

const files = mkdtempSync(join(tmpdir(), 'person-data-e2e-'));
const SCREENS = join('test-results', 'screens');
const PERSON = '233244300010';

function workbook(name: string, rows: unknown[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const path = join(files, name);
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return path;
}

const sendItem = (destinationAddress: string) => ({
  shortMessage: 'Your parcel is ready',
  destinationAddress,
  sourceAddress: 'DEMO',
  messageDescription: '',
  messageType: 'quick sms',
  specialUnicodeSupport: false,
  flash: false,
  expectedDeliveryTime: '',
  typeandsubtype: 'quick:regular',
  recurringInterval: 0,
  recurringPeriod: 'Hourly',
});

describe("consent and a person's data", () => {
  const world = useGatewayAndBrowser();

  for (const [size, viewport] of [
    ['1280', { width: 1280, height: 900 }],
    ['390', PHONE],
  ] as const) {
    it(`imports consent columns, edits them, exports the book, then exports and erases one number (${size} px)`, async () => {
      mkdirSync(SCREENS, { recursive: true });
      const { page, context } = await world.openSignedIn({ who: 'demouser', password: 'demo12345', viewport });
      const shell = new ShellPage(page);
      const book = `Consent ${size}`;
      const person = size === '390' ? '233244300020' : PERSON;
      await page.goto(world.gateway.url('/phonebook'));
      await page.getByLabel('New phone book').fill(book);
      await page.getByRole('button', { name: 'Create phone book' }).click();
      await page.getByRole('link', { name: book, exact: true }).click();
      await page.getByRole('heading', { name: `Contacts of ${book}` }).waitFor();

      // The import reads consent columns under their usual headings, and names a row with a bad date.
      await page.getByRole('button', { name: 'Load contacts from Excel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Load contacts from Excel' });
      await dialog.locator('input[type=file]').setInputFiles(
        workbook(`consent-${size}.xlsx`, [
          ['First name', 'Phone number', 'CONSENT', 'consent date'],
          ['Ama', person, 'Signed form', 46000],
          ['Kofi', '0244300099', 'Website form', '3/2/2025'],
          ['Yaw', '0244300098', 'Verbal', 'some day'],
        ]),
      );
      await dialog.getByText('2 contacts ready to load').waitFor();
      await dialog.getByRole('columnheader', { name: 'Consent source' }).waitFor();
      await dialog.getByRole('cell', { name: 'Signed form' }).waitFor();
      await dialog.getByRole('cell', { name: '2025-12-09' }).waitFor();
      await dialog.getByText('Row 4: Please enter a valid consent date').waitFor();
      await page.screenshot({ path: join(SCREENS, `consent-import-${size}.png`), fullPage: true });
      await dialog.getByRole('button', { name: 'Load 2 contacts' }).click();
      await shell.alert(`2 contacts loaded into ${book}`).waitFor();
      await page.getByText('Consent: Signed form, 9 Dec 2025').waitFor();

      // The contact dialog edits both: a usual source offered, a date no later than today.
      await page.getByRole('button', { name: 'Edit Kofi' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit contact' });
      const source = edit.getByRole('combobox', { name: 'Consent source' });
      expect(await source.inputValue()).toBe('Website form');
      await source.fill('');
      await source.click();
      await page.getByRole('option', { name: 'In store' }).click();
      await edit.getByLabel('Consent date').fill('2025-06-01');
      expect(await edit.getByLabel('Consent date').getAttribute('max')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await page.screenshot({ path: join(SCREENS, `consent-dialog-${size}.png`), fullPage: true });
      await edit.getByRole('button', { name: 'Save contact' }).click();
      await edit.waitFor({ state: 'detached' });
      await page.getByText('Consent: In store, 1 Jun 2025').waitFor();

      // The book's export carries both, under the template's headings.
      const exported = await downloadedSheet(page, page.getByRole('button', { name: 'Export to Excel' }));
      expect(exported.rows[0]).toEqual([
        'First name',
        'Middle name',
        'Surname',
        'Email',
        'Phone number',
        'Birthday',
        'Consent source',
        'Consent date',
      ]);
      const byName = Object.fromEntries(exported.rows.slice(1).map((r) => [r[0], [r[4], r[6], r[7]]]));
      expect(byName.Ama).toEqual([person, 'Signed form', '2025-12-09']);
      expect(byName.Kofi).toEqual(['233244300099', 'In store', '2025-06-01']);

      // A message to the number, delivered, so its history holds it.
      const demo = await apiLogin(world.gateway, 'demouser', 'demo12345');
      await apiSend(world.gateway, demo.token, [sendItem(person)]);
      await expect
        .poll(
          async () =>
            (
              await apiCall(
                world.gateway,
                '/smsgateway/api/frontend/persondata',
                { profile_id: demo.profile_id, number: person },
                demo.token,
              )
            ).pending,
          { timeout: 30_000 },
        )
        .toBe(0);

      // The Opt-outs page: look the number up (written the local way), export it, erase it.
      await page.goto(world.gateway.url('/optouts'));
      const optouts = new OptOutsPage(page);
      await optouts.person.waitFor();
      await optouts.person.getByRole('textbox', { name: 'Phone number' }).fill('Ama');
      await optouts.person.getByRole('button', { name: 'Look up' }).click();
      await optouts.person.getByText('Please enter a phone number, for example 024 123 4567').waitFor();
      await optouts.lookUp(`0${person.slice(3)}`);
      const summary = optouts.person.getByTestId('person-summary');
      await summary.getByText('1 contact in your phone books').waitFor();
      await summary.getByText('1 message sent to it').waitFor();
      await summary.getByText('Not on your opt-out list').waitFor();
      const data = await downloadedSheet(page, optouts.personExportButton);
      expect(data.rows[0]).toEqual([
        'Phone book',
        'First name',
        'Middle name',
        'Surname',
        'Email',
        'Phone number',
        'Birthday',
        'Consent source',
        'Consent date',
      ]);
      expect(data.rows[1]!.slice(0, 2)).toEqual([book, 'Ama']);
      expect(data.rows[1]![5]).toBe(person);
      expect(data.rows[1]![7]).toBe('Signed form');
      await page.screenshot({ path: join(SCREENS, `person-data-${size}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Erasing needs the same number typed again.
      const erase = await optouts.startErase('0244000000');
      await erase.getByRole('button', { name: 'Erase' }).click();
      await erase.getByText('The number typed to confirm is not the number being erased: nothing was erased').waitFor();
      await page.screenshot({ path: join(SCREENS, `person-erase-${size}.png`), fullPage: true });
      await erase.getByRole('textbox', { name: 'Type the number again to confirm' }).fill(`+${person}`);
      await erase.getByRole('button', { name: 'Erase' }).click();
      await shell.alert('Erased: 1 contact deleted, 1 message masked. The number stays on your opt-out list').waitFor();
      await erase.waitFor({ state: 'detached' });
      await summary.getByText('0 contacts in your phone books').waitFor();
      await summary.getByText('0 messages sent to it').waitFor();
      await summary.getByText(/^On your opt-out list since/).waitFor();
      // The list shows the number as people dial it.
      await expect.poll(() => optouts.numbers()).toContain(displayPhone(person));
      await page.screenshot({ path: join(SCREENS, `person-erased-${size}.png`), fullPage: true });

      // Offline, the section says why its controls are off.
      await context.setOffline(true);
      await optouts.person
        .getByText('Looking up, exporting and erasing a number need a connection to the gateway.')
        .waitFor();
      expect(await optouts.person.getByRole('button', { name: 'Look up' }).isDisabled()).toBe(true);
      await context.setOffline(false);
      await context.close();
    });
  }
});
