import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { displayPhone } from '../../src/domain/numbers/phone-number';
import type { Page } from 'playwright-core';
import { uniqueUser } from '../unit/support/factories';
import { DESKTOP, newPage, PHONE } from './support/browser';
import { LoginPage } from './support/pages/login-page';
import { SendPage } from './support/pages/send-page';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiCall, apiLogin, apiSignUp } from './support/api-accounts';
import { carrierMessages, latestCode } from './support/carrier';

describe('editing one’s own account from the profile: e-mail, company, phone, password', () => {
  const world = useGatewayAndBrowser();
  const section = (page: Page, name: string) => page.getByRole('region', { name });
  const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  /** The code the dev inbox shows for `phone` after a time (ms), once it has arrived. */
  async function codeSentTo(phone: string, after: number): Promise<string> {
    let code: string | null = null;
    await expect
      .poll(async () => (code = await latestCode(world.gateway, phone, after)), { timeout: 10_000 })
      .not.toBeNull();
    return code!;
  }

  it('at 1280 px: reached from the user menu; each field’s problem shows on it, each change lands', async () => {
    const who = uniqueUser('own');
    await apiSignUp(world.gateway, { ...who, cname: 'Old Company' });
    const otherDevice = await apiLogin(world.gateway, who.username, who.password);
    const { page, context, send } = await world.openSignedIn({
      serviceWorkers: 'block',
      who: who.username,
      password: who.password,
      viewport: DESKTOP,
    });
    const shell = send.shell;
    await shell.accountMenu(who.username).click();
    await page.getByRole('menuitem', { name: 'Profile and password' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    const account = section(page, 'Your account');

    // E-mail and company: a new e-mail asks for the current password.
    const details = section(page, 'Contact details');
    const save = details.getByRole('button', { name: 'Save details' });
    expect(await save.isDisabled()).toBe(true);
    expect(await details.getByLabel('Current password', { exact: true }).count()).toBe(0);
    await details.getByLabel('Email').fill('not-an-address');
    await save.click();
    await details.getByText('Invalid Email').waitFor();
    await details.getByText('Please enter your current password').waitFor();
    await details.getByLabel('Email').fill('demo@example.com');
    await details.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await save.click();
    await details.getByText('Your current password is not correct').waitFor();
    await details.getByLabel('Current password', { exact: true }).fill(who.password);
    await save.click();
    await details.getByText('Email already exists').waitFor();
    const newEmail = `new.${who.email}`;
    await details.getByLabel('Email').fill(newEmail);
    await details.getByLabel('Company').fill('New Company Ltd');
    await details.screenshot({ path: 'test-results/screens/profile-email-proof-1280.png' });
    await save.click();
    await shell.alert('Your e-mail and company have been saved').waitFor();
    await account.getByText(newEmail).waitFor();
    await account.getByText('New Company Ltd').waitFor();
    expect(await details.getByLabel('Current password', { exact: true }).count()).toBe(0);

    // A new phone, confirmed by the code texted to it and the current password.
    const phoneCard = section(page, 'Mobile number');
    await phoneCard.getByLabel('New mobile number').fill('024 abc');
    await phoneCard.getByRole('button', { name: 'Send code' }).click();
    await phoneCard.getByText('Mobile numbers must be only numbers').waitFor();
    const newPhone = uniqueUser().phone;
    const local = `0${newPhone.slice(3)}`;
    await phoneCard.getByLabel('New mobile number').fill(local);
    const sentAfter = Date.now() - 1000;
    await phoneCard.getByRole('button', { name: 'Send code' }).click();
    await phoneCard.getByText(`Enter the 4-digit code sent to ${local}.`).waitFor();
    const code = await codeSentTo(newPhone, sentAfter);
    await phoneCard.getByLabel('Code', { exact: true }).fill(code === '0000' ? '1111' : '0000');
    await phoneCard.getByRole('button', { name: 'Confirm number' }).click();
    await phoneCard.getByText('Please enter your current password').waitFor();
    await phoneCard.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await phoneCard.getByRole('button', { name: 'Confirm number' }).click();
    await phoneCard.getByText('Your current password is not correct').waitFor();
    await phoneCard.getByLabel('Current password', { exact: true }).fill(who.password);
    await phoneCard.screenshot({ path: 'test-results/screens/profile-phone-proof-1280.png' });
    await phoneCard.getByRole('button', { name: 'Confirm number' }).click();
    await phoneCard.getByText('Wrong Code Entered, please re-enter code again or resend code again').waitFor();
    await phoneCard.getByLabel('Code', { exact: true }).fill(code);
    await phoneCard.getByRole('button', { name: 'Confirm number' }).click();
    await shell.alert(`Your mobile number is now ${local}`).waitFor();
    // The account card shows it in its shown form (docs/product.md#phone-numbers).
    await account.getByText(displayPhone(newPhone)).waitFor();
    // The number the account had is told (the dev inbox holds the notice).
    await expect
      .poll(async () =>
        (await carrierMessages(world.gateway, who.phone)).some((m) => m.text.startsWith('The mobile number of your')),
      )
      .toBe(true);

    // The password: the current one is asked for; other devices are signed out, this one goes on.
    const password = section(page, 'Password');
    await password.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await password.getByLabel('New password', { exact: true }).fill('brand-new-99');
    await password.getByLabel('Confirm new password', { exact: true }).fill('brand-new-99');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Your current password is not correct').waitFor();
    await password.getByLabel('Current password', { exact: true }).fill(who.password);
    await password.screenshot({ path: 'test-results/screens/profile-password-1280.png' });
    await password.getByRole('button', { name: 'Change password' }).click();
    await shell.alert('Your password has been changed: other devices are signed out').waitFor();
    expect(await password.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
    await page.screenshot({ path: 'test-results/screens/profile-edit-1280.png', fullPage: true });

    const other = await apiCall(world.gateway, 'fetchuser', { profile_id: otherDevice.profile_id }, otherDevice.token);
    expect(other.message).toBe('Invalid Token');
    await page.reload();
    await section(page, 'Your account').getByText(newEmail).waitFor();
    expect((await apiLogin(world.gateway, newEmail, 'brand-new-99')).telnumber).toBe(newPhone);
    await context.close();
  });

  it('with two-step sign-in on: a new number asks for the code from the app too, at 1280 and 390 px', async () => {
    const who = uniqueUser('own2');
    await apiSignUp(world.gateway, { ...who, cname: 'Two Step Co' });
    const first = await apiLogin(world.gateway, who.username, who.password);
    const started = await apiCall(world.gateway, 'twostepstart', { profile_id: first.profile_id }, first.token);
    const confirmed = await apiCall(
      world.gateway,
      'twostepconfirm',
      { profile_id: first.profile_id, code: await generate({ secret: started.secret }) },
      first.token,
    );
    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block', viewport: PHONE });
    const login = await new LoginPage(page).open(world.gateway.url('/login'));
    await login.logIn(who.username, who.password);
    // A recovery code signs in, so the app's next code is still unused for the new number.
    await page.getByLabel('Two-step code').fill((confirmed.recoveryCodes as string[])[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    const send = new SendPage(page);
    await send.heading.waitFor();
    await send.shell.visit(world.gateway.url('/profile'), 'Profile');

    const phoneCard = section(page, 'Mobile number');
    const newPhone = uniqueUser().phone;
    const local = `0${newPhone.slice(3)}`;
    await phoneCard.getByLabel('New mobile number').fill(local);
    const sentAfter = Date.now() - 1000;
    await phoneCard.getByRole('button', { name: 'Send code' }).click();
    await phoneCard.getByLabel('Code', { exact: true }).fill(await codeSentTo(newPhone, sentAfter));
    await phoneCard.getByLabel('Current password', { exact: true }).fill(who.password);
    await phoneCard.getByRole('button', { name: 'Confirm number' }).click();
    await phoneCard.getByText('Please enter the 6-digit code your authenticator app shows').waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(390);
    await phoneCard.screenshot({ path: 'test-results/screens/profile-phone-two-step-390.png' });
    await page.setViewportSize(DESKTOP);
    await phoneCard.screenshot({ path: 'test-results/screens/profile-phone-two-step-1280.png' });
    const nextCode = await generate({ secret: started.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await phoneCard.getByLabel('Two-step code').fill(nextCode);
    await phoneCard.getByRole('button', { name: 'Confirm number' }).click();
    await send.shell.alert(`Your mobile number is now ${local}`).waitFor();
    await section(page, 'Your account').getByText(displayPhone(newPhone)).waitFor();
    await context.close();
  });

  it('at 390 px: the cards fit the phone; company and password change there too', async () => {
    const who = uniqueUser('ownp');
    await apiSignUp(world.gateway, { ...who, cname: 'Phone Co' });
    const { page, context, send } = await world.openSignedIn({
      serviceWorkers: 'block',
      who: who.username,
      password: who.password,
      viewport: PHONE,
    });
    await send.shell.visit(world.gateway.url('/profile'), 'Profile');
    const details = section(page, 'Contact details');
    await details.getByLabel('Company').fill('Phone Co Two');
    await details.getByRole('button', { name: 'Save details' }).click();
    await send.shell.alert('Your e-mail and company have been saved').waitFor();
    // The password a new e-mail asks for, and the confirm step of a new number, fit the phone.
    await details.getByLabel('Email').fill(`phone.${who.email}`);
    await details.getByLabel('Current password', { exact: true }).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(390);
    await details.screenshot({ path: 'test-results/screens/profile-email-proof-390.png' });
    await details.getByLabel('Email').fill(who.email);
    const phoneCard = section(page, 'Mobile number');
    const newPhone = uniqueUser().phone;
    await phoneCard.getByLabel('New mobile number').fill(`0${newPhone.slice(3)}`);
    await phoneCard.getByRole('button', { name: 'Send code' }).click();
    await phoneCard.getByLabel('Current password', { exact: true }).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(390);
    await phoneCard.screenshot({ path: 'test-results/screens/profile-phone-proof-390.png' });
    await phoneCard.getByRole('button', { name: 'Use another number' }).click();
    const password = section(page, 'Password');
    await password.getByLabel('Current password', { exact: true }).fill(who.password);
    await password.getByLabel('New password', { exact: true }).fill('abc');
    await password.getByLabel('Confirm new password', { exact: true }).fill('abc');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Password must be more six characters').waitFor();
    await password.getByLabel('New password', { exact: true }).fill('phone-pass-1');
    await password.getByLabel('Confirm new password', { exact: true }).fill('phone-pass-1');
    await password.screenshot({ path: 'test-results/screens/profile-password-390.png' });
    await password.getByRole('button', { name: 'Change password' }).click();
    await send.shell.alert('Your password has been changed: other devices are signed out').waitFor();
    await section(page, 'Mobile number').getByLabel('New mobile number').waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/profile-edit-390.png', fullPage: true });
    expect((await apiLogin(world.gateway, who.username, 'phone-pass-1')).companyname).toBe('Phone Co Two');
    await context.close();
  });
});
