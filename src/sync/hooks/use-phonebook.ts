import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readGroup, readGroups } from '../../db/phonebook-store';
import type { StoredContact, StoredGroup } from '../../db/app-db';
import { checkGroupContacts, loadAllClientGroups, refreshGroups } from '../phonebook-sync';
import { useStoredContacts } from './use-group-contacts';
import { useProfileId } from './use-profile-id';

export type MirrorStatus = 'loading' | 'fresh' | 'stored';

/**
 * Runs `refresh` per account while `enabled`, and again when the network returns: 'fresh' when it
 * worked, 'stored' while the gateway is out of reach (the screen then says it shows saved data).
 * `refresh` keeps its identity while it refreshes the same thing (a module function, a callback per book),
 * so it runs once for each, not on every render.
 */
function useRefresh(profileId: number | undefined, enabled: boolean, refresh: () => Promise<unknown>) {
  const [status, setStatus] = useState<MirrorStatus>('loading');
  useEffect(() => {
    if (profileId === undefined || !enabled) return;
    let live = true;
    const run = () =>
      refresh().then(
        () => live && setStatus('fresh'),
        () => live && setStatus('stored'),
      );
    void run();
    window.addEventListener('online', run);
    return () => {
      live = false;
      window.removeEventListener('online', run);
    };
  }, [profileId, enabled, refresh]);
  return status;
}

/** The account's own phone books from the device, refreshed from the gateway on mount. */
export function useGroups(enabled = true): { groups: StoredGroup[] | undefined; status: MirrorStatus } {
  const profileId = useProfileId();
  const groups = useLiveQuery(async () => (profileId === undefined ? undefined : readGroups(profileId)), [profileId]);
  return { groups, status: useRefresh(profileId, enabled, refreshGroups) };
}

/** An admin's clients' phone books (read-only), all pages mirrored on mount. */
export function useClientGroups(enabled = true): { groups: StoredGroup[] | undefined; status: MirrorStatus } {
  const profileId = useProfileId();
  const groups = useLiveQuery(
    async () => (profileId === undefined ? undefined : readGroups(profileId, true)),
    [profileId],
  );
  return { groups, status: useRefresh(profileId, enabled, loadAllClientGroups) };
}

/** One phone book as stored on the device (null when it is not there). */
export function useGroup(groupId: number): StoredGroup | null | undefined {
  const profileId = useProfileId();
  return useLiveQuery(
    async () => (profileId === undefined ? undefined : ((await readGroup(profileId, groupId)) ?? null)),
    [profileId, groupId],
  );
}

/** One phone book's contacts from the device (re-read throttled), checked against the gateway on mount. */
export function useContacts(groupId: number): { contacts: StoredContact[] | undefined; status: MirrorStatus } {
  const profileId = useProfileId();
  const contacts = useStoredContacts(profileId, groupId);
  const check = useCallback(() => checkGroupContacts(groupId), [groupId]);
  return { contacts, status: useRefresh(profileId, Number.isInteger(groupId), check) };
}
