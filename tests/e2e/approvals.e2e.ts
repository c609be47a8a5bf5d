import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCREENSHOT_VIEWPORTS } from './support/browser';
import { accessibilityProblems } from './support/a11y';
import { carrierMessages } from './support/carrier';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiCall, apiLogin } from './support/api-accounts';
import { notAllowedText } from '../../src/domain/account/team-roles';
import { inviteFromTeamScreen, joinTeam, MEMBER_PASSWORD } from './support/team';

// The two-person rule (docs/product.md#the-two-person-rule): the owner asks for approval of campaigns over 100
// recipients on the Team screen and invites a Sender, an Approver and a Billing member; each signs in from the
// SMS link on the tenant's domain; the Sender's 500-recipient campaign (a phone book) waits, the Sender cannot
// approve it, the Approver approves it and it goes out once; the Billing member buys credit and reads the
// invoice but cannot send.

const TIMEOUT = { timeout: 20_000 };
const BOOK_SIZE = 500;
/** The book's numbers: 23324NNNNNN0, all SENT at the simulated carrier. */
const bookNumber = (i: number) => `23324${String(700_000 + i).padStart(6, '0')}0`;

describe.each(SCREENSHOT_VIEWPORTS)('the two-person rule at %s px', (width, viewport) => {
  // A team's screens and sign-ins, not the service worker: its install is blocked in every context of this file.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });
  const phoneOf = (n: number) => `0209${width === '1280' ? '3' : '4'}0000${n}`;
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `test-results/screens/approvals-${name}-${width}.png`, fullPage: true });

  const join = (phone: string) => joinTeam(world, phone, { viewport, serviceWorkers: 'block' });

  it("holds the Sender's 500-recipient campaign until the Approver approves it; Billing buys but cannot send", async () => {
    const owner = await world.openSignedIn({ viewport });
    const { token: ownerToken } = await apiLogin(world.gateway, 'demouser', 'demo12345');
    await apiCall(world.gateway, 'creategroup', { groupname: `Campaign ${width}` }, ownerToken);
    const rows = Array.from({ length: BOOK_SIZE }, (_, i) => ({
      firstname: `P${i}`,
      surname: 'Q',
      numbers: bookNumber(i),
    }));
    await apiCall(world.gateway, 'createcontactexel', { groupname: `Campaign ${width}`, excelData: rows }, ownerToken);

    // The owner asks for approval of campaigns over 100 recipients, and invites three people.
    await owner.send.shell.visit(world.gateway.url('/team'), 'Team');
    await owner.page.getByRole('switch', { name: 'Campaigns over a number of recipients need approval' }).check();
    await owner.page.getByRole('textbox', { name: 'More than this many recipients' }).fill('100');
    await owner.page.getByRole('button', { name: 'Save approval rule' }).click();
    await owner.page
      .getByTestId('approval-rule-summary')
      .getByText('Approval is required for campaigns over 100 recipients made by team members')
      .waitFor();
    const people = [
      { name: 'Ama Sender', role: 'Sender', phone: phoneOf(1) },
      { name: 'Kofi Approver', role: 'Approver', phone: phoneOf(2) },
      { name: 'Esi Billing', role: 'Billing', phone: phoneOf(3) },
    ];
    for (const person of people) await inviteFromTeamScreen(owner, person);
    await owner.page.getByRole('listitem', { name: 'Esi Billing' }).waitFor();
    await shot(owner.page, 'team-rule');
    expect((await accessibilityProblems(owner.page)).join('\n')).toBe('');
    await owner.context.close();

    // The Sender's campaign to the 500-contact book waits, its cost reserved.
    const sender = await join(people[0]!.phone);
    await sender.send.heading.waitFor();
    expect(await sender.send.shell.menuLabels()).not.toContain('Approvals');
    await sender.send.choose('Sender ID', 'DEMO');
    await sender.send.choose('Contact source', 'Phone book');
    await sender.send.choosePhonebook(new RegExp(`^Campaign ${width}`));
    await sender.send.message.fill('Weekend sale: 20% off everything');
    await expect.poll(() => sender.send.recipientCount.textContent(), TIMEOUT).toBe('500 recipients');
    await sender.send.submit();
    await sender.send.confirmSend();
    await expect
      .poll(() => sender.send.jobState.textContent(), TIMEOUT)
      .toBe('Awaiting approval: an approver must approve it before it goes out (500 recipients, cost reserved)');
    await shot(sender.page, 'sender-waits');
    // The dashboard's list holds messages only: a note above it says the campaign waits, and where.
    await sender.send.shell.visit(world.gateway.url('/dashboard'), 'Dashboard');
    const note = sender.page.getByTestId('own-waiting');
    await note
      .getByText('One of your campaigns is awaiting approval: it goes out once an approver approves it.')
      .waitFor();
    await shot(sender.page, 'sender-dashboard');
    await note.getByRole('link', { name: 'See where it waits' }).click();
    await sender.page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    await sender.send.shell.visit(world.gateway.url('/'), 'Send SMS');
    await sender.page.getByRole('link', { name: 'See where it waits' }).click();
    const mine = sender.page.getByRole('list', { name: 'Your campaigns' });
    await mine.getByTestId('approval-state').getByText('Awaiting approval').waitFor();
    expect(await sender.page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const { token: senderToken } = await apiLogin(world.gateway, people[0]!.phone, MEMBER_PASSWORD);
    const [waiting] = (await apiCall(world.gateway, 'myapprovals', {}, senderToken)).approvals;
    expect(waiting).toMatchObject({ state: 'waiting', recipients: BOOK_SIZE });
    const refused = await apiCall(world.gateway, 'approvecampaign', { id: waiting.id, note: '' }, senderToken);
    expect(refused.error?.message).toBe(notAllowedText('approve'));
    await shot(sender.page, 'sender-list');

    // The Approver approves it with a note: it goes out once.
    const approver = await join(people[1]!.phone);
    expect(await approver.send.shell.menuLabels()).toContain('Approvals');
    // The menu counts the campaigns waiting for them (behind the burger on a phone).
    const badge = approver.send.shell.menu.getByTestId('approvals-waiting');
    await expect.poll(() => badge.textContent(), TIMEOUT).toBe('1 waiting');
    await approver.send.shell.menu.getByRole('link', { name: 'Approvals 1 waiting' }).waitFor({ state: 'attached' });
    if (width !== '1280') await approver.page.getByRole('button', { name: 'Toggle menu' }).click();
    // The menu fully in: on a phone it slides in.
    const menuIn = () =>
      approver.send.shell.menu.evaluate((el) => {
        const bar = el.closest('.mantine-AppShell-navbar') ?? el;
        return bar.getBoundingClientRect().left >= 0 && bar.getAnimations().length === 0;
      });
    await expect.poll(menuIn, TIMEOUT).toBe(true);
    await badge.waitFor();
    await shot(approver.page, 'approver-menu');
    if (width !== '1280') await approver.page.getByRole('button', { name: 'Toggle menu' }).click();
    await approver.send.shell.visit(world.gateway.url('/approvals'), 'Approvals');
    const card = approver.page
      .getByRole('list', { name: 'Campaigns to decide' })
      .getByRole('listitem', { name: 'Campaign by Ama Sender' });
    await card.getByText(/From DEMO · 500 recipients · 1 part each · 500 credits reserved/).waitFor();
    await shot(approver.page, 'approver');
    expect((await accessibilityProblems(approver.page)).join('\n')).toBe('');
    await card.getByLabel('Note (optional)').fill('Checked the list');
    await card.getByRole('button', { name: 'Approve' }).click();
    await approver.send.shell.alert('The campaign has been approved and sent').waitFor();
    await card
      .getByTestId('approval-decision')
      .getByText(/^Approved by Kofi Approver .*Checked the list/)
      .waitFor();
    await shot(approver.page, 'approved');
    await badge.waitFor({ state: 'detached' });
    await approver.context.close();
    for (const i of [0, BOOK_SIZE - 1]) {
      await expect.poll(async () => (await carrierMessages(world.gateway, bookNumber(i))).length, TIMEOUT).toBe(1);
      expect((await carrierMessages(world.gateway, bookNumber(i)))[0]?.text).toBe('Weekend sale: 20% off everything');
    }
    await sender.page.reload();
    await mine.getByTestId('approval-state').getByText('Approved').waitFor();
    await sender.send.shell.visit(world.gateway.url('/dashboard'), 'Dashboard');
    await sender.page.getByText('Weekend sale: 20% off everything').first().waitFor();
    expect(await sender.page.getByTestId('own-waiting').count()).toBe(0);
    await sender.context.close();

    // The Billing member buys credit and reads the invoice, but cannot send.
    const billing = await join(people[2]!.phone);
    await billing.page.getByText('You are not allowed to do this. Ask for the Sender role.').waitFor();
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
    await billing.context.close();
  });
});
