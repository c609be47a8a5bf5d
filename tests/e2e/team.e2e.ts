import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, SCREENSHOT_VIEWPORTS } from './support/browser';
import { accessibilityProblems } from './support/a11y';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiCall, apiLogin, apiSend } from './support/api-accounts';
import { sendItem } from '../unit/support/factories';
import { notAllowedText } from '../../src/domain/account/team-roles';
import { invitationLink as teamInvitationLink, inviteFromTeamScreen, joinTeam, MEMBER_PASSWORD } from './support/team';

// A team (docs/product.md#members-and-roles): the owner invites a Sender, an Approver and a Billing member from
// the Team screen; each opens the SMS link on the account's domain, sets a password and signs in with their
// phone number; the Sender sends but sees no Purchase; the Billing member buys credit and reads the invoice
// but cannot send; a removed member's token is refused at once.

const TIMEOUT = { timeout: 20_000 };

describe.each(SCREENSHOT_VIEWPORTS)('a team at %s px', (width, viewport) => {
  // A team's screens and sign-ins, not the service worker: its install is blocked in every context of this file.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });
  const contextOptions = { viewport, serviceWorkers: 'block' } as const;
  const phoneOf = (n: number) => `0209${width === '1280' ? '1' : '2'}0000${n}`;
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `test-results/screens/team-${name}-${width}.png`, fullPage: true });

  const join = (phone: string) =>
    joinTeam(world, phone, contextOptions, async (page) => expect(await accessibilityProblems(page)).toEqual([]));
  const invitationLink = (phone: string) => teamInvitationLink(world, phone);

  it('invites a Sender, an Approver and a Billing member, each signs in, and a removed one is refused', async () => {
    const owner = await world.openSignedIn({ viewport });
    await owner.send.shell.visit(world.gateway.url('/team'), 'Team');
    const people = [
      { name: 'Ama Sender', role: 'Sender', phone: phoneOf(1) },
      { name: 'Kofi Approver', role: 'Approver', phone: phoneOf(2) },
      { name: 'Esi Billing', role: 'Billing', phone: phoneOf(3) },
    ];
    for (const person of people)
      await inviteFromTeamScreen(owner, person, person === people[0] ? () => shot(owner.page, 'invite') : undefined);
    const members = owner.page.getByRole('list', { name: 'Members' });
    for (const person of people)
      await members.getByRole('listitem', { name: person.name }).getByText('Invited').waitFor();
    await shot(owner.page, 'invited');
    expect((await accessibilityProblems(owner.page)).join('\n')).toBe('');

    // The Sender sends, and sees no Purchase.
    const sender = await join(people[0]!.phone);
    const senderMenu = await sender.send.shell.menuLabels();
    expect(senderMenu).toContain('Send SMS');
    expect(senderMenu).not.toContain('Purchase SMS credits');
    expect(senderMenu).not.toContain('Team');
    // The header names the member, not the account (its user menu shows at 1000 px and wider).
    if (width === '1280') await sender.page.getByRole('button', { name: 'Account menu for Ama Sender' }).waitFor();
    await sender.send.queueQuickSend(['0241000901'], 'From the Sender');
    await expect.poll(() => sender.send.jobState.textContent(), TIMEOUT).toMatch(/^Sent to 1 recipients?$/);
    await shot(sender.page, 'sender');

    // The Approver reads reports but cannot send.
    const approver = await join(people[1]!.phone);
    await approver.page.getByText('You are not allowed to do this. Ask for the Sender role.').waitFor();
    expect(await approver.send.shell.menuLabels()).toContain('Dashboard');
    await approver.context.close();

    // The Billing member buys credit and reads the invoice, but cannot send.
    const billing = await join(people[2]!.phone);
    await billing.page.getByText('You are not allowed to do this. Ask for the Sender role.').waitFor();
    expect(await billing.send.shell.menuLabels()).toEqual(
      expect.arrayContaining(['Purchase SMS credits', 'SMS credits purchase history']),
    );
    expect(await billing.send.shell.menuLabels()).not.toContain('Send SMS');
    await billing.send.shell.visit(world.gateway.url('/purchasesms'), 'Purchase SMS credits');
    await billing.page.getByLabel('Amount (GHS)').fill('50');
    await billing.page.getByRole('button', { name: 'Buy SMS credits' }).click();
    await billing.page.waitForURL(/\/smsgateway\/pay\/[0-9a-f]{48}$/);
    await billing.page.getByRole('button', { name: /^Pay GHS/ }).click();
    await billing.page.waitForURL(/\/purchasesms$/);
    await billing.send.shell.alert('Payment received: your SMS credits have been added').waitFor();
    await billing.send.shell.visit(world.gateway.url('/credithistory'), 'SMS credits purchase history');
    await billing.page.getByRole('link', { name: /^Invoice of the GHS 50\.00 purchase/ }).click();
    await billing.page.getByRole('article', { name: /^Invoice INV-\d{6}$/ }).waitFor();
    await shot(billing.page, 'billing-invoice');
    await billing.context.close();
    const { token } = await apiLogin(world.gateway, people[2]!.phone, MEMBER_PASSWORD);
    expect((await apiCall(world.gateway, 'fetchuser', {}, token)).userInfo.member.roles).toEqual(['Billing']);
    // The send call itself is refused, naming the role that would allow it.
    const item = sendItem({
      shortMessage: 'From Billing',
      destinationAddress: '233241000904',
      messageDescription: 'Billing tries to send',
    });
    const sendAnswer = await apiSend(world.gateway, token, [item]);
    expect(sendAnswer.error?.message).toBe(notAllowedText('send'));

    // The owner sees them active and removes the Billing member, asked first; their token is refused at once.
    await owner.page.reload();
    await members.getByRole('listitem', { name: 'Esi Billing' }).getByText('Active').waitFor();
    await owner.page.getByRole('button', { name: 'Remove Esi Billing' }).click();
    const ask = owner.page.getByRole('dialog', { name: 'Remove Esi Billing?' });
    await shot(owner.page, 'remove');
    await ask.getByRole('button', { name: 'Remove member' }).click();
    await owner.send.shell.alert('The member has been removed and signed out').waitFor();
    await members.getByRole('listitem', { name: 'Esi Billing' }).waitFor({ state: 'detached' });
    expect(await apiCall(world.gateway, 'fetchuser', {}, token)).toMatchObject({ message: 'Invalid Token' });
    const demo = await apiLogin(world.gateway, 'demouser', 'demo12345');
    expect(demo.member).toBeUndefined();
    await sender.context.close();
    await owner.context.close();
  });

  it('resends, changes the roles of and cancels an invitation, and says offline that the team needs a connection', async () => {
    const owner = await world.openSignedIn({ viewport });
    await owner.send.shell.visit(world.gateway.url('/team'), 'Team');
    const phone = phoneOf(4);
    await owner.page.getByRole('button', { name: 'Invite a member' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Please enter their name').waitFor();
    await dialog.getByLabel('Name').fill('Yaw Viewer');
    await dialog.getByLabel('Mobile number').fill(phone);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await owner.send.shell.alert('An invitation has been sent to Yaw Viewer').waitFor();
    const first = await invitationLink(phone);

    await owner.page.getByRole('button', { name: 'Resend the invitation to Yaw Viewer' }).click();
    await owner.send.shell.alert('A new invitation has been sent to Yaw Viewer').waitFor();
    await expect.poll(() => invitationLink(phone), TIMEOUT).not.toBe(first);

    await owner.page.getByRole('button', { name: 'Change roles of Yaw Viewer' }).click();
    const roles = owner.page.getByRole('dialog', { name: 'Roles of Yaw Viewer' });
    await roles.getByRole('checkbox', { name: /^Sender/ }).uncheck();
    await roles.getByRole('checkbox', { name: /^Viewer/ }).check();
    await roles.getByRole('checkbox', { name: /^Approver/ }).check();
    await roles.getByRole('button', { name: 'Save roles' }).click();
    await owner.send.shell.alert("Yaw Viewer's roles have been changed").waitFor();
    const card = owner.page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Yaw Viewer' });
    const shownRoles = card.getByLabel('Roles of Yaw Viewer', { exact: true });
    await expect.poll(() => shownRoles.innerText(), TIMEOUT).toMatch(/^APPROVER\s+VIEWER$/i);

    await owner.page.getByRole('button', { name: 'Cancel the invitation of Yaw Viewer' }).click();
    const ask = owner.page.getByRole('dialog', { name: 'Cancel the invitation of Yaw Viewer?' });
    await ask.getByRole('button', { name: 'Keep' }).click();
    await ask.waitFor({ state: 'detached' });
    await owner.page.getByRole('button', { name: 'Cancel the invitation of Yaw Viewer' }).click();
    await ask.getByRole('button', { name: 'Cancel invitation' }).click();
    await card.waitFor({ state: 'detached' });

    // The cancelled link says so on its page.
    const { page, context } = await newPage(world.browser, contextOptions);
    await page.goto(await invitationLink(phone));
    await page.getByText('This invitation has expired or was already used. Ask for a new one.').waitFor();
    await shot(page, 'join-gone');
    await context.close();

    await owner.context.setOffline(true);
    await owner.page.getByText('The team needs a connection.').waitFor();
    expect(await owner.page.getByRole('button', { name: 'Invite a member' }).isDisabled()).toBe(true);
    await owner.context.close();
  });
});
