import { useEffect, useState } from 'react';
import { onContactsChanged, readContacts } from '../../db/phonebook-store';
import type { StoredContact } from '../../db/app-db';

/** The shortest pause between two reads of a whole book, and how many times the last read's length it waits at least. */
const MIN_GAP_MS = 100;
const GAP_PER_READ = 4;

/**
 * One phone book's contacts from the device, newest first. Writes only mark the copy stale: the whole book
 * is read again at most every few read-lengths, so a 100,000-contact book being mirrored page by page does
 * not keep the page busy re-reading itself.
 */
export function useStoredContacts(profileId: number | undefined, groupId: number): StoredContact[] | undefined {
  return useStoredBooks(profileId, String(groupId));
}

/** The contacts of several books (ids comma-joined, so the caller's array identity does not matter), read as above. */
export function useStoredBooks(profileId: number | undefined, groupIds: string): StoredContact[] | undefined {
  const key = `${profileId}:${groupIds}`;
  const [read, setRead] = useState<{ key: string; rows: StoredContact[] }>();

  useEffect(() => {
    const ids = groupIds === '' ? [] : groupIds.split(',').map(Number);
    if (profileId === undefined || !ids.every(Number.isInteger)) return;
    let live = true;
    let reading = false;
    let stale = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastEnd = 0;
    let lastMs = 0;

    const readNow = async () => {
      timer = undefined;
      reading = true;
      stale = false;
      const start = Date.now();
      try {
        const rows = (await Promise.all(ids.map((id) => readContacts(profileId, id)))).flat();
        if (live) setRead({ key, rows });
      } finally {
        reading = false;
        lastEnd = Date.now();
        lastMs = lastEnd - start;
        if (stale && live) schedule();
      }
    };
    function schedule() {
      if (reading) stale = true;
      if (reading || timer !== undefined) return;
      const wait = Math.max(0, lastEnd + Math.max(MIN_GAP_MS, lastMs * GAP_PER_READ) - Date.now());
      timer = setTimeout(() => void readNow().catch(() => {}), wait);
    }

    const unsubscribe = onContactsChanged(schedule);
    void readNow().catch(() => {});
    return () => {
      live = false;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [profileId, groupIds, key]);

  return read?.key === key ? read.rows : undefined;
}
