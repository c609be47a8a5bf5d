import { db } from './db';
import type { StoredDraft } from './app-db';

export const readDraft = (profileId: number) => db.drafts.get(profileId);

export async function saveDraft(profileId: number, fields: StoredDraft['fields'], now = Date.now()): Promise<void> {
  await db.drafts.put({ profile_id: profileId, fields, updatedAt: now });
}

export async function clearDraft(profileId: number): Promise<void> {
  await db.drafts.delete(profileId);
}
