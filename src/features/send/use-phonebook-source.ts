import { useEffect, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readContacts } from '../../db/phonebook-store';
import type { StoredContact, StoredGroup } from '../../db/app-db';
import { useGroups, type MirrorStatus } from '../../sync/hooks/use-phonebook';
import { useProfileId } from '../../sync/hooks/use-profile-id';
import { refreshGroupContacts } from '../../sync/phonebook-sync';

export type PhonebookSource = {
  groups: StoredGroup[] | undefined;
  /** 'stored': the gateway could not be reached, the books are the device's copy. */
  status: MirrorStatus;
  /** Contacts of the chosen books, from the device (so a send can be prepared offline). */
  contacts: StoredContact[] | undefined;
};

/** The account's phone books (mirrored) and the contacts of the chosen ones, completed from the gateway when online. */
export function usePhonebookSource(groupIds: readonly string[], active: boolean): PhonebookSource {
  const profileId = useProfileId();
  const { groups, status } = useGroups();
  const key = groupIds.join(',');
  const ids = useMemo(() => (key === '' ? [] : key.split(',').map(Number)), [key]);
  const contacts = useLiveQuery(async () => {
    if (profileId === undefined) return undefined;
    const lists = await Promise.all(ids.map((id) => readContacts(profileId, id)));
    return lists.flat();
  }, [profileId, ids]);

  // Books larger than the part the group list carries are completed here; offline the stored part is used.
  useEffect(() => {
    if (!active) return;
    for (const id of ids) refreshGroupContacts(id).catch(() => {});
  }, [ids, active]);

  return { groups, status, contacts };
}
