import { useCallback, useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { clearDraft, readDraft, saveDraft } from '../../db/draft-store';
import type { StoredDraft } from '../../db/app-db';
import { useProfileId } from './use-profile-id';

const DRAFT_SAVE_DELAY_MS = 400;

export interface DraftView {
  /** The stored fields: undefined while reading, null when there is no draft. */
  fields: StoredDraft['fields'] | null | undefined;
  /** Saves after typing pauses (debounced); the last change is saved on unmount too. */
  save(fields: StoredDraft['fields']): void;
  clear(): Promise<void>;
}

/** The send form's draft of the signed-in account (restored on reload: docs/product.md#the-send-form). */
export function useDraft(delayMs = DRAFT_SAVE_DELAY_MS): DraftView {
  const profileId = useProfileId();
  const fields = useLiveQuery(
    async () => (profileId === undefined ? undefined : ((await readDraft(profileId))?.fields ?? null)),
    [profileId],
  );
  const pending = useRef<{ profileId: number; fields: StoredDraft['fields'] } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next) void saveDraft(next.profileId, next.fields);
  }, []);

  const save = useCallback(
    (next: StoredDraft['fields']) => {
      if (profileId === undefined) return;
      pending.current = { profileId, fields: next };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [profileId, delayMs, flush],
  );

  const clear = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = null;
    if (profileId !== undefined) await clearDraft(profileId);
  }, [profileId]);

  useEffect(() => flush, [flush, profileId]);
  return { fields, save, clear };
}
