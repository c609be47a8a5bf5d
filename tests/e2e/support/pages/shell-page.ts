import type { Page } from 'playwright-core';

/** The signed-in page shell: side menu, header, user menu, alerts. */
export class ShellPage {
  constructor(readonly page: Page) {}

  get menu() {
    return this.page.getByRole('navigation', { name: 'Main menu' });
  }

  async menuLabels(): Promise<string[]> {
    await this.menu.waitFor({ state: 'attached' });
    return (await this.menu.getByRole('link').allTextContents()).map((t) => t.trim());
  }

  accountMenu(username: string) {
    return this.page.getByRole('button', { name: `Account menu for ${username}` });
  }

  async signOutWide(username: string) {
    await this.accountMenu(username).click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }

  alert(text: string | RegExp) {
    return this.page.getByRole('region', { name: 'Notifications' }).getByText(text);
  }
}
