import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPage, PHONE } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { LoginPage } from './support/pages/login-page';
import { ShellPage } from './support/pages/shell-page';
import { SignupPage } from './support/pages/signup-page';
import { uniqueUser } from '../unit/support/factories';
import { latestCode } from './support/carrier';
import { displayPhone } from '../../src/domain/numbers/phone-number';

describe('sign-up, login and password reset through the real gateway', () => {
  const world = useGatewayAndBrowser();

  /** The code the simulated carrier sent to `phone` after a time (ms), once it arrives. */
  async function codeSentTo(phone: string, after: number): Promise<string> {
    let code: string | null = null;
    await expect
      .poll(async () => (code = await latestCode(world.gateway, phone, after)), { timeout: 10_000 })
      .not.toBeNull();
    return code!;
  }

  /** Submits the login form, whatever the answer. */
  async function login(page: Page, who: string, password: string) {
    const form = await new LoginPage(page).open(world.gateway.url('/login'));
    await form.logIn(who, password);
  }

  it('signs up with the code from the SMS and lands signed in', async () => {
    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block' });
    const user = uniqueUser('sign');
    const signup = new SignupPage(page);
    await page.goto(world.gateway.url('/signup'));
    await signup.fill(user);
    const sentAfter = Date.now() - 1000;
    await signup.register.click();
    // The number in its shown form (docs/product.md#phone-numbers).
    await page.getByText(`Enter the 4-digit code sent to ${displayPhone(user.phone)}`).waitFor();
    const code = await codeSentTo(user.phone, sentAfter);
    // A wrong code first: the wrong-code text, and one attempt fewer.
    await signup.validate(code === '0000' ? '1111' : '0000');
    await signup.shell.alert('Wrong Code Entered, please re-enter code again or resend code again').waitFor();
    await page.getByText('6 attempts left').waitFor();
    const shell = await signup.validate(code);
    await shell.menu.waitFor({ state: 'attached' });
    await shell.accountMenu(user.username).waitFor();
    // 10 free SMS credits on sign-up.
    await expect.poll(() => page.getByLabel('Credit balance').textContent()).toBe('10 credits');
    await context.close();
  });

  it('shows each sign-up message as the user types, and keeps Register disabled', async () => {
    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block' });
    const signup = new SignupPage(page);
    await page.goto(world.gateway.url('/signup'));
    await signup.field('Username').fill('abc');
    await page.getByText('Username must be 5 or more characters').waitFor();
    await signup.field('Email').fill('not-an-email');
    await page.getByText('Invalid Email').waitFor();
    await signup.field('Phone').fill('02x4');
    await page.getByText('Mobile numbers must be only numbers').waitFor();
    await signup.field('Phone').fill('0244');
    await page.getByText('Mobile numbers not complete').waitFor();
    await signup.field('Password').fill('12345');
    await page.getByText('Password must be more six characters').waitFor();
    await signup.field('Confirm password').fill('1234');
    await page.getByText('Passwords do not match').waitFor();
    expect(await signup.register.isDisabled()).toBe(true);
    // A taken username is reported when the field is left.
    await signup.field('Username').fill('demouser');
    await signup.field('Company name').focus();
    await page
      .getByText(/already/i)
      .first()
      .waitFor();
    expect(await signup.register.isDisabled()).toBe(true);
    await context.close();
  });

  it.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])(
    'at %s px marks the phone as required and, left empty, says so on the field when Register is pressed',
    async (_, viewport) => {
      const { page, context } = await newPage(world.browser, { serviceWorkers: 'block', viewport });
      const signup = new SignupPage(page);
      await page.goto(world.gateway.url('/signup'));
      await signup.fill({ ...uniqueUser('nophone'), phone: '' });
      const phone = signup.field('Phone');
      expect(await phone.evaluate((input: HTMLInputElement) => input.required)).toBe(true);
      // Register does not wait for the phone (docs/product.md#sign-up); pressed, it says what is missing, on the field.
      expect(await signup.register.isDisabled()).toBe(false);
      await signup.register.click();
      await signup.shell.saidInline('Mobile numbers not complete', page.locator('form'));
      expect(await phone.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => phone.evaluate((input) => input === document.activeElement)).toBe(true);
      await phone.fill('0244123456');
      expect(await page.getByText('Mobile numbers not complete').count()).toBe(0);
      await context.close();
    },
  );

  it('logs in by username and by e-mail, and refuses a wrong password', async () => {
    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block' });
    await login(page, 'demouser', 'demo12345');
    const shell = new ShellPage(page);
    await shell.accountMenu('demouser').waitFor();
    await shell.signOutWide('demouser');
    // Main host: back to the landing page at /.
    await page.getByRole('heading', { name: 'Bulk SMS for businesses in Ghana' }).waitFor();
    await login(page, 'demo@example.com', 'demo12345');
    await shell.accountMenu('demouser').waitFor();
    await shell.signOutWide('demouser');
    await page.getByRole('heading', { name: 'Bulk SMS for businesses in Ghana' }).waitFor();
    await login(page, 'demouser', 'wrong-password');
    await page.getByRole('region', { name: 'Notifications' }).getByRole('alert').waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });

  it('resets a forgotten password end to end, and the old one stops working', async () => {
    const user = uniqueUser('reset');
    // An account of our own, made through the sign-up flow.
    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block' });
    const signup = new SignupPage(page);
    await page.goto(world.gateway.url('/signup'));
    await signup.fill(user);
    const t0 = Date.now() - 1000;
    await signup.register.click();
    const shell = await signup.validate(await codeSentTo(user.phone, t0));
    await shell.signOutWide(user.username);
    await page.getByRole('heading', { name: 'Bulk SMS for businesses in Ghana' }).waitFor();

    await page.goto(world.gateway.url('/login'));
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset password' });
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Please enter your email or username').waitFor();
    await dialog.getByLabel('Email or username', { exact: true }).fill('nonsense@');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Please enter a valid email').waitFor();
    // A username, as login takes it: the code goes to that account's phone.
    await dialog.getByLabel('Email or username', { exact: true }).fill(user.username);
    const t1 = Date.now() - 1000;
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByLabel('Code', { exact: true }).waitFor();
    const resetCode = await codeSentTo(user.phone, t1);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('Please enter code sent to your phone').waitFor();
    await dialog.getByLabel('Code', { exact: true }).fill(resetCode);
    await dialog.getByLabel('New password', { exact: true }).fill('12345');
    await dialog.getByText('Password must be more than six characters').waitFor();
    await dialog.getByLabel('New password', { exact: true }).fill('newsecret99');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('newsecret98');
    await dialog.getByText('Please ensure passwords the are same').waitFor();
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('newsecret99');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await shell.alert('Your password has been changed: you can now log in').waitFor();

    await login(page, user.username, user.password);
    await page.getByRole('region', { name: 'Notifications' }).getByRole('alert').waitFor();
    await login(page, user.username, 'newsecret99');
    await shell.accountMenu(user.username).waitFor();
    await context.close();
  });
});
