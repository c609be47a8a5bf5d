import type { Page } from 'playwright-core';

// What the app keeps in its IndexedDB ('bulk-sms'), read from the page as the app stored it.

/** Every record of one store of the app (outbox jobs, drafts, the draft's sheet, the session). */
export async function storedRecords<T = Record<string, unknown>>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('bulk-sms');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction(name).objectStore(name).getAll();
          read.onsuccess = () => {
            resolve(read.result as T[]);
            db.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
    store,
  );
}

export type StoredJob = { id: string; state: string; sent: number; total: number; split: boolean };

/** Outbox jobs (the drainer's progress and the Idempotency-Key's jobId). */
export const outboxJobs = (page: Page) => storedRecords<StoredJob>(page, 'outboxJobs');

/** The text of the send form's stored draft (debounced writes land here). */
export async function storedDraftText(page: Page): Promise<string | null> {
  const [first] = await storedRecords<{ fields?: { text?: string } }>(page, 'drafts');
  return first?.fields?.text ?? null;
}

/** The session the app holds: its token and account. */
export async function storedSession(page: Page) {
  const sessions = await storedRecords<{ id: string; token: string; profile_id: number }>(page, 'session');
  const current = sessions.find((s) => s.id === 'current');
  if (!current) throw new Error('no session stored');
  return current;
}
