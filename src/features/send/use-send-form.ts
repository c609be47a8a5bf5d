import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDraft } from '../../sync/hooks/use-draft';
import { sourceAfterSubtypeChange } from '../../domain/messages/message-kinds';
import { preselectedSenderId } from '../../domain/messages/sender-id';
import {
  DEFAULT_INTERVAL_TEXT,
  draftOf,
  fieldsAfterSend,
  fieldsFromDraft,
  type SendFormFields,
} from './send-form-state';

export type SendFormApi = {
  fields: SendFormFields;
  set<K extends keyof SendFormFields>(key: K, value: SendFormFields[K]): void;
  /** Back to the defaults after a successful send (the draft too), but for the sender ID (docs/product.md#the-send-form). */
  reset(): void;
};

function withChange<K extends keyof SendFormFields>(
  current: SendFormFields,
  key: K,
  value: SendFormFields[K],
): SendFormFields {
  const next = { ...current, [key]: value };
  if (key === 'source') next.sourceSwitchedFrom = null;
  if (key === 'subtype') {
    // Personalized sets the source to excel and says so; Regular brings back the source it replaced.
    next.source = sourceAfterSubtypeChange(next.subtype, current.source);
    if (next.source !== current.source) next.sourceSwitchedFrom = current.source;
    else if (current.sourceSwitchedFrom && next.subtype === 'regular') {
      next.source = current.sourceSwitchedFrom;
      next.sourceSwitchedFrom = null;
    }
  }
  // A recurring send repeats every 1 unit until the user says otherwise (docs/product.md#recurring).
  if ((key === 'recurringPeriod' || key === 'messageType') && next.recurringInterval.trim() === '')
    next.recurringInterval = DEFAULT_INTERVAL_TEXT;
  return next;
}

type AccountForm = { profileId: number; fields: SendFormFields };

/**
 * The form's fields, restored from the account's draft once and saved (debounced) on every change;
 * a single approved sender ID is preselected (docs/product.md#the-send-form), an ID no longer approved is dropped.
 * The fields are one account's: another account signed in (another tab) gets its own draft, never these.
 */
export function useSendForm(senderIds: readonly string[]): SendFormApi | null {
  const { fields: stored, profileId, save } = useDraft();
  const [form, setForm] = useState<AccountForm | null>(null);

  if (stored !== undefined && profileId !== undefined && form?.profileId !== profileId)
    setForm({ profileId, fields: fieldsFromDraft(stored) });

  useEffect(() => {
    if (form) save(form.profileId, draftOf(form.fields));
  }, [form, save]);

  const set = useCallback(<K extends keyof SendFormFields>(key: K, value: SendFormFields[K]) => {
    setForm((current) => (current ? { ...current, fields: withChange(current.fields, key, value) } : current));
  }, []);

  const reset = useCallback(
    () => setForm((current) => (current ? { ...current, fields: fieldsAfterSend(current.fields) } : current)),
    [],
  );
  const fields = form?.fields ?? null;

  const shown = useMemo(() => {
    if (!fields) return null;
    const chosen =
      fields.senderId !== '' && senderIds.includes(fields.senderId) ? fields.senderId : preselectedSenderId(senderIds);
    return chosen === fields.senderId ? fields : { ...fields, senderId: chosen };
  }, [fields, senderIds]);
  return shown ? { fields: shown, set, reset } : null;
}
