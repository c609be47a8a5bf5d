import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AppLayout } from '../../../src/app/shell/app-layout';
import { db } from '../../../src/db/db';
import { saveSignIn } from '../../../src/db/session-store';
import { renderApp } from '../support/render-app';
import { stubFetch } from '../support/fetch-stub';
import { domainDetails, userInfo } from '../support/factories';

const domain = { ...domainDetails(), host: 'localhost', fetchedAt: Date.now() };

async function menuLabels() {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('the page shell', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    stubFetch(() => ({ body: { users: [] } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['dashboardTab', 'Dashboard'],
    ['scheduledsmsTab', 'Scheduled SMS'],
    ['recurringsmsTab', 'Recurring SMS'],
    ['credithistoryTab', 'SMS credits purchase history'],
  ] as const)('shows %s only when the flag is set', async (flag, label) => {
    const on = renderApp(<AppLayout user={userInfo()} domain={domain} />);
    expect(await menuLabels()).toContain(label);
    on.unmount();
    renderApp(<AppLayout user={userInfo({ [flag]: false })} domain={domain} />);
    expect(await menuLabels()).not.toContain(label);
  });

  it('always shows Send SMS, Phone book, Opt-outs, Purchase SMS credits, Statement, Developers, Team and Audit log; Client management for admins only', async () => {
    const user = renderApp(
      <AppLayout
        user={userInfo({
          dashboardTab: false,
          scheduledsmsTab: false,
          recurringsmsTab: false,
          credithistoryTab: false,
        })}
        domain={domain}
      />,
    );
    expect(await menuLabels()).toEqual([
      'Send SMS',
      'Phone book',
      'Templates',
      'Opt-outs',
      'Purchase SMS credits',
      'Statement',
      'Profile',
      'Developers',
      'Team',
      'Audit log',
    ]);
    user.unmount();
    renderApp(<AppLayout user={userInfo({ isAdmin: true })} domain={domain} />);
    expect((await menuLabels()).slice(-3)).toEqual(['Client management', 'Team', 'Audit log']);
  });

  it("shows a team member their roles' items only, and their own name in the header", async () => {
    const member = userInfo({
      member: { id: 4, name: 'Esi Billing', roles: ['Billing'] },
      permissions: ['purchase', 'billing'],
    });
    renderApp(<AppLayout user={member} domain={domain} />);
    expect(await menuLabels()).toEqual([
      'SMS credits purchase history',
      'Purchase SMS credits',
      'Statement',
      'Profile',
    ]);
    expect(await screen.findByRole('button', { name: 'Account menu for Esi Billing' })).toBeTruthy();
  });

  it("reads 'Powered by' on the main host to its customers, and the operator its own name", async () => {
    const client = renderApp(<AppLayout user={userInfo()} domain={domain} />);
    expect(await screen.findByText('Powered by Bulk SMS Ghana')).toBeTruthy();
    client.unmount();
    renderApp(<AppLayout user={userInfo({ profile_id: 6, username: 'supervisor', isAdmin: true })} domain={domain} />);
    expect(await screen.findByText('Bulk SMS Ghana')).toBeTruthy();
    expect(screen.queryByText(/Powered by/)).toBeNull();
  });

  it('shows the balance in credits, or in USD for an international account', async () => {
    const local = renderApp(<AppLayout user={userInfo({ creditbalance: 12345 })} domain={domain} />);
    expect((await screen.findByLabelText('Credit balance')).textContent).toBe('12,345 credits');
    local.unmount();
    renderApp(
      <AppLayout user={userInfo({ content: 'international', internationalcreditbalance: 12.5 })} domain={domain} />,
    );
    expect((await screen.findByLabelText('Credit balance')).textContent).toBe('USD 12.5');
  });

  it('on a phone (below 1000 px) shows the balance with the expiry, the contact number and Logout', async () => {
    // useMediaQuery's answer for '(min-width: 62.5em)' on a 390 px phone.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (media) =>
        ({
          matches: false,
          media,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    try {
      renderApp(
        <AppLayout user={userInfo({ creditbalance: 12345 })} domain={{ ...domain, telnumber: '+233302000000' }} />,
      );
      await screen.findByRole('button', { name: 'Logout' });
      expect(screen.getAllByLabelText('Credit balance').map((b) => b.textContent)).toEqual(['12,345 credits']);
      expect(screen.getByText(/^Credit expires/)).toBeTruthy();
      expect(screen.getByText('Contact 030 200 0000')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Account menu for demouser' })).toBeNull();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('asks before signing out while sends wait, and keeps them for the account', async () => {
    const user = userInfo();
    await saveSignIn(user);
    await db.outboxJobs.put({
      id: 'job-1',
      profile_id: user.profile_id,
      state: 'queued',
      createdAt: 1,
      updatedAt: 1,
      total: 250,
      sent: 100,
      batchCount: 3,
      nextBatch: 1,
      split: true,
      attempts: 0,
      notBefore: 0,
      senderIds: ['DEMO'],
      summary: { messageType: 'quick sms', text: 'Hi', campaign: '' },
      bytes: 5000,
      lastSentAt: 0,
    });
    const logout = async () => {
      const view = renderApp(<AppLayout user={user} domain={domain} />);
      await view.user.click(await screen.findByRole('button', { name: 'Account menu for demouser' }));
      await view.user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
      expect(await screen.findByText(/150 messages are waiting to be sent/)).toBeTruthy();
      return view;
    };
    const first = await logout();
    await first.user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(await db.session.get('current')).toBeTruthy();
    first.unmount();
    const second = await logout();
    await second.user.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    await vi.waitFor(async () => expect(await db.session.get('current')).toBeUndefined());
    expect(await db.users.get(user.profile_id)).toBeUndefined();
    expect((await db.outboxJobs.get('job-1'))?.state).toBe('queued');
  });
});
