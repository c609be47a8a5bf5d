import { useEffect, useMemo } from 'react';
import type { StoredContact, StoredGroup } from '../../db/app-db';
import { useGroups, type MirrorStatus } from '../../sync/hooks/use-phonebook';
import { useProfileId } from '../../sync/hooks/use-profile-id';
import { useStoredBooks } from '../../sync/hooks/use-group-contacts';
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
  // Read again at most every few read-lengths while a large book is being mirrored, not on every write.
  const contacts = useStoredBooks(profileId, key);

  // Books larger than the part the group list carries are completed here; offline the stored part is used.
  useEffect(() => {
    if (!active) return;
    for (const id of ids) refreshGroupContacts(id).catch(() => {});
  }, [ids, active]);

  return { groups, status, contacts };
}
