import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { SHARE_MAX_AGE_MS, SHARED_CACHE } from '../../../src/domain/send/incoming';
import { collectShared, takeIncoming, type Incoming } from '../../../src/flows/incoming';
import { saveSignIn } from '../../../src/db/session-store';
import { signOut } from '../../../src/sync/session';
import { stubFetch } from '../support/fetch-stub';
import { keepShared, stubCacheStorage } from '../support/shared-in-cache';
import { makeUser } from '../domain/factories';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const CSV = 'numbers\n233240001001\n';

const keep = (item: Record<string, unknown>) => keepShared(item, new Blob([CSV], { type: 'text/csv' }));
const shared = (extra: Record<string, unknown>) => ({
  text: 'Shared from WhatsApp',
  fileName: 'shared.csv',
  fileType: 'text/csv',
  ...extra,
});

let kept: ReturnType<typeof stubCacheStorage>['urls'];
let offered: Mock<(item: Incoming) => void>;
let stopTaking: () => void;
beforeEach(() => {
  kept = stubCacheStorage().urls;
  // The screen shown: a share must never reach it without the user's yes.
  offered = vi.fn();
  stopTaking = takeIncoming(offered);
});
afterEach(() => {
  stopTaking();
  vi.unstubAllGlobals();
});

describe('a share the service worker kept', () => {
  it('is read once, file and text, for the send form to ask about, and forgotten', async () => {
    await keep(shared({ keptAt: NOW - 1000 }));
    const item = await collectShared(NOW);
    expect(item?.text).toBe('Shared from WhatsApp');
    expect(item?.file?.name).toBe('shared.csv');
    expect(await item?.file?.text()).toBe(CSV);
    expect(kept(SHARED_CACHE)).toEqual([]);
    expect(await collectShared(NOW)).toBeNull();
    expect(offered).not.toHaveBeenCalled();
  });

  it('is offered up to 10 minutes after it came; an older one is dropped unseen', async () => {
    await keep(shared({ keptAt: NOW - SHARE_MAX_AGE_MS }));
    expect(await collectShared(NOW)).not.toBeNull();

    await keep(shared({ keptAt: NOW - SHARE_MAX_AGE_MS - 1 }));
    expect(await collectShared(NOW)).toBeNull();
    expect(kept(SHARED_CACHE)).toEqual([]);
    expect(offered).not.toHaveBeenCalled();
  });

  it('kept without its time (by an older version of the app) counts as expired, and is dropped', async () => {
    await keep(shared({}));
    expect(await collectShared(NOW)).toBeNull();
    expect(kept(SHARED_CACHE)).toEqual([]);
    expect(offered).not.toHaveBeenCalled();
  });

  it('is forgotten at sign-out: the next account to sign in is not offered it', async () => {
    await saveSignIn(makeUser({ profile_id: 41 }));
    await keep(shared({ keptAt: Date.now() }));
    stubFetch(() => undefined); // the gateway's revocation is best effort: offline here
    await signOut();
    expect(kept(SHARED_CACHE)).toEqual([]);
    expect(await collectShared()).toBeNull();
  });
});
