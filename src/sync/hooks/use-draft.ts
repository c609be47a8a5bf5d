import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { clearDraft, readDraftFields, saveDraft } from '../../db/draft-store';
import type { StoredDraft } from '../../db/app-db';
import { useProfileId } from './use-profile-id';
import { takeDraftReadAhead } from '../draft-ahead';

const DRAFT_SAVE_DELAY_MS = 400;

export interface DraftView {
  /** The stored fields: undefined while reading, null when there is no draft. */
  fields: StoredDraft['fields'] | null | undefined;
  /** The account `fields` are of: another may sign in (another tab) while a form is open. */
  profileId: number | undefined;
  /**
   * Saves the fields as that account's draft after typing pauses (debounced); the last change is saved
   * on unmount too. The form names the account its fields came from, never merely the one signed in now.
   */
  save(profileId: number, fields: StoredDraft['fields']): void;
  clear(): Promise<void>;
}

/** The send form's draft of the signed-in account (restored on reload: docs/product.md#the-send-form). */
export function useDraft(delayMs = DRAFT_SAVE_DELAY_MS): DraftView {
  const profileId = useProfileId();
  // Read at sign-in, the draft is there for the first render (sync/draft-ahead.ts); the live read follows.
  const [readAhead] = useState(() => {
    if (profileId === undefined) return undefined;
    const fields = takeDraftReadAhead(profileId);
    return fields === undefined ? undefined : { profileId, fields };
  });
  const read = useLiveQuery(
    async () => (profileId === undefined ? undefined : { profileId, fields: await readDraftFields(profileId) }),
    [profileId],
    readAhead?.profileId === profileId ? readAhead : undefined,
  );
  const pending = useRef<{ profileId: number; fields: StoredDraft['fields']; at: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next) void saveDraft(next.profileId, next.fields, next.at);
  }, []);

  const save = useCallback(
    (owner: number, next: StoredDraft['fields']) => {
      // Another account's fields still pending are saved as theirs first, never under this one.
      if (pending.current && pending.current.profileId !== owner) flush();
      pending.current = { profileId: owner, fields: next, at: Date.now() };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  const clear = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = null;
    if (profileId !== undefined) await clearDraft(profileId);
  }, [profileId]);

  useEffect(() => flush, [flush, profileId]);
  // The page may close (app swiped away, reload) within the delay: what was typed is saved as it goes.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [flush]);
  return { fields: read?.fields, profileId: read?.profileId, save, clear };
}
