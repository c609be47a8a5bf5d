import type { Page } from 'playwright-core';
import { ShellPage } from './shell-page';

/** A message list (dashboard, scheduled, recurring) and the status page. */
export class MessagesPage {
  constructor(readonly page: Page) {}

  async open(url: string, title: string) {
    await new ShellPage(this.page).visit(url, title);
    return this;
  }

  list(title: string) {
    return this.page.getByRole('list', { name: title });
  }

  item(title: string, text: string | RegExp) {
    return this.list(title).getByRole('listitem').filter({ hasText: text });
  }

  get endText() {
    return this.page.getByText('Data fetch completed');
  }

  async search(text: string) {
    await this.page.getByRole('textbox', { name: 'Search' }).fill(text);
  }

  total(label: 'sent' | 'failed' | 'pending' | 'total') {
    return this.page.getByTestId(`total-${label}`);
  }

  get statusTable() {
    return this.page.getByRole('table', { name: 'Delivery status' });
  }
}
