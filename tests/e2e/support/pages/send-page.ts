import type { Page } from 'playwright-core';
import { ShellPage } from './shell-page';
import { CONFIRM_OVER_RECIPIENTS } from '../../../../src/domain/send/send-confirm';

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

  get heading() {
    return this.page.getByRole('heading', { name: 'Send SMS', level: 1 });
  }

  get submitButton() {
    return this.page.getByRole('button', { name: /^(Send Message|Register (scheduled|recurring|birthday) sms)$/ });
  }

  /**
   * Clicks Send once the summary follows the text, as a user sees it before clicking: a line
   * that changes length may move the button, and a click across that move reaches no button.
   */
  async submit() {
    await this.page.locator('[data-testid="send-summary"][aria-busy="false"]').waitFor();
    await this.submitButton.click();
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

  /** The dialog a large or costly send asks in before it goes. */
  get confirmation() {
    return this.page.getByRole('dialog', { name: 'Confirm this send' });
  }

  /** Says yes to the confirmation of a large send: its button is the form's own (Send Message, ...). */
  async confirmSend() {
    await this.confirmation
      .getByRole('button', { name: /^(Send Message|Register (scheduled|recurring|birthday) sms)$/ })
      .click();
    await this.confirmation.waitFor({ state: 'detached' });
  }

  /** Queues a quick regular send from DEMO to these numbers, confirming it when it is large. */
  async queueQuickSend(numbers: readonly string[], text: string) {
    await this.choose('Sender ID', 'DEMO');
    await this.numbers.fill(numbers.join('\n'));
    await this.message.fill(text);
    await this.submit();
    if (numbers.length > CONFIRM_OVER_RECIPIENTS) await this.confirmSend();
  }

  /** The origin-wide outbox drainer lock as the browser reports it: who holds it, how many wait. */
  drainerLocks() {
    return this.page.evaluate(async () => {
      const state = await navigator.locks.query();
      const mine = (l: { name?: string }) => l.name === 'outbox-drainer';
      return { held: (state.held ?? []).filter(mine).length, pending: (state.pending ?? []).filter(mine).length };
    });
  }
}
