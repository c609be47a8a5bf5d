import type { Page } from 'playwright-core';

/** The login screen, by what a user sees: its heading, logo and fields. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(url: string) {
    await this.page.goto(url);
    await this.emailOrUsername.waitFor();
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

  get submit() {
    return this.page.getByRole('button', { name: 'Login' });
  }

  /** Opens the login screen at `url`, signs in, and waits for the signed-in shell's menu. */
  async signIn(url: string, who: string, password: string) {
    await this.open(url);
    await this.emailOrUsername.fill(who);
    await this.password.fill(password);
    await this.submit.click();
    await this.page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'attached' });
  }
}
