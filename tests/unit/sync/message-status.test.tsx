import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { db } from '../../../src/db/db';
import { saveSignIn } from '../../../src/db/session-store';
import { useMessageStatus } from '../../../src/sync/message-status';
import { stubFetch } from '../support/fetch-stub';
import { makeUser } from '../domain/factories';

const answer = (statuses: string[]) => ({
  body: {
    status: statuses.map((status, i) => ({
      id: i + 1,
      mobilenumber: `23324100000${i}`,
      status,
      statusnumber: 0,
      referencekey: `ref${i}`,
    })),
  },
});

describe('the status page looks again only while a status may still change', () => {
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

  async function firstLook(statuses: string[]) {
    const fetch = stubFetch((url) => (url.includes('/status/') ? answer(statuses) : undefined));
    const view = renderHook(() => useMessageStatus('AbcDef'));
    await vi.waitFor(() => expect(view.result.current.rows).toHaveLength(statuses.length));
    return { fetch, ...view };
  }

  it('asks again while a recipient is PENDING or SCHEDULED', async () => {
    for (const statuses of [['SENT', 'PENDING'], ['SCHEDULED']]) {
      const { fetch, unmount } = await firstLook(statuses);
      expect(vi.getTimerCount()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(3000));
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
      unmount();
    }
  });

  it('stops once every status is final: UNKNOWN never changes, so it is not asked about again', async () => {
    const { fetch, unmount } = await firstLook(['SENT', 'UNKNOWN', 'FAILED']);
    expect(vi.getTimerCount()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetch).toHaveBeenCalledTimes(1);
    unmount();
  });
});
