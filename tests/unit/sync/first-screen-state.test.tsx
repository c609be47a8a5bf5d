import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { db } from '../../../src/db/db';
import { saveSignIn, wipeAccount } from '../../../src/db/session-store';
import { readSessionHint } from '../../../src/db/boot-mirror';
import { useSession } from '../../../src/sync/hooks/use-session';
import { useDomain } from '../../../src/sync/hooks/use-domain';
import { makeUser } from '../domain/factories';
import { domainDetails } from '../support/factories';
import { stubFetch } from '../support/fetch-stub';

// Issue 16: the first screen reads the session and the domain from a localStorage copy before Dexie
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

  it('shows the domain from the gateway and keeps it in both copies', async () => {
    stubFetch((url) =>
      url.startsWith('/smsgateway/api/domain') ? { body: domainDetails({ companyname: 'Acme SMS' }) } : undefined,
    );
    const host = window.location.hostname;
    const { result } = renderHook(() => useDomain());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.status === 'ready' && result.current.domain.companyname).toBe('Acme SMS');
    await waitFor(async () => expect((await db.domains.get(host))?.companyname).toBe('Acme SMS'));
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
