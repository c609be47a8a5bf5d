import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readContacts, readGroups } from '../../db/phonebook-store';
import type { StoredContact, StoredGroup } from '../../db/app-db';
import { refreshGroupContacts, refreshGroups } from '../phonebook-sync';
import { useProfileId } from './use-profile-id';

export type MirrorStatus = 'loading' | 'fresh' | 'stored';

/** The account's own phone books from the device, refreshed from the gateway on mount ('stored' when it cannot be reached). */
export function useGroups(): { groups: StoredGroup[] | undefined; status: MirrorStatus } {
  const profileId = useProfileId();
  const [status, setStatus] = useState<MirrorStatus>('loading');
  const groups = useLiveQuery(async () => (profileId === undefined ? undefined : readGroups(profileId)), [profileId]);
  useEffect(() => {
    if (profileId === undefined) return;
    refreshGroups().then(
      () => setStatus('fresh'),
      () => setStatus('stored'),
    );
  }, [profileId]);
  return { groups, status };
}

/** One phone book's contacts from the device (deleted ones hidden at once), refreshed on mount. */
export function useContacts(groupId: number): { contacts: StoredContact[] | undefined; status: MirrorStatus } {
  const profileId = useProfileId();
  const [status, setStatus] = useState<MirrorStatus>('loading');
  const contacts = useLiveQuery(
    async () => (profileId === undefined ? undefined : readContacts(profileId, groupId)),
    [profileId, groupId],
  );
  useEffect(() => {
    if (profileId === undefined) return;
    refreshGroupContacts(groupId).then(
      () => setStatus('fresh'),
      () => setStatus('stored'),
    );
  }, [profileId, groupId]);
  return { contacts, status };
}
