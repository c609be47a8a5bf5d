// A team in the browser (docs/product.md#members-and-roles): the owner invites from the Team screen; the person
// opens the SMS link from the dev inbox, sets a password and signs in with their phone number.
import { expect } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { newPage } from './browser';
import { carrierMessages } from './carrier';
import type { E2eWorld } from './e2e-setup';
import { LoginPage } from './pages/login-page';
import { SendPage } from './pages/send-page';

export const MEMBER_PASSWORD = 'member12345';
const TIMEOUT = { timeout: 20_000 };

/** A person to invite with one role. */
interface Invitee {
  name: string;
  role: string;
  phone: string;
}

/** The link the newest invitation to `phone` (0XXXXXXXXX) carries, read from the dev inbox. */
export async function invitationLink(world: E2eWorld, phone: string): Promise<string> {
  const to = `233${phone.slice(1)}`;
  let text = '';
  await expect
    .poll(async () => (text = (await carrierMessages(world.gateway, to))[0]?.text ?? ''), TIMEOUT)
    .toMatch(/\/join\//);
  const link = /https:\/\/(localhost)(\/join\/[\w-]+)$/.exec(text);
  expect(link, text).not.toBeNull();
  return world.gateway.url(link![2]!, link![1]);
}

/**
 * Invites `person` with their one role from the Team screen the owner's `page` shows, and waits for the alert.
 * `beforeSend` runs with the dialog filled (a screenshot of it).
 */
export async function inviteFromTeamScreen(
  owner: { page: Page; send: SendPage },
  person: Invitee,
  beforeSend?: () => Promise<unknown>,
): Promise<void> {
  // The last step's notification would cover the button until it closes by itself.
  await owner.send.shell.closeAlerts();
  await owner.page.getByRole('button', { name: 'Invite a member' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('Name').fill(person.name);
  await dialog.getByLabel('Mobile number').fill(person.phone);
  await dialog.getByRole('checkbox', { name: /^Sender/ }).uncheck();
  await dialog.getByRole('checkbox', { name: new RegExp(`^${person.role}`) }).check();
  await beforeSend?.();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await owner.send.shell.alert(`An invitation has been sent to ${person.name}`).waitFor();
}

/**
 * Opens the SMS link in a fresh context, sets the password and signs in with the phone number; answers the
 * member's page on the send screen. `onJoinPage` runs on the link's page before the password is typed.
 */
export async function joinTeam(
  world: E2eWorld,
  phone: string,
  contextOptions: BrowserContextOptions,
  onJoinPage?: (page: Page) => Promise<unknown>,
) {
  const { page, context } = await newPage(world.browser, contextOptions);
  await page.goto(await invitationLink(world, phone));
  await page.getByRole('heading', { name: 'Join your team' }).waitFor();
  await onJoinPage?.(page);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText(/Your password is set/).waitFor();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await new LoginPage(page).logIn(phone, MEMBER_PASSWORD);
  const send = new SendPage(page);
  await send.shell.menu.waitFor({ state: 'attached' });
  await send.heading.waitFor();
  return { page, context, send };
}
