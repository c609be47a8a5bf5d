import type { Locator, Page } from 'playwright-core';

/** The signed-in page shell: side menu, header, user menu, alerts. */
export class ShellPage {
  constructor(readonly page: Page) {}

  /** Goes to a screen of the app by its address and waits for its title (the page's h1). */
  async visit(url: string, title: string) {
    await this.page.goto(url);
    await this.page.getByRole('heading', { name: title, level: 1 }).waitFor();
  }

  get menu() {
    return this.page.getByRole('navigation', { name: 'Main menu' });
  }

  async menuLabels(): Promise<string[]> {
    await this.menu.waitFor({ state: 'attached' });
    // An item's label without its count badge (Approvals' campaigns waiting).
    return this.menu.getByRole('link').evaluateAll((links) =>
      links.map((link) => {
        const copy = link.cloneNode(true) as HTMLElement;
        for (const badge of copy.querySelectorAll('[data-menu-badge]')) badge.remove();
        return (copy.textContent ?? '').trim();
      }),
    );
  }

  /** What a menu item looks like: the current page's item and another's padding, height and background. */
  async menuLook() {
    await this.menu.getByRole('link').first().waitFor({ state: 'attached' });
    return this.menu.evaluate((nav) => {
      const look = (item: Element | null) => {
        if (!item) throw new Error('no such menu item');
        const style = getComputedStyle(item);
        return {
          padding: style.padding,
          height: Math.round(item.getBoundingClientRect().height),
          background: style.backgroundColor,
          color: style.color,
        };
      };
      return {
        current: look(nav.querySelector('a[aria-current="page"]')),
        other: look(nav.querySelector('a:not([aria-current="page"])')),
      };
    });
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

  /**
   * Closes the notifications showing, as a person does whose next button one covers (they sit top right,
   * over a screen's own top-right buttons, for their whole duration). Clicked in one step in the page: one
   * that closes by itself meanwhile is simply gone.
   */
  async closeAlerts() {
    await this.page
      .getByRole('region', { name: 'Notifications' })
      .evaluate((region) =>
        region.querySelectorAll<HTMLButtonElement>('button[aria-label="Close notification"]').forEach((b) => b.click()),
      );
  }

  /** A problem said once: on the screen (on its field, beside its button), and not also as an alert. */
  async saidInline(text: string | RegExp, where: Locator = this.page.getByRole('main')) {
    await where.getByText(text).first().waitFor();
    const alerts = await this.alert(text).count();
    if (alerts > 0) throw new Error(`"${String(text)}" is also an alert`);
  }
}
