// The status page asks status/{id} for the page it shows, never the whole list; while recipients are
// pending it asks only for what changed after its cursor, and the page again only when something did.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { db } from '../../../src/db/db';
import { saveSignIn } from '../../../src/db/session-store';
import { useStatusPage, type StatusPageQuery } from '../../../src/sync/message-status';
import {
  arrivedStatusPage,
  prefetchStatusPage,
  statusPageAsked,
  untilPrefetchedStatusPage,
} from '../../../src/sync/status-prefetch';
import { stubFetch } from '../support/fetch-stub';
import { makeUser } from '../domain/factories';

const row = (status: string, i: number) => ({
  id: i + 1,
  mobilenumber: `23324100000${i}`,
  status,
  statusnumber: 0,
  referencekey: `ref${i}`,
});
const totalsOf = (statuses: string[]) => ({
  sent: statuses.filter((s) => s === 'SENT').length,
  failed: statuses.filter((s) => s === 'FAILED').length,
  pending: statuses.filter((s) => s !== 'SENT' && s !== 'FAILED').length,
  optedOut: 0,
  total: statuses.length,
  waiting: statuses.filter((s) => s === 'PENDING' || s === 'SCHEDULED').length,
});

type Body = Record<string, unknown>;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? '{}')) as Body;

describe('the status page asks for a page, then only for changes while some are pending', () => {
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
    await saveSignIn(makeUser({ profile_id: 7 }), 1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function gateway(
    statuses: string[],
    changes: () => { changes: Body[]; statuses?: string[] } = () => ({ changes: [] }),
  ) {
    const bodies: Body[] = [];
    let current = statuses;
    const fetch = stubFetch((url, init) => {
      if (!url.includes('/status/')) return undefined;
      const body = bodyOf(init);
      bodies.push(body);
      if (body.since !== undefined) {
        const next = changes();
        if (next.statuses) current = next.statuses;
        return {
          body: {
            changes: next.changes,
            cursor: Number(body.since) + next.changes.length,
            more: false,
            totals: totalsOf(current),
          },
        };
      }
      return {
        body: {
          status: current.map(row),
          page: body.page,
          size: body.size,
          matching: current.length,
          totals: totalsOf(current),
          cursor: 10,
        },
      };
    });
    return { fetch, bodies };
  }

  it('asks for the first page of 5 in recipient order, never without paging', async () => {
    const { bodies } = gateway(['SENT', 'FAILED']);
    const view = renderHook(() => useStatusPage('AbcDef', { page: 1, size: 5, search: '', filter: null }));
    await vi.waitFor(() => expect(view.result.current.rows).toHaveLength(2));
    expect(bodies[0]).toEqual({ profile_id: 7, page: 1, size: 5 });
    expect(view.result.current.totals).toEqual({ sent: 1, failed: 1, pending: 0, optedOut: 0, total: 2, waiting: 0 });
    view.unmount();
  });

  it('sends the search and the filter to the gateway', async () => {
    const { bodies } = gateway(['FAILED']);
    const view = renderHook(() => useStatusPage('AbcDef', { page: 2, size: 25, search: ' 024 ', filter: 'failed' }));
    await vi.waitFor(() => expect(view.result.current.rows).toHaveLength(1));
    expect(bodies[0]).toEqual({ profile_id: 7, page: 2, size: 25, search: '024', filter: 'failed' });
    view.unmount();
  });

  it('while some are pending, looks only at what changed after its cursor; asks for the page again when something did', async () => {
    let round = 0;
    const { bodies } = gateway(['SENT', 'PENDING'], () => {
      round += 1;
      return round === 1 ? { changes: [] } : { changes: [row('SENT', 1)], statuses: ['SENT', 'SENT'] };
    });
    const view = renderHook(() => useStatusPage('AbcDef', { page: 1, size: 5, search: '', filter: null }));
    await vi.waitFor(() => expect(view.result.current.rows).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ profile_id: 7, since: 10 });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await vi.waitFor(() => expect(bodies).toHaveLength(4));
    expect(bodies[2]).toEqual({ profile_id: 7, since: 10 });
    expect(bodies[3]).toEqual({ profile_id: 7, page: 1, size: 5 });
    await vi.waitFor(() => expect(view.result.current.totals?.waiting).toBe(0));
    // Every status is final: nothing is asked again.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(bodies).toHaveLength(4);
    view.unmount();
  });

  it('stops once every status is final: UNKNOWN never changes, so it is not asked about again', async () => {
    const { fetch } = gateway(['SENT', 'UNKNOWN', 'FAILED']);
    // UNKNOWN is counted with the pending ones but is final: nothing waits.
    const view = renderHook(() => useStatusPage('AbcDef', { page: 1, size: 5, search: '', filter: null }));
    await vi.waitFor(() => expect(view.result.current.rows).toHaveLength(3));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetch).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('asks for the next page after the last row shown, and anew when the filter changes', async () => {
    const bodies: Body[] = [];
    stubFetch((url, init) => {
      if (!url.includes('/status/')) return undefined;
      const body = bodyOf(init);
      bodies.push(body);
      const start = body.after === undefined ? 0 : Number(body.after) + 3;
      const rows = [0, 1].map((i) => ({ ...row('FAILED', start + i * 3), index: start + i * 3 }));
      return { body: { status: rows, page: body.page, size: 5, matching: 9, totals: totalsOf(['FAILED']), cursor: 1 } };
    });
    const view = renderHook((q: StatusPageQuery) => useStatusPage('AbcDef', q), {
      initialProps: { page: 1, size: 5, search: '', filter: 'failed' },
    });
    await vi.waitFor(() => expect(view.result.current.rows?.map((r) => r.index)).toEqual([0, 3]));
    view.rerender({ page: 2, size: 5, search: '', filter: 'failed' });
    await vi.waitFor(() => expect(view.result.current.rows?.map((r) => r.index)).toEqual([6, 9]));
    expect(bodies[1]).toEqual({ profile_id: 7, page: 2, size: 5, filter: 'failed', after: 3 });
    view.rerender({ page: 1, size: 5, search: '', filter: 'failed' });
    await vi.waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toEqual({ profile_id: 7, page: 1, size: 5, filter: 'failed' });
    // Another filter's pages are counted anew: its page 2 has no row of its own before it yet.
    view.rerender({ page: 2, size: 5, search: '', filter: 'sent' });
    await vi.waitFor(() => expect(bodies).toHaveLength(4));
    expect(bodies[3]).toEqual({ profile_id: 7, page: 2, size: 5, filter: 'sent' });
    view.unmount();
  });

  it('takes the first page asked for as the app started, once, for that message only', async () => {
    const { bodies } = gateway(['SENT', 'FAILED']);
    prefetchStatusPage('AbcDef');
    const view = renderHook(() => useStatusPage('AbcDef', { page: 1, size: 5, search: '', filter: null }));
    await vi.waitFor(() => expect(view.result.current.rows).toHaveLength(2));
    expect(bodies).toEqual([{ profile_id: 7, page: 1, size: 5 }]);
    view.unmount();
    // Opened again, or another message: asked for anew.
    prefetchStatusPage('Other');
    const again = renderHook(() => useStatusPage('AbcDef', { page: 1, size: 5, search: '', filter: null }));
    await vi.waitFor(() => expect(bodies).toHaveLength(3));
    await vi.waitFor(() => expect(again.result.current.rows).toHaveLength(2));
    again.unmount();
  });

  it('shows the early answer in its first render when it has already arrived', async () => {
    const { bodies } = gateway(['SENT', 'FAILED', 'PENDING']);
    prefetchStatusPage('AbcDef');
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    await vi.waitFor(() => expect(arrivedStatusPage('AbcDef', { page: 1, size: 5 })).not.toBeNull());
    const view = renderHook(() => useStatusPage('AbcDef', { page: 1, size: 5, search: '', filter: null }));
    expect(view.result.current.rows).toHaveLength(3);
    expect(view.result.current.loading).toBe(false);
    // Still pending ones: the next look asks only for changes.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ profile_id: 7, since: 10 });
    view.unmount();
  });

  it("the screen's code waits for the early answer, so its first render has the rows; at most the time given", async () => {
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const { bodies } = gateway(['SENT', 'FAILED']);
    const gatewayFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return gatewayFetch(...args);
    });
    prefetchStatusPage('AbcDef');
    let waited = false;
    const wait = untilPrefetchedStatusPage(1000).then(() => (waited = true));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(waited).toBe(false);
    answer!();
    await wait;
    expect(bodies).toHaveLength(1);
    const view = renderHook(() => useStatusPage('AbcDef', { page: 1, size: 5, search: '', filter: null }));
    expect(view.result.current.rows).toHaveLength(2);
    view.unmount();
    // A slow answer is waited for a second at most.
    let slow: (() => void) | undefined;
    const slower = new Promise<void>((resolve) => (slow = resolve));
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await slower;
      return gatewayFetch(...args);
    });
    prefetchStatusPage('Other');
    let gaveUp = false;
    const capped = untilPrefetchedStatusPage(1000).then(() => (gaveUp = true));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await capped;
    expect(gaveUp).toBe(true);
    slow!();
  });

  it('says when the early first page is on its way, before its answer: the app mounts then', async () => {
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const { bodies } = gateway(['SENT']);
    const gatewayFetch = globalThis.fetch;
    let asked = 0;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      asked += 1;
      await held;
      return gatewayFetch(...args);
    });
    prefetchStatusPage('AbcDef');
    await statusPageAsked();
    expect(asked).toBe(1);
    expect(bodies).toHaveLength(0);
    answer!();
    await untilPrefetchedStatusPage(1000);
    expect(bodies).toHaveLength(1);
  });
});
