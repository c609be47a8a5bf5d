// The account's message templates on the device (docs/product.md#templates): the gateway's list, and the
// saves and deletions made here that it has not confirmed yet.
import type { Template } from '../domain/templates/template-rules';
import type { StoredContact, StoredTemplate } from './app-db';
import { db } from './db';

const byName = (a: StoredTemplate, b: StoredTemplate) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** The templates the screens show: deleted ones are gone at once; by name. */
export async function shownTemplates(profileId: number): Promise<StoredTemplate[]> {
  const rows = await db.templates.where('profile_id').equals(profileId).toArray();
  return rows.filter((t) => t.pending !== 'delete').sort(byName);
}

/** The gateway's list in place of the stored one; a save or deletion not yet sent keeps the device's row. */
export async function replaceTemplates(profileId: number, templates: readonly Template[]): Promise<void> {
  await db.transaction('rw', db.templates, async () => {
    const pending = new Set(
      (await db.templates.where('profile_id').equals(profileId).toArray()).filter((t) => t.pending).map((t) => t.id),
    );
    await db.templates
      .where('profile_id')
      .equals(profileId)
      .filter((t) => !t.pending)
      .delete();
    await db.templates.bulkPut(
      templates.filter((t) => !pending.has(t.id)).map((t) => ({ ...t, profile_id: profileId })),
    );
  });
}

/** A template saved on the device, to be sent. */
export async function keepSave(profileId: number, template: Template): Promise<void> {
  await db.templates.put({ ...template, profile_id: profileId, pending: 'save' });
}

/** A template gone from the screen, its deletion to be sent. */
export async function keepDeletion(profileId: number, id: string): Promise<void> {
  await db.templates.update([profileId, id], { pending: 'delete' });
}

/** What is waiting for the gateway, oldest change first. */
export async function pendingTemplates(profileId: number): Promise<StoredTemplate[]> {
  const rows = await db.templates
    .where('profile_id')
    .equals(profileId)
    .filter((t) => Boolean(t.pending))
    .toArray();
  return rows.sort((a, b) => a.updatedAt - b.updatedAt);
}

/**
 * The gateway took a save: the row is its answer, unless the device changed it again meanwhile (a newer
 * save stays pending).
 */
export async function confirmSave(profileId: number, sent: StoredTemplate, answer: Template): Promise<void> {
  await db.transaction('rw', db.templates, async () => {
    const now = await db.templates.get([profileId, sent.id]);
    if (!now || now.pending !== 'save' || now.updatedAt !== sent.updatedAt) return;
    await db.templates.put({ ...answer, profile_id: profileId });
  });
}

/** The gateway took a deletion (or refused a save for good): the row goes. */
export async function forgetTemplate(profileId: number, id: string): Promise<void> {
  await db.templates.delete([profileId, id]);
}

/** Contacts a test may take its values from: the own phone books' stored contacts, at most `limit`. */
export async function contactsToFillFrom(profileId: number, limit = 200): Promise<StoredContact[]> {
  const books = await db.groups
    .where('profile_id')
    .equals(profileId)
    .filter((g) => !g.client && !g.pendingDelete)
    .toArray();
  const found: StoredContact[] = [];
  for (const book of books) {
    if (found.length >= limit) break;
    const contacts = await db.contacts
      .where('[profile_id+group_id]')
      .equals([profileId, book.id])
      .filter((c) => !c.pendingDelete)
      .limit(limit - found.length)
      .toArray();
    found.push(...contacts);
  }
  return found;
}
