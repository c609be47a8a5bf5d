import { useCallback, useEffect, useState } from 'react';
import { clearDraftSheet, readDraftSheet, saveDraftSheet, type DraftSheet } from '../../db/draft-sheet-store';
import { useProfileId } from './use-profile-id';
import { emitAlert } from '../../notify/alerts-bus';

const SHEET_NOT_KEPT =
  'The loaded sheet could not be kept on this device (its storage may be full): it will need loading again after a reload';

export interface DraftSheetView {
  /** The sheet stored with the draft: undefined while reading, null when there is none. */
  saved: DraftSheet | null | undefined;
  save(sheet: DraftSheet): void;
  clear(): void;
}

/**
 * The send form's loaded spreadsheet, kept with the draft of the signed-in account. Read once per
 * account, not live: 100,000 rows are not re-read whenever they are written.
 */
export function useDraftSheet(): DraftSheetView {
  const profileId = useProfileId();
  const [read, setRead] = useState<{ profileId: number; sheet: DraftSheet | null } | null>(null);

  useEffect(() => {
    if (profileId === undefined) return;
    let live = true;
    readDraftSheet(profileId).then(
      (sheet) => live && setRead({ profileId, sheet }),
      // A store that cannot be read is no reason to hold the form: it starts without a sheet.
      () => live && setRead({ profileId, sheet: null }),
    );
    return () => {
      live = false;
    };
  }, [profileId]);

  // Writes are queued by Dexie in the order asked, so a clear after a save leaves nothing behind.
  const save = useCallback(
    (sheet: DraftSheet) => {
      if (profileId === undefined) return;
      // The send still works; the user only needs to know the sheet will not survive a reload.
      saveDraftSheet(profileId, sheet).catch(() => emitAlert({ message: SHEET_NOT_KEPT, severity: 'warning' }));
    },
    [profileId],
  );
  const clear = useCallback(() => {
    if (profileId !== undefined) void clearDraftSheet(profileId).catch(() => undefined);
  }, [profileId]);

  const saved = read && read.profileId === profileId ? read.sheet : undefined;
  return { saved, save, clear };
}
