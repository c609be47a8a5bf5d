import type { Page } from 'playwright-core';
import { LoginPage } from './login-page';
import { ShellPage } from './shell-page';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The Send SMS form (/), by what a user sees: labelled fields, the dropdowns' options, the submit button. */
export class SendPage {
  readonly shell: ShellPage;
  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
  }

  async signIn(url: string, who = 'demouser', password = 'demo12345') {
    const login = new LoginPage(this.page);
    await login.open(url);
    await login.emailOrUsername.fill(who);
    await login.password.fill(password);
    await login.submit.click();
    await this.heading.waitFor();
    await this.submitButton.waitFor();
  }

  get heading() {
    return this.page.getByRole('heading', { name: 'Send SMS', level: 1 });
  }

  get submitButton() {
    return this.page.getByRole('button', { name: /^(Send Message|Register (scheduled|recurring|birthday) sms)$/ });
  }

  /** A Mantine Select: open it and click the option. */
  async choose(label: string, option: string) {
    await this.page.getByRole('combobox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  selectValue(label: string) {
    return this.page.getByRole('combobox', { name: label, exact: true }).inputValue();
  }

  field(label: string) {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  get message() {
    return this.field('Message');
  }

  get numbers() {
    return this.field('Mobile numbers');
  }

  async choosePhonebook(name: RegExp | string) {
    await this.page.getByRole('combobox', { name: 'Phone books' }).click();
    await this.page.getByRole('option', { name }).click();
    await this.page.keyboard.press('Escape');
  }

  /** The delivery date-time picker: day in the calendar, then hours and minutes, then confirm. */
  async pickDateTime(label: RegExp, when: Date) {
    await this.page.getByRole('button', { name: label }).click();
    const day = `${when.getUTCDate()} ${MONTHS[when.getUTCMonth()]} ${when.getUTCFullYear()}`;
    const next = this.page.getByRole('button', { name: 'Next month' });
    await next.waitFor();
    const dayButton = this.page.getByRole('button', { name: day, exact: true }).first();
    if ((await dayButton.count()) === 0) await next.click();
    await dayButton.click();
    await this.page.getByRole('spinbutton', { name: 'Hours' }).fill(String(when.getUTCHours()).padStart(2, '0'));
    await this.page.getByRole('spinbutton', { name: 'Minutes' }).fill(String(when.getUTCMinutes()).padStart(2, '0'));
    await this.page.getByRole('button', { name: 'Confirm date and time' }).click();
  }

  get recipientCount() {
    return this.page.getByTestId('recipient-count');
  }

  get problem() {
    return this.page.getByTestId('send-problem');
  }

  /** The progress card of the newest send. */
  get jobState() {
    return this.page.getByTestId('job-state').first();
  }
}

/** Outbox jobs as stored in the page's IndexedDB (the drainer's progress and the Idempotency-Key's jobId). */
export async function outboxJobs(
  page: Page,
): Promise<Array<{ id: string; state: string; sent: number; total: number; split: boolean }>> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('bulk-sms');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('outboxJobs').objectStore('outboxJobs').getAll();
          read.onsuccess = () => {
            resolve(read.result);
            db.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** The send form's stored draft (debounced writes land here). */
export async function storedDraftText(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('bulk-sms');
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('drafts').objectStore('drafts').getAll();
          read.onsuccess = () => {
            const first = read.result[0] as { fields?: { text?: string } } | undefined;
            resolve(first?.fields?.text ?? null);
            db.close();
          };
        };
      }),
  );
}

/** Every record of one IndexedDB store of the app (the draft's sheet, the draft), as the page holds them. */
export async function storedRecords<T = Record<string, unknown>>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('bulk-sms');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction(name).objectStore(name).getAll();
          read.onsuccess = () => {
            resolve(read.result as T[]);
            db.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
    store,
  );
}
