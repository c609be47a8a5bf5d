// Templates and a test to yourself in the browser (docs/product.md#templates,
// docs/product.md#a-test-to-yourself): a Twi letter's Unicode warning and cost, a template made offline
// that syncs when back online, duplicate and delete, picking a template in the send form, and a test
// that reaches the user's own phone in the dev inbox with the first row's values; at 1280 and 390 px.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './support/browser';
import { apiCall } from './support/api-accounts';
import { carrierMessages, eventually } from './support/carrier';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { storedRecords } from './support/app-storage';

const SCREENS = join('test-results', 'screens');
const OWN_PHONE = '233241234567';
const TWI_TEXT = 'Akwaaba {firstname}, yɛda wo ase!';

/** A screenshot at 1280 and at 390 px, checking nothing spills sideways on the phone. */
async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SCREENS, `${name}-390.png`), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

describe('templates', () => {
  const world = useGatewayAndBrowser();

  it('warns of a Twi letter with its cost, keeps a template made offline and syncs it back online, duplicates and deletes', async () => {
    const { page, context, send } = await world.openSignedIn();
    await send.shell.menu.getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    await page.getByText('You have no templates yet').waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'New template' }).click();
    const editor = page.getByRole('dialog', { name: 'New template' });
    await editor.getByRole('textbox', { name: 'Name' }).fill('Akwaaba');
    await editor.getByText('Transactional', { exact: true }).click();
    await editor.getByRole('textbox', { name: 'Text' }).fill(`${TWI_TEXT} ${'Yɛ bɛ ba bio. '.repeat(3)}`);
    const warning = editor.getByTestId('unicode-warning');
    await expect
      .poll(() => warning.textContent())
      .toContain('This character forces Unicode: ɛ. A Unicode SMS holds 50 characters instead of 160');
    expect(await warning.textContent()).toContain('each recipient costs 2 SMS credits instead of 1 SMS credit');
    expect(await editor.getByTestId('template-cost').textContent()).toBe('Costs 2 SMS credits a recipient');
    await shoot(page, 'template-editor-unicode');
    await editor.getByRole('textbox', { name: 'Text' }).fill('Akwaaba ');
    await send.choose('Insert a field', 'firstname');
    await editor.getByRole('textbox', { name: 'Text' }).press('End');
    await editor.getByRole('textbox', { name: 'Text' }).pressSequentially(', yɛda wo ase!');
    await expect.poll(() => editor.getByRole('textbox', { name: 'Text' }).inputValue()).toBe(TWI_TEXT);
    await expect.poll(() => editor.getByTestId('template-cost').textContent()).toBe('Costs 1 SMS credit a recipient');
    await editor.getByRole('button', { name: 'Save template' }).click();
    await editor.waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: 'Template Akwaaba' });
    await card.getByText('Not synced yet').waitFor();

    await context.setOffline(false);
    await card.getByText('Not synced yet').waitFor({ state: 'detached' });
    const token = (await storedRecords<{ token: string }>(page, 'session'))[0]!.token;
    const listed = await eventually(
      async () => (await apiCall(world.gateway, 'templates', {}, token)).templates as { name: string; text: string }[],
      (list) => list.some((t) => t.name === 'Akwaaba'),
    );
    expect(listed.find((t) => t.name === 'Akwaaba')).toMatchObject({ text: TWI_TEXT, category: 'transactional' });

    // Edit: another kind; and a test to yourself from the editor, filled from the contact chosen.
    await card.getByRole('button', { name: 'Edit Akwaaba' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit template' });
    await edit.getByText('Promotional', { exact: true }).click();
    await edit.getByRole('combobox', { name: 'Fill fields from', exact: true }).click();
    const second = page.getByRole('option').nth(1);
    const chosen = (await second.textContent())!.trim();
    await second.click();
    await edit.getByText(`fields filled from ${chosen}`).waitFor();
    await edit.getByRole('button', { name: 'Send a test to me' }).click();
    await send.shell.alert(`Test sent to ${OWN_PHONE}`).waitFor();
    const expected = `Akwaaba ${chosen.split(' ')[0]}, yɛda wo ase!`;
    await eventually(
      () => carrierMessages(world.gateway, OWN_PHONE),
      (messages) => messages.some((m) => m.text === expected),
    );
    await edit.getByRole('button', { name: 'Save template' }).click();
    await edit.waitFor({ state: 'detached' });
    await eventually(
      async () => ((await apiCall(world.gateway, 'templates', {}, token)).templates as { category: string }[])[0],
      (t) => t?.category === 'promotional',
    );

    await card.getByRole('button', { name: 'Duplicate Akwaaba' }).click();
    const copy = page.getByRole('article', { name: 'Template Akwaaba (copy)' });
    await copy.waitFor();
    await shoot(page, 'templates-list');
    await copy.getByRole('button', { name: 'Delete Akwaaba (copy)' }).click();
    await page.getByRole('dialog', { name: 'Delete template' }).getByRole('button', { name: 'Delete' }).click();
    await copy.waitFor({ state: 'detached' });
    await eventually(
      async () => ((await apiCall(world.gateway, 'templates', {}, token)).templates as { name: string }[]).length,
      (n) => n === 1,
    );
    await context.close();
  });

  it("sends a test to the user's own phone from the send form, filled from the first row, marked as a test", async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['numbers', 'firstname'],
        ['233244300001', 'Ama'],
        ['233244300002', 'Kofi'],
      ]),
      'Sheet1',
    );
    const file = join(world.scratch, 'people.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const { page, context, send } = await world.openSignedIn({ serviceWorkers: 'block' });
    await send.choose('Sender ID', 'DEMO');
    await send.choose('Sub-type', 'Personalized');
    await page.locator('input[type="file"]').setInputFiles(file);
    await expect.poll(() => send.recipientCount.textContent()).toBe('2 recipients');
    await send.choose('Use a template', 'Akwaaba (Promotional)');
    await expect.poll(() => send.message.inputValue()).toBe(TWI_TEXT);
    await page.getByTestId('unicode-warning').getByText('This character forces Unicode: ɛ.').waitFor();
    await page.getByText(`fields filled from the first recipient (233244300001)`).waitFor();
    await shoot(page, 'send-form-template-test');

    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await send.shell.alert(`Test sent to ${OWN_PHONE}`).waitFor();
    const inbox = await eventually(
      () => carrierMessages(world.gateway, OWN_PHONE),
      (messages) => messages.some((m) => m.text === 'Akwaaba Ama, yɛda wo ase!'),
    );
    expect(inbox.find((m) => m.text === 'Akwaaba Ama, yɛda wo ase!')).toMatchObject({ from: 'DEMO', unicode: true });

    await page.goto(world.gateway.url('/dashboard'));
    const testRow = page.getByRole('button', { name: /^Open Test to myself/ }).first();
    await testRow.getByText('Test', { exact: true }).waitFor();
    await shoot(page, 'dashboard-test-send');
    await context.close();
  });
});
