import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logoPng } from '../../server/src/images/png';
import type { Page } from 'playwright-core';
import { sendItem, uniqueUser } from '../unit/support/factories';
import { appManifest, DESKTOP, newPage, PHONE, serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiCall, apiLogin, apiSend, apiSignUp } from './support/api-accounts';

describe('the profile: sender IDs, account type, API key, reseller promo', () => {
  // The service worker's install is blocked in the kept context and the visitor's (screens and actions);
  // the offline test's fresh context keeps it, for its reload offline.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  /** Signed in on the profile: in the kept context, unless a fresh one is asked for. */
  async function openProfile(who: string, password: string, host?: string, viewport = DESKTOP, fresh = false) {
    const { page, context, send } = fresh
      ? await world.openSignedIn({ who, password, host, viewport, serviceWorkers: 'allow' })
      : await world.openSignedInKept({ who, password, host, viewport });
    await send.shell.visit(world.gateway.url('/profile', host), 'Profile');
    return { page, context, send, shell: send.shell };
  }
  const section = (page: Page, name: string) => page.getByRole('region', { name });

  it('requests sender IDs with each refusal message; approved by profile 6, the ID is offered in the send form', async () => {
    const who = uniqueUser('prof');
    await apiSignUp(world.gateway, { ...who, cname: 'Profile Traders' });
    const { page, send, shell } = await openProfile(who.username, who.password);
    await section(page, 'Your account').getByText(who.email).waitFor();
    const request = section(page, 'Request sender IDs');
    const ask = async (ids: string) => {
      await request.getByLabel('Sender IDs').fill(ids);
      await request.getByRole('button', { name: 'Request approval' }).click();
    };
    // Each problem on the field, said once (not also as an alert).
    await ask(' , ');
    await shell.saidInline('No senderId provided', request);
    await ask('SHOP,TOOLONGSENDER');
    await shell.saidInline(
      'Each senderId must have a maximum character length of eleven(11), please check TOOLONGSENDER',
      request,
    );
    await ask('0244123');
    await shell.saidInline('Sorry we dont accept numbers only as sender ids', request);
    await ask(' MYSHOP , MYSHOP ,Deals ');
    await shell.alert('Sender ID request sent: MYSHOP, Deals awaiting approval').waitFor();
    const pending = section(page, 'Your account');
    await pending.getByText('MYSHOP').waitFor();
    await pending.getByText('Deals').waitFor();

    const sup = await apiLogin(world.gateway, 'supervisor', 'supervisor123');
    const me = await apiLogin(world.gateway, who.username, who.password);
    const approved = await apiCall(
      world.gateway,
      'approvesenderid',
      { profile_id: 6, id: me.profile_id, pendingsenderid: 'MYSHOP' },
      sup.token,
    );
    expect(approved.userInfo.senderidapproved).toBe('MYSHOP');
    await page.goto(world.gateway.url('/'));
    await send.heading.waitFor();
    // fetchuser on return brings the approval; the single approved ID is preselected.
    await page.reload();
    await expect.poll(() => send.selectValue('Sender ID'), { timeout: 15_000 }).toBe('MYSHOP');
  });

  it('shows the account type change to parents 6 and 1 only, with the prices before confirming', async () => {
    const demo = await openProfile('demouser', 'demo12345');
    const card = section(demo.page, 'Account type');
    await card.getByRole('combobox', { name: 'Account type' }).click();
    await demo.page.getByRole('option', { name: 'PREMIUM', exact: true }).click();
    await card.getByRole('button', { name: 'Change account type' }).click();
    const dialog = demo.page.getByRole('dialog', { name: 'Change to PREMIUM?' });
    await dialog.getByRole('table', { name: 'SMS prices (PREMIUM)' }).getByText('74,627').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await demo.shell.alert('Your account type is now PREMIUM').waitFor();
    await section(demo.page, 'Your account').getByText('PREMIUM').waitFor();

    // A reseller's client (supid 8): no account type change offered.
    const acme = await openProfile('acmeclient', 'client12345', 'acme.localhost');
    await section(acme.page, 'Request sender IDs').waitFor();
    expect(await section(acme.page, 'Account type').count()).toBe(0);
  });

  it('generates a new API key shown once, which sends; the previous key is refused by sendsms', async () => {
    const { page } = await openProfile('demouser', 'demo12345');
    const card = section(page, 'API key');
    const generate = async () => {
      await card.getByRole('button', { name: 'Generate a new API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate a new API key?' });
      await dialog.getByText('Your current API key stops working at once').waitFor();
      await dialog.getByRole('button', { name: 'Generate' }).click();
      await dialog.waitFor({ state: 'detached' });
      return (await card.getByTestId('api-key').textContent())!.trim();
    };
    const first = await generate();
    expect(first).toMatch(/^sk_/);
    await card.getByText('curl -X POST').waitFor();
    const item = sendItem({ destinationAddress: '233241777001' });
    expect((await apiSend(world.gateway, first, [item])).creditbalance).toBeGreaterThan(0);
    const second = await generate();
    expect(second).not.toBe(first);
    expect((await apiSend(world.gateway, first, [item])).error).toEqual({ status: 'failed', message: 'Invalid Token' });
    expect((await apiSend(world.gateway, second, [item])).creditbalance).toBeGreaterThan(0);
  });

  it('shows the reseller promo with the volume table to a client of profile 6, and makes it a reseller; fits a phone', async () => {
    const who = uniqueUser('resell');
    await apiSignUp(world.gateway, { ...who, cname: 'Future Reseller' });
    const { page, shell } = await openProfile(who.username, who.password, undefined, PHONE);
    const promo = section(page, 'Become a reseller');
    await promo.getByRole('table', { name: 'Reseller rates' }).getByText('0.025').waitFor();
    await page.screenshot({ path: 'test-results/screens/profile-390.png', fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // Asked first, saying what changes; Cancel changes nothing.
    await promo.getByRole('button', { name: 'Become a reseller' }).click();
    const confirm = page.getByRole('dialog', { name: 'Become a reseller?' });
    await confirm
      .getByText(/you buy credit at the reseller volume rates above instead of your current REGULAR prices/)
      .waitFor();
    await confirm.getByText(/A Client management page joins your menu/).waitFor();
    await confirm.getByText(/A domain to set up/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await section(page, 'Account type').getByRole('combobox', { name: 'Account type' }).inputValue()).toBe(
      'REGULAR',
    );
    await promo.getByRole('button', { name: 'Become a reseller' }).click();
    await confirm.getByRole('button', { name: 'Become a reseller' }).click();
    await shell.alert('You are now a reseller').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await section(page, 'Your reseller rates')
      .getByText(/Your applicable rate: GHS 0\.025/)
      .waitFor();
    // The account type shown follows the change.
    expect(await section(page, 'Account type').getByRole('combobox', { name: 'Account type' }).inputValue()).toBe(
      'RESELLER',
    );
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: 'test-results/screens/profile-1280.png', fullPage: true });
  });

  it('becomes a reseller, brands its own *.localhost domain with a name, logo and REGULAR prices, and a visitor there sees them', async () => {
    const who = uniqueUser('brand');
    const host = `${who.username.toLowerCase()}.localhost`;
    await apiSignUp(world.gateway, { ...who, cname: 'Brand Owner' });
    const { page, shell } = await openProfile(who.username, who.password);
    await section(page, 'Become a reseller').getByRole('button', { name: 'Become a reseller' }).click();
    await page
      .getByRole('dialog', { name: 'Become a reseller?' })
      .getByRole('button', { name: 'Become a reseller' })
      .click();
    const settings = section(page, 'Your white-label platform');
    await settings.waitFor();
    await settings.getByLabel('Domain', { exact: true }).fill(host);
    await settings.getByLabel('Company name').fill('Kumasi Texts');
    // The image rule, then a real logo.
    const notes = join(world.scratch, 'notes.txt');
    const logo = join(world.scratch, 'logo.png');
    writeFileSync(notes, 'not an image');
    writeFileSync(logo, logoPng(64, [20, 90, 60], [250, 250, 250]));
    const logoInput = settings.locator('input[type="file"]').first();
    await logoInput.setInputFiles(notes);
    await shell.saidInline('Kindly select an image file', settings);
    await logoInput.setInputFiles(logo);
    await settings.getByRole('img', { name: 'Logo preview' }).waitFor();
    // The tier rule: a zero rate is not saved.
    const regular = settings.getByRole('group', { name: 'REGULAR prices' });
    await regular.getByRole('button', { name: 'Add a regular price' }).click();
    const rows = await regular.getByLabel(/^REGULAR price \d+$/).count();
    expect(await regular.getByLabel(`REGULAR expiry ${rows}`, { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await regular.getByLabel(`REGULAR rate ${rows}`, { exact: true }).inputValue()).toBe('0.048');
    await regular.getByLabel(`REGULAR price ${rows}`, { exact: true }).fill('5000');
    await regular.getByLabel(`REGULAR rate ${rows}`, { exact: true }).fill('0');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await shell.alert('Each price needs a numeric price and a numeric rate that is not zero').waitFor();
    await regular.getByLabel(`REGULAR rate ${rows}`, { exact: true }).fill('0.02');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await shell.alert(`Domain ${host} created`).waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await settings.screenshot({ path: `test-results/screens/reseller-settings-${width}.png` });
    }

    const visitor = await newPage(world.browser, { serviceWorkers: 'block' });
    await visitor.page.goto(world.gateway.url('/login', host));
    await visitor.page.getByRole('heading', { name: 'Kumasi Texts', level: 1 }).waitFor();
    await visitor.page.getByRole('img', { name: 'Kumasi Texts logo' }).waitFor();
    const prices = visitor.page.getByRole('table', { name: 'SMS prices (REGULAR)' });
    await prices.getByText('250,000').waitFor(); // GHS 5000 at 0.02
    await expect.poll(() => visitor.page.title()).toBe('Kumasi Texts');
    expect((await appManifest(visitor.page)).name).toBe('Kumasi Texts');
    await visitor.context.close();

    // A real domain must be verified: the TXT record to publish is shown, and still there after a reload.
    await settings.getByLabel('Domain', { exact: true }).fill(`sms.${host.replace('.localhost', '')}.example`);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    const verify = settings.getByRole('alert').filter({ hasText: 'Verify your domain' });
    await verify.getByText(/_bulksms-verification\.sms\..*TXT\s+"bulksms-verify=/).waitFor();
    await page.reload();
    await section(page, 'Your white-label platform')
      .getByRole('alert')
      .filter({ hasText: 'Verify your domain' })
      .getByRole('button', { name: 'Verify' })
      .waitFor();
  });

  it("gives the referral code a share link that fills the code into a friend's sign-up", async () => {
    const { page } = await openProfile('demouser', 'demo12345');
    const account = section(page, 'Your account');
    await account.getByRole('button', { name: 'Copy share link' }).waitFor();
    const code = (await account.getByText(/^[0-9A-F]{10}$/).textContent())!.trim();
    const friend = await world.openKept();
    await friend.page.goto(world.gateway.url(`/signup?referral=${code}`));
    await expect.poll(() => friend.page.getByLabel('Referral code (optional)').inputValue()).toBe(code);
  });

  it('shows the stored profile offline, with the note, and asks for a connection to change it', async () => {
    const { page, context } = await openProfile('demouser', 'demo12345', undefined, DESKTOP, true);
    // Offline reloads come from the service worker: wait until it controls the page.
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByText('This is your profile as stored on this device. Changes need a connection').waitFor();
    await section(page, 'Your account').getByText('demo@example.com').waitFor();
    expect(
      await section(page, 'Request sender IDs').getByRole('button', { name: 'Request approval' }).isDisabled(),
    ).toBe(true);
    expect(await section(page, 'API key').getByRole('button', { name: 'Generate a new API key' }).isDisabled()).toBe(
      true,
    );
    await context.close();
  });
});
