import type { Page } from 'playwright-core';
import { ShellPage } from './shell-page';

/** The Opt-outs page (/optouts): the list, adding by hand or from Excel, export, removal with a reason. */
export class OptOutsPage {
  readonly shell: ShellPage;
  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
  }

  get table() {
    return this.page.getByRole('table', { name: 'Opt-outs' });
  }

  get count() {
    return this.page.getByTestId('optout-count');
  }

  get exportButton() {
    return this.page.getByRole('button', { name: 'Export to Excel' });
  }

  /** The numbers the table shows (this page of it), in order, as shown ('024 410 0002'). */
  async numbers(): Promise<string[]> {
    const cells = this.table.locator('tbody tr td:first-child');
    return (await cells.allTextContents()).map((t) => t.trim()).filter((t) => /^\+?\d[\d ]+$/.test(t));
  }

  async addByHand(numbers: string, reason?: 'Complaint') {
    await this.page.getByRole('textbox', { name: 'Numbers' }).fill(numbers);
    if (reason) {
      await this.page.getByRole('textbox', { name: 'Reason' }).click();
      await this.page.getByRole('option', { name: reason }).click();
    }
    await this.page.getByRole('button', { name: 'Add to opt-out list' }).click();
  }

  async importFile(path: string) {
    await this.page.locator('input[type=file]').setInputFiles(path);
  }

  async search(text: string) {
    await this.page.getByRole('textbox', { name: 'Search' }).fill(text);
  }

  async remove(number: string, reason: string) {
    await this.page.getByRole('button', { name: `Remove ${number}` }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** The "A person's data" section: look up a number, export it, erase it. */
  get person() {
    return this.page.getByRole('region', { name: "A person's data" });
  }

  async lookUp(number: string) {
    await this.person.getByRole('textbox', { name: 'Phone number' }).fill(number);
    await this.person.getByRole('button', { name: 'Look up' }).click();
    await this.person.getByTestId('person-summary').waitFor();
  }

  get personExportButton() {
    return this.person.getByRole('button', { name: 'Export their data to Excel' });
  }

  /** Opens the erase dialog and types `confirm`; answers the dialog (its Erase button not yet pressed). */
  async startErase(confirm: string) {
    await this.person.getByRole('button', { name: 'Erase this number' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Type the number again to confirm' }).fill(confirm);
    return dialog;
  }
}
