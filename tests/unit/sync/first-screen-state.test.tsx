import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { db } from '../../../src/db/db';
import { saveSignIn, wipeAccount } from '../../../src/db/session-store';
import { readSessionHint } from '../../../src/db/boot-mirror';
import { useSession } from '../../../src/sync/hooks/use-session';
import { useDomain } from '../../../src/sync/hooks/use-domain';
import { domainRefreshesSettled, refreshDomain } from '../../../src/sync/domain-sync';
import { makeUser } from '../domain/factories';
import { domainDetails } from '../support/factories';
import { stubFetch } from '../support/fetch-stub';

// The first screen reads the session and the domain from a localStorage copy before Dexie
// loads; IndexedDB stays the truth, so a signed-in user never sees the login form, and the copy follows it.
describe('the first screen’s session and domain', () => {
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says signed out at once when the copy says so, then follows a sign-in saved in IndexedDB', async () => {
    localStorage.setItem('bulk-sms:signed-in', '0');
    const { result } = renderHook(() => useSession());
    expect(result.current.status).toBe('signed-out');
    await saveSignIn(makeUser({ profile_id: 7 }), 1);
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(readSessionHint()).toBe('signed-in');
  });

  it('signed out, does not load IndexedDB’s watch until an account may exist', async () => {
    localStorage.setItem('bulk-sms:signed-in', '0');
    const watch = await import('../../../src/sync/session-watch');
    const watchAccount = vi.spyOn(watch, 'watchAccount');
    const { result } = renderHook(() => useSession());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(watchAccount).not.toHaveBeenCalled();
    // A sign-in in another tab: the browser tells this one that the copy changed.
    await db.session.put({ id: 'current', profile_id: 7, token: 't', signedInAt: 1 });
    await db.users.put({ ...makeUser({ profile_id: 7 }), token: '' });
    localStorage.setItem('bulk-sms:signed-in', '1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'bulk-sms:signed-in', newValue: '1' }));
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(watchAccount).toHaveBeenCalledTimes(1);
  });

  it('waits for IndexedDB, never showing signed out, when a session is stored but the copy is missing', async () => {
    await saveSignIn(makeUser({ profile_id: 7 }), 1);
    localStorage.clear(); // a device that signed in before the copy existed
    const seen: string[] = [];
    const { result } = renderHook(() => {
      const session = useSession();
      seen.push(session.status);
      return session;
    });
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(seen).not.toContain('signed-out');
    expect(readSessionHint()).toBe('signed-in');
  });

  it('writes signed out in the copy when the account is wiped', async () => {
    await saveSignIn(makeUser({ profile_id: 7 }), 1);
    await wipeAccount(7);
    expect(readSessionHint()).toBe('signed-out');
  });

  it('shows the domain from the gateway and keeps it in localStorage, without IndexedDB', async () => {
    stubFetch((url) =>
      url.startsWith('/smsgateway/api/domain') ? { body: domainDetails({ companyname: 'Acme SMS' }) } : undefined,
    );
    const host = window.location.hostname;
    const { result } = renderHook(() => useDomain());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.status === 'ready' && result.current.domain.companyname).toBe('Acme SMS');
    await domainRefreshesSettled();
    expect(localStorage.getItem(`bulk-sms:domain:${host}`)).toContain('Acme SMS');
    expect(await db.domains.get(host)).toBeUndefined();
  });

  it('asks the gateway once for the screens that show the brand one after another; a saved setting asks again', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      if (!url.startsWith('/smsgateway/api/domain')) return undefined;
      asked.push(url);
      return { body: domainDetails({ companyname: `Acme SMS ${asked.length}` }) };
    });
    const host = window.location.hostname;
    const first = renderHook(() => useDomain());
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    await domainRefreshesSettled();
    const second = renderHook(() => useDomain());
    expect(second.result.current.status === 'ready' && second.result.current.domain.companyname).toBe('Acme SMS 1');
    await domainRefreshesSettled();
    expect(asked).toHaveLength(1);
    await refreshDomain(host, { force: true });
    expect(asked).toHaveLength(2);
    await waitFor(() =>
      expect(second.result.current.status === 'ready' && second.result.current.domain.companyname).toBe('Acme SMS 2'),
    );
  });

  it('keeps the domain in IndexedDB where localStorage refuses it, and shows it from there offline', async () => {
    const host = window.location.hostname;
    // A full localStorage: every write refused (unstubbed after each test).
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    {
      stubFetch((url) =>
        url.startsWith('/smsgateway/api/domain') ? { body: domainDetails({ companyname: 'Acme SMS' }) } : undefined,
      );
      await refreshDomain(host);
      expect((await db.domains.get(host))?.companyname).toBe('Acme SMS');
      stubFetch(() => undefined);
      const { result } = renderHook(() => useDomain());
      await waitFor(() => expect(result.current.status).toBe('ready'));
      expect(result.current.status === 'ready' && result.current.domain.companyname).toBe('Acme SMS');
    }
  });

  it('offline, shows the details IndexedDB held before the copy existed, and copies them', async () => {
    const host = window.location.hostname;
    await db.domains.put({ ...domainDetails({ companyname: 'Stored Brand' }), host, fetchedAt: Date.now() });
    stubFetch(() => undefined);
    const { result } = renderHook(() => useDomain());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.status === 'ready' && result.current.domain.companyname).toBe('Stored Brand');
    expect(localStorage.getItem(`bulk-sms:domain:${host}`)).toContain('Stored Brand');
  });
});
