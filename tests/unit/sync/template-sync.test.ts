import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { saveSignIn } from '../../../src/db/session-store';
import * as store from '../../../src/db/template-store';
import { flushTemplates } from '../../../src/sync/templates';
import { makeUser } from '../domain/factories';

const MADE_OFFLINE = { id: 'a1', name: 'Akwaaba', text: 'Akwaaba {firstname}', category: 'promotional', updatedAt: 5 };

describe('templates made offline, sent when the network returns', () => {
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
    await saveSignIn(makeUser({ profile_id: 7, token: 'tok' }));
    await store.keepSave(7, { ...MADE_OFFLINE, category: 'promotional' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends again when asked while a flush that fails offline is still under way', async () => {
    // The save's own flush goes out offline; the network returns (the 'online' flush) before it has failed.
    let failOffline!: () => void;
    const offlineAttempt = new Promise<void>((resolve) => (failOffline = resolve));
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementationOnce(async () => {
        await offlineAttempt;
        throw new TypeError('Failed to fetch');
      })
      .mockImplementation(
        async () =>
          new Response(JSON.stringify({ status: 'success', message: 'Saved', template: MADE_OFFLINE }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
      );
    vi.stubGlobal('fetch', fetchMock);

    const offlineFlush = flushTemplates();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const onlineFlush = flushTemplates();
    failOffline();
    await Promise.all([offlineFlush, onlineFlush]);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await store.pendingTemplates(7)).toEqual([]);
  });
});
