import { db } from './db';
import type { StoredDraft } from './app-db';

export const readDraft = (profileId: number) => db.drafts.get(profileId);

export async function saveDraft(profileId: number, fields: StoredDraft['fields'], now = Date.now()): Promise<void> {
  await db.drafts.put({ profile_id: profileId, fields, updatedAt: now });
}

/** Whether any account's draft has message text typed (an app update must not reload over it). */
export async function anyDraftHasText(): Promise<boolean> {
  const drafts = await db.drafts.toArray();
  return drafts.some((d) => typeof d.fields.text === 'string' && d.fields.text.trim() !== '');
}

export async function clearDraft(profileId: number): Promise<void> {
  await db.drafts.delete(profileId);
}
