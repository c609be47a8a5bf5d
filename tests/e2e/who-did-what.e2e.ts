import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCREENSHOT_VIEWPORTS } from './support/browser';
import { accessibilityProblems } from './support/a11y';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { inviteFromTeamScreen, joinTeam } from './support/team';

// Who did what (docs/product.md#who-did-what): a Sender's send is theirs on the dashboard's Member filter; the
// owner caps the Sender's month on the Team screen and the next send past it is refused; the statement shows
// spending by member and the audit log names the member.

const TIMEOUT = { timeout: 20_000 };

describe.each(SCREENSHOT_VIEWPORTS)('who did what at %s px', (width, viewport) => {
  // A team's screens and sign-ins, not the service worker: its install is blocked in every context of this file.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });
  const phone = `0209${width === '1280' ? '5' : '6'}00001`;
  const shot = (page: Page, name: string) =>
    page.screenshot({
      path: `test-results/screens/who-did-what-${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });

  it("filters the dashboard by member, caps a member's month, and names the member in the statement and log", async () => {
    const owner = await world.openSignedIn({ viewport });
    await owner.send.shell.visit(world.gateway.url('/team'), 'Team');
    await inviteFromTeamScreen(owner, { name: 'Ama Sender', role: 'Sender', phone });

    // The Sender sends to two numbers.
    const sender = await joinTeam(world, phone, { viewport, serviceWorkers: 'block' });
    await sender.send.queueQuickSend(['0241000911', '0241000912'], 'From Ama');
    await expect.poll(() => sender.send.jobState.textContent(), TIMEOUT).toMatch(/^Sent to 2 recipients$/);

    // The dashboard narrows to the Sender's messages, kept in the address.
    await owner.send.shell.visit(world.gateway.url('/dashboard'), 'Dashboard');
    await owner.send.choose('Member', 'Ama Sender');
    await owner.page.waitForURL(/\/dashboard\?member=\d+$/);
    const mine = owner.page.getByRole('list', { name: "The member's messages" });
    await expect.poll(() => mine.getByRole('listitem').count(), TIMEOUT).toBe(1);
    await mine.getByText('From Ama').waitFor();
    await owner.page
      .getByTestId('per-day-text')
      .getByText(/^2 recipients from/)
      .waitFor();
    await shot(owner.page, 'dashboard-member');
    expect((await accessibilityProblems(owner.page)).join('\n')).toBe('');

    // The owner caps the Sender's month at what they spent: their next send is refused.
    await owner.send.shell.visit(world.gateway.url('/team'), 'Team');
    const card = owner.page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Ama Sender' });
    await card.getByText('No monthly cap · 2 spent this month').waitFor();
    await card.getByRole('button', { name: 'Set the monthly cap of Ama Sender' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Monthly cap of Ama Sender' });
    await dialog.getByLabel('Monthly cap (credits)').fill('2.5');
    await dialog.getByRole('button', { name: 'Save cap' }).click();
    await dialog.getByText('Enter a whole number of credits, or leave it empty for none').waitFor();
    await dialog.getByLabel('Monthly cap (credits)').fill('2');
    await expect
      .poll(() => dialog.getByText('Enter a whole number of credits, or leave it empty for none').count())
      .toBe(0);
    await shot(owner.page, 'team-cap');
    await dialog.getByRole('button', { name: 'Save cap' }).click();
    await owner.send.shell.alert('Ama Sender has a new monthly cap').waitFor();
    await card.getByText('Monthly cap 2 credits · 2 spent this month').waitFor();
    await shot(owner.page, 'team');
    await sender.send.queueQuickSend(['0241000913'], 'Once more');
    await sender.page
      .getByText('This send would pass the monthly cap of 2 credits set for you on this team (0 left this month).')
      .first()
      .waitFor();
    await shot(sender.page, 'sender-capped');
    await sender.context.close();

    // The statement shows spending by member; the audit log names the member.
    await owner.send.shell.visit(world.gateway.url('/statement'), 'Statement');
    const spending = owner.page.getByRole('region', { name: 'Spending by member' });
    await spending.getByRole('row', { name: /^Ama Sender\s+2/ }).waitFor();
    await shot(owner.page, 'statement');
    await owner.send.shell.visit(world.gateway.url('/auditlog'), 'Audit log');
    // A table at 1280, a card each at 390: the one shown.
    await owner.page.getByText('Ama Sender (member)').filter({ visible: true }).first().waitFor();
    // The details name the member too, not their id.
    await owner.page.getByText('Member: Ama Sender').filter({ visible: true }).first().waitFor();
    // The page's own reload done (Show spins while it runs), so the shot shows the form as it rests.
    await expect.poll(() => owner.page.getByRole('button', { name: 'Show' }).isEnabled()).toBe(true);
    await shot(owner.page, 'audit');
    // The search finds what the member did by their name: their sign-in, whose details hold no name.
    await owner.page.getByLabel('Search').fill('ama sender');
    await owner.page.getByRole('button', { name: 'Show' }).click();
    const entry = owner.page
      .getByLabel('Audit log entries')
      .getByRole(width === '1280' ? 'row' : 'listitem')
      .filter({ hasText: 'Ama Sender (member)' })
      .filter({ hasText: 'Signed in' });
    await entry.first().waitFor();
    await shot(owner.page, 'audit-search');
    await owner.context.close();
  });
});
