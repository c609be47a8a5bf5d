import type { Page } from 'playwright-core';
import { ShellPage } from './shell-page';

export interface SignupData {
  username: string;
  company?: string;
  email: string;
  phone: string;
  password: string;
  confirm?: string;
}

/** The sign-up form and its validation screen. */
export class SignupPage {
  readonly shell: ShellPage;
  constructor(readonly page: Page) {
    this.shell = new ShellPage(page);
  }

  field(label: string) {
    return this.page.getByLabel(new RegExp(`^${label}`));
  }

  get register() {
    return this.page.getByRole('button', { name: 'Register' });
  }

  async fill(data: SignupData) {
    await this.field('Username').fill(data.username);
    await this.field('Company name').fill(data.company ?? 'E2E Traders');
    await this.field('Email').fill(data.email);
    await this.field('Phone').fill(data.phone);
    await this.field('Password').fill(data.password);
    await this.field('Confirm password').fill(data.confirm ?? data.password);
    await this.field('Company name').focus(); // leaves the last field, as a user tabbing on would
  }

  /** The code digits: Mantine's PinInput is one input a digit. */
  async enterCode(code: string) {
    const first = this.page.getByRole('textbox').first();
    await first.click();
    await this.page.keyboard.type(code);
  }

  /** Enters the code and presses Validate: a right one signs the new account in (its shell), a wrong one stays. */
  async validate(code: string) {
    await this.enterCode(code);
    await this.page.getByRole('button', { name: 'Validate' }).click();
    return this.shell;
  }
}
