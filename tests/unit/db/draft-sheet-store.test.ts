import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import {
  clearDraftSheet,
  readDraftSheet,
  saveDraftSheet,
  SHEET_CHUNK_ROWS,
  type DraftSheet,
} from '../../../src/db/draft-sheet-store';

const ROWS = 100_000;

function bigSheet(length = ROWS, name = 'Customer'): DraftSheet {
  const numbers = Array.from({ length }, (_, i) => `23324${String(i).padStart(7, '0')}`);
  const names = Array.from({ length }, (_, i) => `${name} ${i}`);
  return {
    fileName: 'big.xlsx',
    sheet: 'Customers',
    headings: ['numbers', 'Name'],
    table: { keys: ['numbers', 'Name'], columns: [numbers, names], length },
  };
}

const timed = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await run();
  console.log(`${label}: ${Math.round(performance.now() - start)} ms`);
  return result;
};

describe('draft sheet store', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    // Files share this worker's modules (isolate: false): whatever a file before left, open it.
    if (!db.isOpen()) await db.open();
    await db.draftSheets.clear();
    // Account 7 is signed in: an account's rows are written only then (src/db/signed-in-rows.ts).
    await db.session.put({ id: 'current', profile_id: 7, token: 't', signedInAt: 1 });
  });
  afterAll(() => db.session.clear());

  it('saves, restores and clears 100,000 rows as 100 row records and a head', async () => {
    const sheet = bigSheet();
    await timed('save 100,000 rows', () => saveDraftSheet(7, sheet));
    expect(await db.draftSheets.count()).toBe(1 + ROWS / SHEET_CHUNK_ROWS);

    const restored = await timed('restore 100,000 rows', () => readDraftSheet(7));
    expect(restored).toEqual(sheet);

    await timed('clear 100,000 rows', () => clearDraftSheet(7));
    expect(await readDraftSheet(7)).toBeNull();
    expect(await db.draftSheets.count()).toBe(0);
  });

  it('replaces the previous sheet whole, and keeps other accounts apart', async () => {
    await saveDraftSheet(7, bigSheet(2_500, 'Old'));
    await db.session.put({ id: 'current', profile_id: 8, token: 't8', signedInAt: 2 });
    await saveDraftSheet(8, bigSheet(10, 'Other'));
    await db.session.put({ id: 'current', profile_id: 7, token: 't', signedInAt: 3 });
    const next = bigSheet(1_200, 'New');
    await saveDraftSheet(7, next);
    expect(await db.draftSheets.where('profile_id').equals(7).count()).toBe(1 + 2);
    expect(await readDraftSheet(7)).toEqual(next);
    expect((await readDraftSheet(8))?.table.length).toBe(10);
  });

  it('keeps an empty sheet (headings, no rows) and reads a partial one as none', async () => {
    const empty = bigSheet(0);
    await saveDraftSheet(7, empty);
    expect(await readDraftSheet(7)).toEqual(empty);
    await saveDraftSheet(7, bigSheet(1_500));
    await db.draftSheets.delete([7, 1]);
    expect(await readDraftSheet(7)).toBeNull();
  });
});
