import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, serviceWorkerControls } from './support/browser';
import { outboxJobs, storedRecords, storedSession } from './support/app-storage';
import { apiCall } from './support/api-accounts';
import { carrierSummary } from './support/carrier';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { SendPage } from './support/pages/send-page';
import { ShellPage } from './support/pages/shell-page';

const files = mkdtempSync(join(tmpdir(), 'phonebook-e2e-'));

/** An xlsx file with `rows` under `headings` on a sheet named `sheet`. */
function workbook(name: string, sheet: string, rows: unknown[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheet);
  const path = join(files, name);
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return path;
}

const number = (i: number) => `23326${String(i).padStart(7, '0')}`;

describe('phone books: the list, the group page, contacts by hand and from Excel, the clients’ view', () => {
  // The service worker's install is blocked in the kept context (screens, edits, imports; the page sends
  // what it queues); the offline test's fresh context keeps it, for its reloads offline.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  /** Signed in at path: in the kept context, unless a fresh one is asked for. */
  async function openAs(who: string, password: string, path: string, { viewport = DESKTOP, fresh = false } = {}) {
    const { page, context } = fresh
      ? await world.openSignedIn({ who, password, viewport, serviceWorkers: 'allow' })
      : await world.openSignedInKept({ who, password, viewport });
    await page.goto(world.gateway.url(path));
    return { page, context, shell: new ShellPage(page) };
  }

  const createBook = async (page: Page, name: string) => {
    await page.getByLabel('New phone book').fill(name);
    await page.getByRole('button', { name: 'Create phone book' }).click();
    await page.getByRole('link', { name, exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('New phone book').inputValue()).toBe('');
  };

  it('creates a book, adds, finds, edits and deletes a contact, then deletes the book for good', async () => {
    const { page, shell } = await openAs('demouser', 'demo12345', '/phonebook');
    await page.getByRole('heading', { name: 'Phone book', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create phone book' }).click();
    await page.getByText('Please enter a name for the phone book').waitFor();
    await createBook(page, 'Church choir');
    await page.getByLabel('New phone book').fill('church CHOIR');
    await page.getByRole('button', { name: 'Create phone book' }).click();
    await page.getByText('You already have a phone book named church CHOIR').waitFor();

    await page.getByRole('link', { name: 'Church choir', exact: true }).click();
    await page.getByRole('heading', { name: 'Contacts of Church choir' }).waitFor();
    await page.getByRole('button', { name: 'Add contact manually' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact manually' });
    await dialog.getByLabel('First name').fill('Abena');
    await dialog.getByLabel('Surname').fill('Owusu');
    await dialog.getByLabel('Email').fill('abena@');
    await dialog.getByLabel('Phone number').fill('233245550001');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await dialog.getByLabel('Email').fill('abena@example.com');
    await dialog.getByLabel('Birthday').fill('1990-05-14');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await shell.alert('Contact created').waitFor();
    await page.getByText('Abena Owusu').waitFor();
    await page.getByText('024 555 0001', { exact: true }).waitFor();
    // The birthday leads its own line, the e-mail has one: a phone's narrow row cuts neither's start.
    await page.getByText('Birthday 14 May 1990', { exact: true }).waitFor();
    await page.getByText('abena@example.com', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add contact manually' }).click();
    await dialog.getByLabel('First name').fill('Kwame');
    await dialog.getByLabel('Phone number').fill('233245550002');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await page.getByText('Kwame', { exact: true }).waitFor();
    await page.getByText('2 contacts', { exact: true }).waitFor();

    await page.getByLabel('Search contacts').fill('owusu');
    await page.getByText('1 of 2 contacts').waitFor();
    expect(await page.getByText('Kwame', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit Abena Owusu' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contact' });
    await edit.getByLabel('Surname').fill('Owusu-Ansah');
    await edit.getByRole('button', { name: 'Save contact' }).click();
    await shell.alert('Contact updated').waitFor();
    await page.getByText('Abena Owusu-Ansah').waitFor();
    await page.getByLabel('Search contacts').fill('');

    await page.getByRole('button', { name: 'Delete Kwame' }).click();
    await page.getByText('1 contact', { exact: true }).waitFor();
    await shell.alert('1 contact deleted').waitFor();
    await page.reload();
    await page.getByText('Abena Owusu-Ansah').waitFor();
    expect(await page.getByText('Kwame', { exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: 'Back' }).click();
    const card = page.getByRole('article', { name: 'Church choir' });
    await card.getByText('1 contact', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete phone book' });
    await confirm.getByText('Delete the phone book Church choir and its 1 contact?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    await shell.alert('1 phone book deleted').waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Staff', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Church choir', exact: true }).count()).toBe(0);
  });

  it('loads 1,001 contacts from Sheet1 of an xlsx file (one without its bad e-mail), offers nothing when loaded again, refuses a wrong sheet or file, and a send reaches each once', async () => {
    const { page, shell } = await openAs('demouser', 'demo12345', '/phonebook');
    await createBook(page, 'Market women');
    await page.getByRole('link', { name: 'Market women', exact: true }).click();
    await page.getByRole('heading', { name: 'Contacts of Market women' }).waitFor();
    await page.getByRole('button', { name: 'Load contacts from Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Load contacts from Excel' });
    await dialog.getByRole('button', { name: 'Read file' }).click();
    await dialog.getByText('Kindly select an excel file').waitFor();

    const input = dialog.locator('input[type=file]');
    await input.setInputFiles(workbook('wrong-sheet.xlsx', 'Contacts', [['firstname'], ['Ama']]));
    await dialog
      .getByText('Kindly change the name of the sheet containing the data you are trying to load to Sheet1')
      .waitFor();
    const notes = join(files, 'notes.txt');
    writeFileSync(notes, 'not a spreadsheet');
    await input.setInputFiles(notes);
    await dialog.getByText('Kindly select an excel file').waitFor();

    const rows = [
      ['First Name', 'Surname', 'Phone Number', 'Email', 'DOB'],
      ...Array.from({ length: 1000 }, (_, i) => [`Trader${i}`, 'Mensah', number(i), '', '']),
      ['Bad', 'Row', '233260099999', 'bad@', ''],
    ];
    await input.setInputFiles(workbook('market.xlsx', 'Sheet1', rows));
    // A bad e-mail is left out of its contact, never the contact (docs/product.md#for-contacts).
    await dialog.getByText('1,001 contacts ready to load').waitFor();
    await dialog.getByText('1 e-mail left out: not an e-mail address (row 1002)').waitFor();
    await dialog.getByRole('cell', { name: 'Trader0', exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Load 1,001 contacts' }).click();
    await shell.alert('1,001 contacts loaded into Market women').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('1,001 contacts', { exact: true }).waitFor();

    // The same file again: nothing is new, so nothing is offered to load.
    await page.getByRole('button', { name: 'Load contacts from Excel' }).click();
    await dialog.locator('input[type=file]').setInputFiles(workbook('market.xlsx', 'Sheet1', rows));
    await dialog.getByText('Nothing new to load: every contact in this file is already in this phone book').waitFor();
    await dialog.getByText('1,001 contacts are already in this phone book: skipped').waitFor();
    expect(await dialog.getByRole('button', { name: /^Load/ }).count()).toBe(0);
    expect(await dialog.getByText('Loaded without these fields').count()).toBe(0);
    await page.screenshot({ path: 'test-results/screens/phonebook-reimport-1280.png', fullPage: true });
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screens/phonebook-reimport-390.png', fullPage: true });
    if (wide) await page.setViewportSize(wide);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Search contacts').fill(number(777));
    await page.getByText('Trader777 Mensah').waitFor();
    await page.getByText('1 of 1,001 contacts').waitFor();

    const send = new SendPage(page);
    await page.goto(world.gateway.url('/'));
    await send.choose('Sender ID', 'DEMO');
    await send.choose('Contact source', 'Phone book');
    await send.choosePhonebook(/^Market women/);
    await send.message.fill('Market day is Thursday');
    await expect.poll(() => send.recipientCount.textContent()).toBe('1,001 recipients');
    await send.submit();
    await send.confirmSend();
    await expect.poll(async () => (await outboxJobs(page))[0]?.state, { timeout: 60_000 }).toBe('done');
    const [job] = await outboxJobs(page);
    await expect
      .poll(() => carrierSummary(world.gateway, job!.id), { timeout: 60_000 })
      .toEqual({ total: 1001, unique: 1001, duplicates: 0 });
  });

  it('deletes contacts at once with Undo for a few seconds, and selects all the contacts shown', async () => {
    const { page, shell } = await openAs('demouser', 'demo12345', '/phonebook');
    await createBook(page, 'Undo club');
    const session = await storedSession(page);
    for (const [firstname, phonenumber] of [
      ['Ama', '233245551001'],
      ['Kojo', '233245551002'],
      ['Efua', '233245551003'],
    ]) {
      const body = { profile_id: session.profile_id, groupname: 'Undo club', firstname, phonenumber };
      await apiCall(
        world.gateway,
        'createcontact',
        { ...body, surname: '', middlename: '', email: '', birthday: '' },
        session.token,
      );
    }
    await page.reload();
    await page.getByRole('link', { name: 'Undo club', exact: true }).click();
    await page.getByText('3 contacts', { exact: true }).waitFor();

    // Select all, delete: gone at once, and Undo brings them back.
    await page.getByLabel('Select all').check();
    await page.getByRole('button', { name: 'Delete selected (3)' }).click();
    await page.getByText('This phone book has no contacts yet.').waitFor();
    await shell.alert('3 contacts deleted').waitFor();
    await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' }).click();
    await page.getByText('3 contacts', { exact: true }).waitFor();
    await page.getByText('Kojo', { exact: true }).waitFor();

    // Select all selects what the search shows; without Undo the deletion reaches the gateway.
    await page.getByLabel('Search contacts').fill('kojo');
    await page.getByText('1 of 3 contacts').waitFor();
    await page.getByLabel('Select all').check();
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    await shell.alert('1 contact deleted').waitFor();
    await page.getByLabel('Search contacts').fill('');
    await page.getByText('2 contacts', { exact: true }).waitFor();
    const pending = async () =>
      (await storedRecords<{ pendingDelete?: number }>(page, 'contacts')).filter((c) => c.pendingDelete).length;
    expect(await pending()).toBe(1);
    await shell.alert('1 contact deleted').waitFor({ state: 'detached' });
    await expect.poll(pending).toBe(0);
    await page.reload();
    await page.getByText('2 contacts', { exact: true }).waitFor();
    expect(await page.getByText('Kojo', { exact: true }).count()).toBe(0);
  });

  it("shows an admin its clients' books and contacts read-only", async () => {
    const { page } = await openAs('supervisor', 'supervisor123', '/clientphonebook');
    await page.getByRole('heading', { name: 'Client phone books', level: 1 }).waitFor();
    const staff = page.getByRole('article', { name: 'Staff' });
    await staff.getByText('Owner: demouser').waitFor();
    expect(await page.getByRole('button', { name: 'Create phone book' }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await staff.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('heading', { name: 'Contacts of Staff' }).waitFor();
    await page.getByText('Esi', { exact: false }).first().waitFor();
    for (const name of ['Add contact manually', 'Load contacts from Excel', /^Edit /, /^Delete /]) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await page.getByRole('checkbox').count()).toBe(0);
  });

  it('keeps the books and contacts opened once readable offline, on a phone', async () => {
    const { page, context } = await openAs('demouser', 'demo12345', '/phonebook', { viewport: PHONE, fresh: true });
    await serviceWorkerControls(page);
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('heading', { name: 'Contacts of Staff' }).waitFor();
    await page.getByText('Esi', { exact: false }).first().waitFor();
    await context.setOffline(true);
    await page.goto(world.gateway.url('/phonebook'));
    await page.getByText('These are the phone books saved on this device', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByText('Esi', { exact: false }).first().waitFor();
    await page.getByLabel('Search contacts').fill('nana');
    await page.getByText('1 of 2 contacts').waitFor();
    expect(await page.getByRole('button', { name: 'Add contact manually' }).isDisabled()).toBe(true);
    // A deletion offline: gone at once, still gone after a reload offline, sent when the network is back.
    await page.getByLabel('Search contacts').fill('');
    const pending = async () =>
      (await storedRecords<{ pendingDelete?: number }>(page, 'contacts')).filter((c) => c.pendingDelete).length;
    await page.getByRole('button', { name: 'Delete Nana Agyeman' }).click();
    await page.getByText('1 contact', { exact: true }).waitFor();
    // The screen hides the row at once; the device stores the deletion a moment later (IndexedDB).
    // On the loaded CI machine a reload in that moment brought the row back: reload once it is stored.
    await expect.poll(pending).toBe(1);
    await page.reload();
    await page.getByText('Esi Quaye').waitFor();
    await page.getByText('1 contact', { exact: true }).waitFor();
    expect(await page.getByText('Nana Agyeman').count()).toBe(0);
    await context.setOffline(false);
    // Back online: the book is fetched again and the note goes.
    await page.getByText('These are the phone books saved', { exact: false }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Add contact manually' }).isDisabled()).toBe(false);
    await expect.poll(pending).toBe(0);
    expect(await page.getByText('Nana Agyeman').count()).toBe(0);
    await context.close();
    // Another device sees the deletion: it reached the gateway.
    const other = await openAs('demouser', 'demo12345', '/phonebook');
    await other.page.getByRole('link', { name: 'Staff', exact: true }).click();
    await other.page.getByText('Esi Quaye').waitFor();
    await other.page.getByText('1 contact', { exact: true }).waitFor();
    expect(await other.page.getByText('Nana Agyeman').count()).toBe(0);
  });
});
