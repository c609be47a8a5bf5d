import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { newPage, SCREENSHOT_VIEWPORTS } from './support/browser';
import { accessibilityProblems } from './support/a11y';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { inviteFromTeamScreen, joinTeam, MEMBER_PASSWORD } from './support/team';
import { LoginPage } from './support/pages/login-page';
import { SendPage } from './support/pages/send-page';

// A team member's own two-step sign-in (docs/product.md#two-step-sign-in): a Sender turns it on from their
// Profile and their next sign-in asks for the code (a wrong one refused); the owner requires it of every member
// on the Team screen, which shows who has it; a Viewer without it sets it up while signing in.

const currentCode = (secret: string) => generate({ secret });
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe.each(SCREENSHOT_VIEWPORTS)("a member's two-step sign-in at %s px", (width, viewport) => {
  // A team's screens and sign-ins, not the service worker: its install is blocked in every context of this file.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });
  const contextOptions = { viewport, serviceWorkers: 'block' } as const;
  const phoneOf = (n: number) => `0208${width === '1280' ? '1' : '2'}0000${n}`;
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `test-results/screens/member-two-step-${name}-${width}.png`, fullPage: true });
  const section = (page: Page, name: string) => page.getByRole('region', { name });
  const overflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  /** Signs in at the login screen of a fresh page; answers the page at its second step. */
  async function signInAgain(phone: string) {
    const fresh = await newPage(world.browser, contextOptions);
    await new LoginPage(fresh.page).open(world.gateway.url('/login'));
    await new LoginPage(fresh.page).logIn(phone, MEMBER_PASSWORD);
    await fresh.page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    return fresh;
  }

  it('a member turns it on, is asked for the code; the owner requires it and a member sets it up at sign-in', async () => {
    const owner = await world.openSignedIn({ viewport });
    await owner.send.shell.visit(world.gateway.url('/team'), 'Team');
    const sender = { name: 'Esi Sender', role: 'Sender', phone: phoneOf(1) };
    const viewer = { name: 'Kofi Viewer', role: 'Viewer', phone: phoneOf(2) };
    await inviteFromTeamScreen(owner, sender);
    await inviteFromTeamScreen(owner, viewer);
    const member = await joinTeam(world, sender.phone, contextOptions);
    const viewerSession = await joinTeam(world, viewer.phone, contextOptions);
    await viewerSession.context.close();

    // The Sender turns it on from their own Profile.
    await member.send.shell.visit(world.gateway.url('/profile'), 'Profile');
    const card = section(member.page, 'Two-step sign-in');
    await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const secret = (await card.getByTestId('two-step-secret').textContent())!.trim();
    await card.getByLabel('Code from the app').fill(await currentCode(secret));
    await card.getByRole('button', { name: 'Confirm and turn on' }).click();
    await card.getByTestId('recovery-codes').getByRole('listitem').first().waitFor();
    await card.getByRole('button', { name: 'Done' }).click();
    await card.getByText('Two-step sign-in is on', { exact: false }).waitFor();
    expect(await card.getByRole('switch').count()).toBe(0);
    expect(await overflow(member.page)).toBeLessThanOrEqual(0);
    await shot(member.page, 'profile');

    // Their next sign-in asks for their code: a wrong one is refused.
    const again = await signInAgain(sender.phone);
    await again.page.getByLabel('Two-step code').fill('123456');
    await again.page.getByRole('button', { name: 'Verify' }).click();
    await new SendPage(again.page).shell.alert(/^Wrong code/).waitFor();
    await again.page.getByLabel('Two-step code').fill(await nextCode(secret));
    await again.page.getByRole('button', { name: 'Verify' }).click();
    await new SendPage(again.page).heading.waitFor();
    await again.context.close();

    // The owner sees who has it, and requires it of every member.
    await owner.page.reload();
    const members = owner.page.getByRole('list', { name: 'Members' });
    await members.getByRole('listitem', { name: sender.name }).getByText('Two-step sign-in on').waitFor();
    await members.getByRole('listitem', { name: viewer.name }).getByText('Two-step sign-in off').waitFor();
    const require = owner.page.getByRole('switch', { name: 'Require two-step sign-in for every member' });
    // The switch follows the gateway's answer: it turns on once the requirement is saved.
    await require.click();
    await owner.send.shell.alert('Two-step sign-in is now required of every member').waitFor();
    await expect.poll(() => require.isChecked()).toBe(true);
    expect(await accessibilityProblems(owner.page)).toEqual([]);
    expect(await overflow(owner.page)).toBeLessThanOrEqual(0);
    await shot(owner.page, 'team');

    // The Viewer, without it, sets it up while signing in.
    const viewerAgain = await signInAgain(viewer.phone);
    const setup = viewerAgain.page.getByText('Your account requires two-step sign-in', { exact: false });
    await setup.waitFor();
    const viewerSecret = (await viewerAgain.page.getByTestId('two-step-secret').textContent())!.trim();
    await viewerAgain.page.getByLabel('Code from the app').fill(await currentCode(viewerSecret));
    await shot(viewerAgain.page, 'enrol');
    await viewerAgain.page.getByRole('button', { name: 'Turn on and sign in' }).click();
    await viewerAgain.page.getByTestId('recovery-codes').getByRole('listitem').first().waitFor();
    await viewerAgain.page.getByRole('button', { name: 'I have saved them, continue' }).click();
    const viewerPage = new SendPage(viewerAgain.page);
    await viewerPage.shell.menu.waitFor({ state: 'attached' });
    await viewerPage.heading.waitFor();

    // Required: the Viewer's Profile says it stays on.
    await viewerPage.shell.visit(world.gateway.url('/profile'), 'Profile');
    const viewerCard = section(viewerAgain.page, 'Two-step sign-in');
    await viewerCard.getByText('Your team requires two-step sign-in of every member: it stays on.').waitFor();
    await viewerCard.getByRole('button', { name: 'New recovery codes' }).waitFor();
    expect(await viewerCard.getByRole('button', { name: 'Turn off' }).count()).toBe(0);
    await shot(viewerAgain.page, 'required');
    await viewerAgain.context.close();
    await member.context.close();
    await owner.context.close();
  });
});
