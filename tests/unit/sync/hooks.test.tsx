import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { BulkMessageSchema } from '../../../src/domain/contract/messages';
import { db } from '../../../src/db/db';
import { saveSignIn } from '../../../src/db/session-store';
import { enqueue } from '../../../src/outbox/enqueue';
import { useList } from '../../../src/sync/hooks/use-list';
import { useDraft } from '../../../src/sync/hooks/use-draft';
import { useSession } from '../../../src/sync/hooks/use-session';
import { readDraftAhead } from '../../../src/sync/draft-ahead';
import { earlyListRead, openListEarly } from '../../../src/sync/list-loader';
import { useOutboxJobs } from '../../../src/sync/hooks/use-outbox-jobs';
import { useGroups, useContacts } from '../../../src/sync/hooks/use-phonebook';
import { END_OF_LIST_TEXT } from '../../../src/domain/constants';
import { stubFetch } from '../support/fetch-stub';
import { makeItem, makeUser } from '../domain/factories';

const message = (id: number) => ({
  message_id: id,
  shortMessage: `Message ${id}`,
  messageSentTime: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
});

describe('data hooks', () => {
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
    await saveSignIn(makeUser({ profile_id: 7 }), 1);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('useList shows the stored rows at once, loads pages on demand, and ends with the end text', async () => {
    stubFetch((url, init) => {
      if (!url.endsWith('quickrequest')) return undefined;
      const { pageNum } = JSON.parse(init!.body as string) as { pageNum: number };
      const ids = pageNum === 1 ? [30, 29] : [28];
      return { body: { bulksms: ids.map(message), pageNum, hasMore: pageNum === 1 } };
    });
    const { result } = renderHook(() => useList('quick-own'));
    await waitFor(() => expect(result.current.rows?.map((r) => r.itemId)).toEqual(['30', '29']));
    expect(result.current.endText).toBeNull();
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.endText).toBe(END_OF_LIST_TEXT));
    expect(result.current.rows?.map((r) => r.itemId)).toEqual(['30', '29', '28']);
  });

  it('useList says offline and keeps the rows when the gateway is unreachable', async () => {
    await db.listItems.put({
      profile_id: 7,
      list: 'quick-own',
      itemId: '5',
      sortKey: 5,
      data: BulkMessageSchema.parse(message(5)),
    });
    await db.listState.put({
      profile_id: 7,
      list: 'quick-own',
      pageNum: 1,
      search: '',
      visited: true,
      done: false,
      refreshedAt: 1,
    });
    stubFetch(() => undefined);
    const { result } = renderHook(() => useList('quick-own'));
    await waitFor(() => expect(result.current.offline).toBe(true));
    expect(result.current.rows?.map((r) => r.itemId)).toEqual(['5']);
  });

  it('useDraft restores the draft and saves once typing pauses', async () => {
    await db.drafts.put({ profile_id: 7, fields: { text: 'Restored' }, updatedAt: 1 });
    const { result, unmount } = renderHook(() => useDraft(50));
    await waitFor(() => expect(result.current.fields).toEqual({ text: 'Restored' }));
    const put = vi.spyOn(db.drafts, 'put');
    act(() => {
      result.current.save(7, { text: 'R' });
      result.current.save(7, { text: 'Re' });
      result.current.save(7, { text: 'Ready' });
    });
    await waitFor(() => expect(result.current.fields).toEqual({ text: 'Ready' }));
    expect(put).toHaveBeenCalledTimes(1);
    act(() => result.current.save(7, { text: 'Saved on leaving' }));
    unmount();
    await waitFor(async () => expect((await db.drafts.get(7))?.fields).toEqual({ text: 'Saved on leaving' }));
  });

  it('useDraft has the draft read at sign-in in its first render, once, and never a read from long before', async () => {
    await db.drafts.put({ profile_id: 7, fields: { text: 'Typed before signing out' }, updatedAt: 1 });
    // The shell holds the session, as the app does while the form renders.
    const shell = renderHook(() => useSession());
    await waitFor(() => expect(shell.result.current.status).toBe('signed-in'));
    const firstRenders = () => {
      const seen: unknown[] = [];
      renderHook(() => {
        const draft = useDraft();
        seen.push(draft.fields);
        return draft;
      });
      return seen[0];
    };
    await readDraftAhead(7);
    expect(firstRenders()).toEqual({ text: 'Typed before signing out' });
    // Taken once: a later form reads the draft itself (undefined while reading).
    expect(firstRenders()).toBeUndefined();
    await readDraftAhead(7);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 10_001);
    expect(firstRenders()).toBeUndefined();
    vi.restoreAllMocks();
  });

  it('useList has the page an app starting at a dashboard opened early in its first render, once', async () => {
    stubFetch((url) =>
      url.endsWith('quickrequest')
        ? { body: { bulksms: [30, 29].map(message), pageNum: 1, hasMore: false } }
        : undefined,
    );
    const shell = renderHook(() => useSession());
    await waitFor(() => expect(shell.result.current.status).toBe('signed-in'));
    void openListEarly('quick-own');
    // The list screen's code waits for it (a second at most), as screens.tsx has it.
    await earlyListRead(60_000);
    const firstRows = () => {
      const seen: Array<string[] | undefined> = [];
      renderHook(() => {
        const list = useList('quick-own');
        seen.push(list.rows?.map((r) => r.itemId));
        return list;
      });
      return seen[0];
    };
    expect(firstRows()).toEqual(['30', '29']);
    // Taken once: a later list reads the device itself (undefined while reading).
    expect(firstRows()).toBeUndefined();
  });

  it('useDraft saves what is typed when the page is hidden or closed within the delay', async () => {
    const { result } = renderHook(() => useDraft(60_000));
    await waitFor(() => expect(result.current.profileId).toBe(7));
    act(() => result.current.save(7, { text: 'Typed just before the app was swiped away' }));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(async () =>
      expect((await db.drafts.get(7))?.fields).toEqual({ text: 'Typed just before the app was swiped away' }),
    );
    act(() => result.current.save(7, { text: 'Typed before switching to another app' }));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    delete (document as { visibilityState?: string }).visibilityState;
    await waitFor(async () =>
      expect((await db.drafts.get(7))?.fields).toEqual({ text: 'Typed before switching to another app' }),
    );
  });

  it('useOutboxJobs lists the account’s sends, newest first, with their progress', async () => {
    const first = await enqueue({ items: [makeItem({ destinationAddress: '0241111111,0241111112' })] }, 1);
    const second = await enqueue({ items: [makeItem()] }, 2);
    const { result } = renderHook(() => useOutboxJobs());
    await waitFor(() => expect(result.current?.map((j) => j.id)).toEqual([second, first]));
    await db.outboxJobs.update(first, { sent: 1 });
    await waitFor(() => expect(result.current?.find((j) => j.id === first)?.progress).toBe(0.5));
  });

  it('useGroups and useContacts read the mirror and refresh it from the gateway', async () => {
    stubFetch((url) => {
      if (url.endsWith('groupsrequest'))
        return {
          body: {
            groups: [
              {
                id: 3,
                groupname: 'Choir',
                setuptime: '2026-01-01',
                contactcount: 1,
                contacts: [{ id: 9, phonenumber: '0241' }],
              },
            ],
          },
        };
      if (url.endsWith('groupcontacts'))
        return {
          body: {
            contacts: [
              { id: 9, phonenumber: '0241' },
              { id: 10, phonenumber: '0242' },
            ],
            total: 2,
            pageNum: 1,
            hasMore: false,
          },
        };
      return undefined;
    });
    const groups = renderHook(() => useGroups());
    await waitFor(() => expect(groups.result.current.status).toBe('fresh'));
    expect(groups.result.current.groups?.map((g) => g.groupname)).toEqual(['Choir']);
    const contacts = renderHook(() => useContacts(3));
    await waitFor(() => expect(contacts.result.current.contacts?.map((c) => c.id)).toEqual([10, 9]));
  });
});
