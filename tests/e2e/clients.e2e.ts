import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { uniqueUser } from '../unit/support/factories';
import { apiCall, apiLogin, apiSignUp } from './support/api-accounts';
import { downloadedSheet } from './support/downloads';

describe('client management: sender-ID approval, credit for clients, the client list and the exports', () => {
  // The service worker's install is blocked in the kept context (screens and actions); the offline test's
  // fresh context keeps it, for its reload offline.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  /** Signed in on Client management: in the kept context, unless a fresh one is asked for. */
  async function openAs(who: string, password: string, host?: string, { viewport = DESKTOP, fresh = false } = {}) {
    const { page, context, send } = fresh
      ? await world.openSignedIn({ who, password, host, viewport, serviceWorkers: 'allow' })
      : await world.openSignedInKept({ who, password, host, viewport });
    await send.shell.visit(world.gateway.url('/clientmanagement', host), 'Client management');
    return { page, context, shell: send.shell };
  }

  const section = (page: Page, name: string) => page.getByRole('region', { name });
  const balance = (page: Page) => page.getByLabel('Credit balance');

  it("lets profile 6 approve a client's pending sender ID, which the client can then choose in the send form", async () => {
    const { page, shell } = await openAs('supervisor', 'supervisor123');
    const pending = section(page, 'Pending sender IDs');
    await pending.getByRole('group', { name: 'Sender IDs requested by demouser' }).getByText('PROMO').waitFor();
    expect(await page.getByRole('button', { name: 'Sender IDs are awaiting approval' }).count()).toBe(1);
    await pending.getByRole('button', { name: 'Approve PROMO for demouser' }).click();
    await shell.alert('Sender ID PROMO approved for demouser').waitFor();
    await pending.getByText('No sender IDs are awaiting approval.').waitFor();
    // The header's indicator follows: green once nothing waits.
    await page.getByRole('button', { name: 'No sender IDs awaiting approval' }).waitFor();

    const client = await world.openSignedInKept();
    await client.send.choose('Sender ID', 'PROMO');
    expect(await client.send.selectValue('Sender ID')).toBe('PROMO');
  });

  it("shows a reseller its clients' pending IDs without Approve or Reject, and profile 6 sees them too", async () => {
    const acme = await apiLogin(world.gateway, 'acmeclient', 'client12345', 'acme.localhost');
    const asked = await apiCall(
      world.gateway,
      'senderidrequest',
      { profile_id: acme.profile_id, pendingsenderid: 'ACMEDEALS' },
      acme.token,
      'acme.localhost',
    );
    expect(asked.userInfo.pendingsenderid).toBe('ACMEDEALS');

    const reseller = await openAs('acmeadmin', 'acme12345', 'acme.localhost');
    const pending = section(reseller.page, 'Pending sender IDs');
    await pending.getByRole('group', { name: 'Sender IDs requested by acmeclient' }).getByText('ACMEDEALS').waitFor();
    await pending.getByText('These requests are decided by the platform.').waitFor();
    expect(await pending.getByRole('button').count()).toBe(0);

    const sup = await openAs('supervisor', 'supervisor123');
    const group = section(sup.page, 'Pending sender IDs').getByRole('group', {
      name: 'Sender IDs requested by acmeclient',
    });
    await group.getByText('client of acmeadmin').waitFor();
    await group.getByRole('button', { name: 'Reject ACMEDEALS for acmeclient' }).click();
    await sup.shell.alert('Sender ID ACMEDEALS rejected for acmeclient').waitFor();
    await group.waitFor({ state: 'detached' });
  });

  it('gives credit by amount with each refusal message, and both balances follow', async () => {
    const { page, shell } = await openAs('acmeadmin', 'acme12345', 'acme.localhost');
    const give = section(page, 'Give credit');
    const before = await balance(page).textContent();
    const clients = section(page, 'Clients');
    await clients.getByText('acmeclient').waitFor();
    const clientBefore = (await apiLogin(world.gateway, 'acmeclient', 'client12345', 'acme.localhost'))
      .creditbalance as number;

    await give.getByLabel('Username or email').fill('nobody-here');
    await give.getByLabel('Amount (credits)').fill('250');
    await give.getByRole('button', { name: 'Give credit' }).click();
    // Each problem on its field, said once (not also as an alert).
    await shell.saidInline('User not found', give);
    // Only exact names: a near miss is not a beneficiary.
    await give.getByLabel('Username or email').fill('acmeclien');
    await give.getByRole('button', { name: 'Give credit' }).click();
    await give.getByText('User not found').waitFor();

    await give.getByLabel('Username or email').fill('client@acme.example.com');
    await give.getByLabel('Amount (credits)').fill('2x5');
    await give.getByRole('button', { name: 'Give credit' }).click();
    await shell.saidInline('Amount must be a number', give);

    await give.getByLabel('Amount (credits)').fill('250');
    await give.getByRole('button', { name: 'Give credit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm credit' });
    await dialog.getByText('250 credits').waitFor();
    await dialog.getByText('acmeclient').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await shell.alert('250 credits given to acmeclient').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The reseller hands over credit it holds: its balance falls by what the client gains.
    const parse = (t: string | null) => Number((t ?? '').replace(/[^\d]/g, ''));
    await expect.poll(async () => parse(await balance(page).textContent())).toBe(parse(before) - 250);
    await clients.getByText(`${(clientBefore + 250).toLocaleString('en-US')} credits`).waitFor();
    expect((await apiLogin(world.gateway, 'acmeclient', 'client12345', 'acme.localhost')).creditbalance).toBe(
      clientBefore + 250,
    );

    // The client's history counts the gift in credits and says who gave it, in words.
    const client = await world.openSignedInKept({ who: 'acmeclient', password: 'client12345', host: 'acme.localhost' });
    await client.send.shell.visit(
      world.gateway.url('/credithistory', 'acme.localhost'),
      'SMS credits purchase history',
    );
    const history = client.page.getByRole('list', { name: 'SMS credits purchase history' });
    await history.getByText('250 credits given by acmeadmin').waitFor();
    expect(await history.getByText('GHS 250.00').count()).toBe(0);
  });

  it('gives credit by rate (a local account) as ceil(amount / rate) credits, with the rate message first', async () => {
    const { page, shell } = await openAs('supervisor', 'supervisor123');
    const give = section(page, 'Give credit');
    await give.getByText('By rate').click();
    await give.getByLabel('Username or email').fill('demouser');
    await give.getByLabel('Amount (GHS)').fill('abc');
    await give.getByLabel('Rate (GHS per SMS)').fill('0.0x3');
    await give.getByRole('button', { name: 'Give credit' }).click();
    await shell.saidInline('Rate must be a number', give);
    await give.getByLabel('Rate (GHS per SMS)').fill('0.03');
    await give.getByRole('button', { name: 'Give credit' }).click();
    await shell.saidInline('Amount must be a number', give);
    await give.getByLabel('Amount (GHS)').fill('10');
    await give.getByRole('button', { name: 'Give credit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm credit' });
    await dialog.getByText('334 credits').waitFor();
    await dialog.getByText('GHS 10 at 0.03 per SMS.').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await shell.alert('334 credits given to demouser').waitFor();
  });

  it('searches the clients and exports the customer data with formula-like cells neutralised', async () => {
    const who = uniqueUser('xls');
    const company = '=HYPERLINK("http://evil.example","Click")';
    await apiSignUp(world.gateway, { ...who, cname: company });

    const { page } = await openAs('supervisor', 'supervisor123');
    const clients = section(page, 'Clients');
    await clients.getByText(who.username).waitFor();
    await clients.getByLabel('Search clients').fill(who.email.toUpperCase());
    await expect.poll(() => clients.getByRole('listitem').count()).toBe(1);
    await clients.getByLabel('Search clients').fill('');

    const { sheet, rows } = await downloadedSheet<(string | number)[]>(
      page,
      clients.getByRole('button', { name: 'Export customer data (Excel)' }),
    );
    expect(rows[0]).toEqual([
      'Username',
      'Company',
      'Email',
      'Phone',
      'Account type',
      'Credit balance',
      'International balance (USD)',
      'Credit expires',
      'Approved sender IDs',
      'Pending sender IDs',
      'Joined',
    ]);
    const mine = rows.find((r) => r[0] === who.username)!;
    expect(mine.slice(0, 6)).toEqual([who.username, `'${company}`, who.email, who.phone, 'REGULAR', 10]);
    expect(sheet['B' + (rows.indexOf(mine) + 1)]?.f).toBeUndefined();
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(['demouser', 'acmeadmin']));
  });

  it('loads the platform numbers page by page for profile 6 and exports them', async () => {
    const { page } = await openAs('supervisor', 'supervisor123');
    const numbers = section(page, 'Numbers');
    await numbers.getByText('Total numbers loaded 0').waitFor();
    await numbers.getByRole('button', { name: 'Load numbers' }).click();
    await numbers
      .getByTestId('numbers-loaded')
      .filter({ hasText: /Total numbers loaded [1-9]/ })
      .waitFor();
    const loaded = await numbers.getByTestId('numbers-loaded').textContent();
    const [count, total] = (/loaded ([\d,]+) of ([\d,]+)/.exec(loaded ?? '') ?? [])
      .slice(1)
      .map((n) => Number(n!.replace(/,/g, '')));
    expect(count).toBe(Math.min(1000, total!));
    if (total! > 1000) await numbers.getByRole('button', { name: 'Load more numbers' }).click();
    else await numbers.getByText('All numbers are loaded.').waitFor();

    const { rows } = await downloadedSheet(page, numbers.getByRole('button', { name: 'Export numbers (Excel)' }));
    expect(rows[0]).toEqual(['numbers']);
    expect(rows.length - 1).toBeGreaterThanOrEqual(count!);
    // Not profile 6: no numbers section.
    const reseller = await openAs('acmeadmin', 'acme12345', 'acme.localhost');
    expect(await section(reseller.page, 'Numbers').count()).toBe(0);
  });

  it('shows the stored list offline with the note, and asks for a connection to act; fits a phone', async () => {
    const { page, context } = await openAs('supervisor', 'supervisor123', undefined, { viewport: PHONE, fresh: true });
    await section(page, 'Clients').getByText('demouser').waitFor();
    // Offline reloads come from the service worker: wait until it controls the page.
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByText('This is the client list stored on this device', { exact: false }).waitFor();
    await section(page, 'Clients').getByText('demouser').waitFor();
    expect(await section(page, 'Give credit').getByRole('button', { name: 'Give credit' }).isDisabled()).toBe(true);
    await section(page, 'Give credit').getByText('Giving credit needs a connection.').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
