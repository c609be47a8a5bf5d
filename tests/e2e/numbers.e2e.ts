// One person, one number (docs/product.md#phone-numbers): typed numbers checked before charging, a personalized
// send's preview and repeated numbers, and a phone-book import that never loads a number twice.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Page } from 'playwright-core';
import { freshNumbers } from '../unit/support/phone-numbers';
import { SCREENSHOT_VIEWPORTS } from './support/browser';
import { carrierSummary, eventually } from './support/carrier';
import { outboxJobs } from './support/app-storage';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { ShellPage } from './support/pages/shell-page';
import { displayPhone } from '../../src/domain/numbers/phone-number';
import { NUMBER_REASONS } from '../../src/domain/contacts/sheet-number';

/** A Ghana number as people type it: 024… for 23324…. */
const local = (canonical: string) => `0${canonical.slice(3)}`;

describe('numbers: set aside before charging, one message per number, personalized previews, imports', () => {
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  const workbook = (name: string, sheet: string, rows: unknown[][]) => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheet);
    const path = join(world.scratch, name);
    writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    return path;
  };

  it('sets a typed 12345 aside with why, sends two forms of one number once, and charges one', async () => {
    const [a] = freshNumbers(1) as [string];
    const { page, send } = await world.openSignedInKept();
    await send.choose('Sender ID', 'DEMO');
    await send.numbers.fill(`12345\n${local(a)}\n${a}`);
    const setAside = page.getByRole('alert', {
      name: '1 number set aside: it is not a phone number and will not be sent or charged',
    });
    await setAside.getByText('1 number set aside: it is not a phone number and will not be sent or charged').waitFor();
    await setAside.getByText(`${NUMBER_REASONS.tooShort}: 12345`).waitFor();
    await page
      .getByTestId('repeats-dropped')
      .getByText('1 number was listed more than once: each number gets the message once and is charged once')
      .waitFor();
    await send.message.fill('One number, one message');
    await expect.poll(() => send.recipientCount.textContent()).toBe('1 recipient');
    await page.getByTestId('send-cost').getByText('1 SMS credits').waitFor();
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-results/screens/numbers-set-aside-${name}.png`, fullPage: true });
    }
    await send.submit();
    await send.shell.alert('Messages sent successfully').waitFor();
    const [job] = await outboxJobs(page);
    expect(
      await eventually(
        () => carrierSummary(world.gateway, job!.id),
        (x) => x.total >= 1,
        20_000,
        'carrier summary',
      ),
    ).toEqual({ total: 1, unique: 1, duplicates: 0 });
  });

  it('previews the first personalized texts with their parts and warns of a number on several rows', async () => {
    const [ama, kofi, esi] = freshNumbers(3) as [string, string, string];
    const file = workbook('people.xlsx', 'Sheet1', [
      ['numbers', 'Name'],
      [local(ama), 'Ama'],
      [kofi, 'Kofi'],
      [ama, 'Ama again'],
      [esi, 'Esi'],
    ]);
    const { page, send } = await world.openSignedInKept();
    await send.choose('Sender ID', 'DEMO');
    await send.choose('Sub-type', 'Personalized');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByText('Loaded 4 rows from Sheet1 (people.xlsx)').waitFor();
    await send.message.fill('Hi {Name}, your order is ready');
    const preview = page.getByRole('region', { name: 'Preview of the first messages' });
    await preview.getByText('Preview: the first 3 messages as they will go').waitFor();
    const texts = preview.getByTestId('preview-text');
    await expect.poll(() => texts.count()).toBe(3);
    expect(await texts.nth(0).textContent()).toBe(`To ${displayPhone(ama)}1 part · GSMHi Ama, your order is ready`);
    expect(await texts.nth(1).textContent()).toContain('Hi Kofi, your order is ready');
    expect(await texts.nth(2).textContent()).toContain('Hi Ama again, your order is ready');
    await page
      .getByTestId('repeats-kept')
      .getByText(
        `${displayPhone(ama)} appears more than once. Each row gets its own message, so this number gets one message (and one charge) per row`,
      )
      .waitFor();
    // Such duplicates are kept: each row is its own message.
    await expect.poll(() => send.recipientCount.textContent()).toBe('4 recipients');
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-results/screens/numbers-preview-${name}.png`, fullPage: true });
    }
  });

  it('imports a file twice without doubling the book, refusing a row with no number by its row', async () => {
    const { page } = await world.openSignedInKept();
    const shell = new ShellPage(page);
    await page.goto(world.gateway.url('/phonebook'));
    await page.getByLabel('New phone book').fill('Numbers club');
    await page.getByRole('button', { name: 'Create phone book' }).click();
    await page.getByRole('link', { name: 'Numbers club', exact: true }).click();
    await page.getByRole('heading', { name: 'Contacts of Numbers club' }).waitFor();
    const [ama, kofi] = freshNumbers(2) as [string, string];
    const file = workbook('club.xlsx', 'Sheet1', [
      ['First Name', 'Phone Number'],
      ['Ama', local(ama)],
      ['Kofi', kofi],
      ['Nobody', ''],
      ['Ama twice', `+${ama}`],
    ]);

    const load = async (page: Page, ready: string) => {
      await page.getByRole('button', { name: 'Load contacts from Excel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Load contacts from Excel' });
      await dialog.locator('input[type=file]').setInputFiles(file);
      await dialog.getByText(ready).waitFor();
      await dialog.getByText(`Row 4: ${NUMBER_REASONS.missing}`).waitFor();
      await dialog.getByText('1 row repeats the number of an earlier row: skipped').waitFor();
      await dialog.getByRole('cell', { name: displayPhone(ama), exact: true }).waitFor();
      return dialog;
    };

    let dialog = await load(page, '2 contacts ready to load');
    await dialog.getByRole('button', { name: 'Load 2 contacts' }).click();
    await shell.alert('2 contacts loaded into Numbers club').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('2 contacts', { exact: true }).waitFor();

    // Again: nothing new, so nothing is offered to load.
    dialog = await load(page, 'Nothing new to load: every contact in this file is already in this phone book');
    await dialog.getByText('2 contacts are already in this phone book: skipped').waitFor();
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-results/screens/numbers-import-${name}.png`, fullPage: true });
    }
    await page.setViewportSize(SCREENSHOT_VIEWPORTS[0][1]);
    expect(await dialog.getByRole('button', { name: /^Load/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('2 contacts', { exact: true }).waitFor();

    // Shown in the local form, and found as typed.
    await page.getByText(displayPhone(kofi), { exact: true }).waitFor();
    await page.getByLabel('Search contacts').fill(local(kofi));
    await page.getByText('1 of 2 contacts').waitFor();
  });
});
