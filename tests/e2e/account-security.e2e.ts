// Account security in the browser: two-step sign-in set up from the profile with a code computed here
// from the shown secret, a sign-in with it, another device signed out, and the audit log read and
// exported, at 1280 and 390 px.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueUser } from '../unit/support/factories';
import { DESKTOP, newPage, PHONE } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiCall, apiLogin, apiSignUp } from './support/api-accounts';
import { downloadedSheet } from './support/downloads';
import { LoginPage } from './support/pages/login-page';
import { SendPage } from './support/pages/send-page';

/** The code of the step after this one: one step of drift is allowed, and it differs from the code just used. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
const currentCode = (secret: string) => generate({ secret });

describe('account security: two-step sign-in, signed-in devices, the audit log', () => {
  const world = useGatewayAndBrowser();
  const section = (page: Page, name: string) => page.getByRole('region', { name });
  const overflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it('at 1280 px: sets two-step up, signs another device out, signs in with a code, reads and exports the log', async () => {
    const who = uniqueUser('sec');
    await apiSignUp(world.gateway, { ...who, cname: 'Security Co' });
    const otherDevice = await apiLogin(world.gateway, who.username, who.password);
    const { page, context, send } = await world.openSignedIn({
      serviceWorkers: 'block',
      who: who.username,
      password: who.password,
      viewport: DESKTOP,
    });
    await send.shell.visit(world.gateway.url('/profile'), 'Profile');

    // Set up: the secret shown as text, the first code computed from it.
    const twoStep = section(page, 'Two-step sign-in');
    await twoStep.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await twoStep.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await twoStep.getByTestId('two-step-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await twoStep.getByLabel('Code from the app').fill('000000');
    await twoStep.getByRole('button', { name: 'Confirm and turn on' }).click();
    await send.shell.alert(/^Wrong code/).waitFor();
    await twoStep.getByLabel('Code from the app').fill(await currentCode(secret));
    await twoStep.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = twoStep.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.screenshot({ path: 'test-results/screens/two-step-codes-1280.png', fullPage: true });
    await twoStep.getByRole('button', { name: 'Done' }).click();
    await twoStep.getByText('Two-step sign-in is on', { exact: false }).waitFor();

    // Signed-in devices (the sign-up's, the other device's and this one), this one marked; the other
    // device (the most recent of the rest, so listed first) signed out: its next call is Invalid Token.
    const devices = section(page, 'Signed-in devices');
    await devices.getByText('This device').waitFor();
    const items = devices.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(3);
    const other = items.filter({ hasNot: page.getByText('This device') }).first();
    await other.getByRole('button', { name: /^Sign out device \d+: / }).click();
    await send.shell.alert('That device has been signed out').waitFor();
    await expect.poll(() => items.count()).toBe(2);
    const ended = await apiCall(world.gateway, 'fetchuser', { profile_id: otherDevice.profile_id }, otherDevice.token);
    expect(ended.message).toBe('Invalid Token');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/screens/account-security-profile-1280.png', fullPage: true });

    // A new sign-in asks for the code.
    const fresh = await newPage(world.browser, { serviceWorkers: 'block', viewport: DESKTOP });
    const login = await new LoginPage(fresh.page).open(world.gateway.url('/login'));
    await login.logIn(who.username, who.password);
    await fresh.page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await fresh.page.getByLabel('Two-step code').fill('123456');
    await fresh.page.getByRole('button', { name: 'Verify' }).click();
    await new SendPage(fresh.page).shell.alert(/^Wrong code/).waitFor();
    await fresh.page.getByLabel('Two-step code').fill(await nextCode(secret));
    await fresh.page.getByRole('button', { name: 'Verify' }).click();
    const signedIn = new SendPage(fresh.page);
    await signedIn.heading.waitFor();

    // The audit log, from the side menu: what was just done, filtered, and exported.
    await signedIn.shell.menu.getByRole('link', { name: 'Audit log' }).click();
    const log = fresh.page;
    await log.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const table = log.getByRole('table', { name: 'Audit log entries' });
    for (const action of ['Two-step sign-in turned on', 'Session signed out', 'Signed in', 'Failed sign-in'])
      await table.getByRole('cell', { name: action, exact: true }).first().waitFor();
    await log.getByRole('combobox', { name: 'Action' }).click();
    await log.getByRole('option', { name: 'Two-step sign-in turned on', exact: true }).click();
    await log.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await log.getByLabel('From', { exact: true }).fill('2020-01-01');
    await log.getByRole('button', { name: 'Show' }).click();
    await signedIn.shell.alert('Please choose a date range of at most 366 days').waitFor();
    await log.getByLabel('From', { exact: true }).fill('');
    await log.getByRole('button', { name: 'Show' }).click();
    const { rows } = await downloadedSheet(log, log.getByRole('button', { name: 'Export to Excel' }));
    expect(rows[0]).toEqual(['When', 'Who', 'Action', 'Details', 'IP address', 'Device']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['Two-step sign-in turned on']);
    expect(rows[1]?.[1]).toBe(who.username);
    expect(await overflow(log)).toBeLessThanOrEqual(0);
    await log.getByLabel('From', { exact: true }).blur();
    await log.screenshot({ path: 'test-results/screens/audit-log-1280.png', fullPage: true });
    await fresh.context.close();
    await context.close();
  });

  it('at 390 px: signs in with a recovery code, fits the profile and the log on a phone', async () => {
    const who = uniqueUser('secp');
    await apiSignUp(world.gateway, { ...who, cname: 'Security Co' });
    const first = await apiLogin(world.gateway, who.username, who.password);
    const started = await apiCall(world.gateway, 'twostepstart', { profile_id: first.profile_id }, first.token);
    const confirmed = await apiCall(
      world.gateway,
      'twostepconfirm',
      { profile_id: first.profile_id, code: await currentCode(started.secret) },
      first.token,
    );
    const recovery = confirmed.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);

    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block', viewport: PHONE });
    const login = await new LoginPage(page).open(world.gateway.url('/login'));
    await login.logIn(who.username, who.password);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByLabel('Two-step code').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/screens/two-step-login-390.png', fullPage: true });
    await page.getByLabel('Two-step code').fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    const send = new SendPage(page);
    await send.heading.waitFor();

    await send.shell.visit(world.gateway.url('/profile'), 'Profile');
    const devices = section(page, 'Signed-in devices');
    await devices.getByText('This device').waitFor();
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(3);
    await devices.getByRole('button', { name: 'Sign out all other devices' }).click();
    await send.shell.alert('Every other device has been signed out').waitFor();
    const ended = await apiCall(world.gateway, 'fetchuser', { profile_id: first.profile_id }, first.token);
    expect(ended.message).toBe('Invalid Token');
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
    await section(page, 'Two-step sign-in').getByRole('button', { name: 'Turn off' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/screens/account-security-profile-390.png', fullPage: true });

    await send.shell.visit(world.gateway.url('/auditlog'), 'Audit log');
    const list = page.getByRole('list', { name: 'Audit log entries' });
    await list.getByText('Recovery code used').waitFor();
    await list.getByText('Two-step sign-in turned on').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/screens/audit-log-390.png', fullPage: true });
    await context.close();
  });
});
