import { db } from './db';
import type { StoredDraftSheet } from './app-db';

/** Rows a record: 100,000 rows are 100 records, quick to write (IndexedDB's cost is per record). */
export const SHEET_CHUNK_ROWS = 1000;
const HEAD = -1;

/** A loaded sheet as the send form holds it (the same shape as excel's SheetTable, which db must not import). */
export type DraftSheet = {
  fileName: string;
  sheet: string;
  headings: string[];
  table: { keys: string[]; columns: string[][]; length: number };
};

/** Replaces the account's stored sheet in one transaction: a reload never finds half of one, or two mixed. */
export async function saveDraftSheet(profileId: number, sheet: DraftSheet, now = Date.now()): Promise<void> {
  const { keys, columns, length } = sheet.table;
  const chunks = Math.ceil(length / SHEET_CHUNK_ROWS);
  const records: StoredDraftSheet[] = [
    {
      profile_id: profileId,
      chunk: HEAD,
      head: {
        fileName: sheet.fileName,
        sheet: sheet.sheet,
        headings: sheet.headings,
        keys,
        length,
        chunks,
        savedAt: now,
      },
    },
  ];
  for (let c = 0; c < chunks; c++) {
    const from = c * SHEET_CHUNK_ROWS;
    records.push({
      profile_id: profileId,
      chunk: c,
      columns: columns.map((col) => col.slice(from, from + SHEET_CHUNK_ROWS)),
    });
  }
  await db.transaction('rw', db.draftSheets, async () => {
    await db.draftSheets.where('profile_id').equals(profileId).delete();
    await db.draftSheets.bulkPut(records);
  });
}

/** The account's stored sheet, or null when there is none (or it is not whole: better none than wrong rows). */
export async function readDraftSheet(profileId: number): Promise<DraftSheet | null> {
  const records = await db.draftSheets
    .where('[profile_id+chunk]')
    .between([profileId, HEAD], [profileId, Infinity], true, true)
    .toArray();
  const head = records[0]?.chunk === HEAD ? records[0].head : undefined;
  if (!head) return null;
  const parts = records.slice(1);
  if (parts.length !== head.chunks) return null;
  const columns = head.keys.map((_, k) => parts.flatMap((part) => part.columns?.[k] ?? []));
  if (columns.some((col) => col.length !== head.length)) return null;
  return {
    fileName: head.fileName,
    sheet: head.sheet,
    headings: head.headings,
    table: { keys: head.keys, columns, length: head.length },
  };
}

export async function clearDraftSheet(profileId: number): Promise<void> {
  await db.draftSheets.where('profile_id').equals(profileId).delete();
}
