import type { Page } from 'playwright-core';
import { SendPage } from './send-page';

/** The login screen, by what a user sees: its heading, logo and fields. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(url: string) {
    await this.page.goto(url);
    await this.emailOrUsername.waitFor();
    return this;
  }

  get companyName() {
    return this.page.getByRole('heading', { level: 1 });
  }

  logo(companyname: string) {
    return this.page.getByRole('img', { name: `${companyname} logo` });
  }

  get emailOrUsername() {
    return this.page.getByLabel(/^Email or username/);
  }

  get password() {
    return this.page.getByLabel(/^Password/);
  }

  get loginButton() {
    return this.page.getByRole('button', { name: 'Login' });
  }

  /** Fills the open form and presses Login, whatever the answer (a refusal stays here). */
  async logIn(who: string, password: string) {
    await this.emailOrUsername.fill(who);
    await this.password.fill(password);
    await this.loginButton.click();
  }

  /** Signs in on the open form: the Send SMS form every account lands on, once the shell and the form show. */
  async signInHere(who: string, password: string): Promise<SendPage> {
    await this.logIn(who, password);
    const send = new SendPage(this.page);
    await send.shell.menu.waitFor({ state: 'attached' });
    await send.heading.waitFor();
    await send.submitButton.waitFor();
    return send;
  }

  /** Opens the login screen at `url` and signs in (the demo client unless told): the Send SMS form. */
  async signIn(url: string, who = 'demouser', password = 'demo12345'): Promise<SendPage> {
    await this.open(url);
    return this.signInHere(who, password);
  }
}
