import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { db } from '../../../../src/db/db';
import { saveSignIn } from '../../../../src/db/session-store';
import { LIST_CALLS, type ListName } from '../../../../src/api/list-api';
import { toStoredItems } from '../../../../src/sync/list-sync';
import {
  MessageListScreen,
  NOT_KEPT_LIST_NOTE,
  OFFLINE_LIST_NOTE,
} from '../../../../src/features/messages/message-list-screen';
import { OVERVIEW_NOT_KEPT } from '../../../../src/features/messages/overview-panel';
import { onAlert } from '../../../../src/notify/alerts-bus';
import { makeUser } from '../../domain/factories';
import { renderApp } from '../../support/render-app';
import { stubFetch } from '../../support/fetch-stub';

const message = (id: number, over: Record<string, unknown> = {}) => ({
  message_id: String(id),
  randomAlpha: `Alpha${id}`,
  shortMessage: `Text ${id}`,
  destinationAddress: '0241,0242',
  sourceAddress: 'DEMO',
  messageDescription: `Campaign ${id}`,
  messageType: 'quick sms',
  username: 'demouser',
  messagecount: 1,
  messageSentTime: new Date(Date.UTC(2026, 0, id)).toISOString(),
  posted: 2,
  submitted: 2,
  messageStatus: [
    { status: 'SENT', count: 1 },
    { status: 'FAILED', count: 1 },
    { status: 'PENDING', count: 0 },
  ],
  ...over,
});

async function store(profileId: number, list: ListName, items: Record<string, unknown>[]) {
  // Stored as the app stores a page: validated by the list's schema, newest first by the item's time.
  const valid = items.map((data) => LIST_CALLS[list].schema.parse(data));
  await db.listItems.bulkPut(toStoredItems(profileId, list, valid));
  await db.listState.put({
    profile_id: profileId,
    list,
    pageNum: 1,
    search: '',
    visited: true,
    done: true,
    refreshedAt: 0,
  });
}

describe('message lists', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stored dashboard offline, newest first, with a note and the submission state', async () => {
    await saveSignIn(makeUser({ profile_id: 201 }));
    await store(201, 'quick-own', [message(1), message(3, { submitted: 1 }), message(2)]);
    stubFetch(() => undefined);
    renderApp(<MessageListScreen kind="quick" view="personal" />, { path: '/dashboard' });
    expect(await screen.findByText(OFFLINE_LIST_NOTE, { exact: false })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual(['Campaign 3', 'Campaign 2', 'Campaign 1']);
    expect(items[0]!.textContent).toContain('Message submission in progress');
    expect(items[1]!.textContent).not.toContain('Message submission in progress');
    expect(items[1]!.textContent).toContain('Delivered 1');
    expect(items[1]!.textContent).not.toContain('by demouser');
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('says offline that a dashboard never opened on this device keeps nothing, instead of showing it blank', async () => {
    await saveSignIn(makeUser({ profile_id: 209 }));
    stubFetch(() => undefined);
    renderApp(<MessageListScreen kind="quick" view="personal" />, { path: '/dashboard' });
    expect(await screen.findByText(NOT_KEPT_LIST_NOTE, { exact: false })).toBeTruthy();
    expect(await screen.findByText(OVERVIEW_NOT_KEPT)).toBeTruthy();
    expect(screen.queryByText(OFFLINE_LIST_NOTE, { exact: false })).toBeNull();
  });

  it("keeps the overview's place while its first copy comes, then shows it there", async () => {
    await saveSignIn(makeUser({ profile_id: 210 }));
    await store(210, 'quick-own', [message(1)]);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const overview = { from: '2026-01-01', to: '2026-01-30', days: [], networks: [], credits: 3, topCampaigns: [] };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.endsWith('/overview')) throw new TypeError('Failed to fetch');
      await held;
      return new Response(JSON.stringify({ overview }), { headers: { 'Content-Type': 'application/json' } });
    });
    renderApp(<MessageListScreen kind="quick" view="personal" />, { path: '/dashboard' });
    await screen.findByRole('button', { name: /^Open Campaign 1/ });
    // Its frames stand where it will be, so the list below does not jump when it comes.
    expect(await screen.findByRole('region', { name: 'Last 30 days', busy: true })).toBeTruthy();
    release();
    expect(await screen.findByRole('group', { name: 'Credits used 3' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Last 30 days', busy: true })).toBeNull();
  });

  it('opens an item at {current path}/{randomAlpha}', async () => {
    await saveSignIn(makeUser({ profile_id: 202 }));
    await store(202, 'quick-own', [message(1)]);
    stubFetch(() => undefined);
    const { user, router } = renderApp(<MessageListScreen kind="quick" view="personal" />, { path: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: /^Open Campaign 1/ }));
    expect(router.state.location.pathname).toBe('/dashboard/Alpha1');
  });

  it('gives admins the Personal/Client toggle and author names, and filters by search on the device', async () => {
    await saveSignIn(makeUser({ profile_id: 203, isAdmin: true }));
    await store(203, 'quick-client', [
      message(1, { username: 'clientone' }),
      message(2, { username: 'clienttwo', shortMessage: 'Weekend sale' }),
    ]);
    stubFetch(() => undefined);
    const { user } = renderApp(<MessageListScreen kind="quick" view="client" />, { path: '/clientdashboard' });
    expect(await screen.findByRole('heading', { name: 'Client dashboard' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Personal' })).toBeTruthy();
    expect((await screen.findAllByRole('listitem'))[0]!.textContent).toContain('by clienttwo');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'weekend');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('shows edit and delete on own scheduled items only, and says when a list is empty', async () => {
    await saveSignIn(makeUser({ profile_id: 204 }));
    const scheduled = {
      ...message(5),
      messageRegistrationTime: '2026-01-05T00:00:00Z',
      expectedDeliveryTime: '2026-02-01T10:15:00Z',
      messageType: 'scheduled sms',
    };
    await store(204, 'scheduled-own', [scheduled]);
    await store(204, 'scheduled-client', [scheduled]);
    stubFetch(() => undefined);
    const own = renderApp(<MessageListScreen kind="scheduled" view="personal" />, { path: '/scheduledsms' });
    expect(await screen.findByRole('button', { name: 'Edit Campaign 5' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Campaign 5' })).toBeTruthy();
    expect(screen.getByText('Due 2026-02-01 10:15')).toBeTruthy();
    own.unmount();
    renderApp(<MessageListScreen kind="scheduled" view="client" />, { path: '/clientscheduledsms' });
    await screen.findByText('Text 5');
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });

  it("alerts 'You do not have any recurring sms' for 20 s on the clients' recurring list", async () => {
    await saveSignIn(makeUser({ profile_id: 205, isAdmin: true }));
    stubFetch((url) =>
      url.endsWith('/allrecurring') ? { body: { recurring: [], pageNum: 1, hasMore: false } } : undefined,
    );
    const alerts: Array<{ message: string; durationMs: number }> = [];
    const off = onAlert((a) => alerts.push(a));
    renderApp(<MessageListScreen kind="recurring" view="client" />, { path: '/clientrecurringsms' });
    await waitFor(() =>
      expect(alerts).toEqual([
        expect.objectContaining({ message: 'You do not have any recurring sms', durationMs: 20_000 }),
      ]),
    );
    expect(await screen.findByText('Data fetch completed')).toBeTruthy();
    off();
  });
});
