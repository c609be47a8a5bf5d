import { db } from './db';
import type { StoredDraft } from './app-db';

export const readDraft = (profileId: number) => db.drafts.get(profileId);

/** The account's draft's fields, or null when it has none. */
export const readDraftFields = async (profileId: number) => (await readDraft(profileId))?.fields ?? null;

/**
 * Stores the fields as the account's draft, as they were at `changedAt`. A draft stored later wins: a
 * change typed before a send must not land after the send emptied the draft (outbox-store's addJob),
 * nor over a refused send put back for editing.
 */
export async function saveDraft(
  profileId: number,
  fields: StoredDraft['fields'],
  changedAt = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.drafts, async () => {
    const stored = await db.drafts.get(profileId);
    // A stored time ahead of the clock is the phone's clock set back since: it holds nothing back.
    if (stored && stored.updatedAt > changedAt && stored.updatedAt <= Date.now()) return;
    await db.drafts.put({ profile_id: profileId, fields, updatedAt: changedAt });
  });
}

/** Whether any account's draft has message text typed (an app update must not reload over it). */
export async function anyDraftHasText(): Promise<boolean> {
  const drafts = await db.drafts.toArray();
  return drafts.some((d) => typeof d.fields.text === 'string' && d.fields.text.trim() !== '');
}

export async function clearDraft(profileId: number): Promise<void> {
  await db.drafts.delete(profileId);
}
