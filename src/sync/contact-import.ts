// Loading a checked sheet of contacts into a phone book, in parts, without ever loading a part twice.
import { ApiFailure } from '../api/api-failure';
import * as api from '../api/phonebook-api';
import { contactAt, type ContactTable, type SetAsideRow } from '../domain/contacts/contact-sheet';
import { canonicalPhone } from '../domain/numbers/phone-number';
import { importSummary, lostPartOutcome } from '../domain/contacts/phonebook';
import { countText } from '../domain/plural';
import * as store from '../db/phonebook-store';
import { describeFailure } from './failures';
import { mirrorNewContacts, phonebookAccount } from './phonebook-sync';

/** Rows a request: well under the gateway's body limit, and a progress step a phone shows. */
export const IMPORT_PART_ROWS = 5000;

export type ImportProgress = { phase: 'sending' | 'saving'; done: number; total: number };

/** Where an import stands: enough to go on after a lost connection without sending a part twice. */
export type ImportCheckpoint = {
  /** The book's count before the first part, and the contacts the gateway confirmed since. */
  before: number;
  confirmed: number;
  /** Rows the gateway skipped: their number was in the book already. */
  skipped: number;
  /** The first row (table index) not yet confirmed. */
  next: number;
  /** A part sent without an answer: the count tells later whether it landed. */
  unanswered: { from: number; to: number } | null;
  /** The device's newest contact id before the import: newer ones are the imported. */
  newestBefore: number;
  rejected: SetAsideRow[];
};

export type ImportResult =
  | { status: 'done'; inserted: number; skipped: number; rejected: SetAsideRow[]; message: string }
  /** No connection: `checkpoint` goes on where it stopped (none: nothing was sent yet). */
  | { status: 'interrupted'; checkpoint: ImportCheckpoint | undefined; message: string }
  /** The gateway said no (or the book changed so that a lost part cannot be told): nothing more is sent. */
  | { status: 'refused'; checkpoint: ImportCheckpoint | undefined; message: string };

export const lostPartMessage = (from: number, to: number, loaded: number) =>
  `The connection was lost while rows ${from} to ${to} were sent. ${countText(loaded, 'contact')} of this file are loaded; load the rest when you are back online`;

function isNoAnswer(error: unknown): boolean {
  return !(error instanceof ApiFailure) || error.kind === 'network' || error.kind === 'timeout';
}

async function bookTotal(token: string, profileId: number, groupId: number): Promise<number> {
  return (await api.fetchGroupContacts(token, profileId, groupId, 1)).total;
}

/** How many of these contacts' numbers the device's copy of the book holds already (the gateway will skip them). */
export async function countAlreadyInBook(groupId: number, numbers: readonly string[]): Promise<number> {
  const { profileId } = await phonebookAccount();
  const held = new Set((await store.readBook(profileId, groupId)).map((c) => canonicalPhone(c.phonenumber)));
  return numbers.filter((n) => held.has(canonicalPhone(n))).length;
}

/**
 * createcontactexel part by part. After a part without an answer, the book's count tells whether it
 * landed whole; otherwise it is sent again, which never doubles a contact: the gateway skips numbers
 * the book already holds (docs/product.md#phone-numbers).
 */
export async function importContacts(
  groupId: number,
  groupname: string,
  table: ContactTable,
  onProgress: (progress: ImportProgress) => void = () => {},
  resumeFrom?: ImportCheckpoint,
): Promise<ImportResult> {
  const { profileId, token } = await phonebookAccount();
  let at: ImportCheckpoint;
  try {
    at = resumeFrom ? { ...resumeFrom, rejected: [...resumeFrom.rejected] } : await start(token, profileId, groupId);
    if (at.unanswered) {
      const { from, to } = at.unanswered;
      const outcome = lostPartOutcome(at.before, at.confirmed, to - from, await bookTotal(token, profileId, groupId));
      at =
        outcome === 'skip'
          ? { ...at, confirmed: at.confirmed + (to - from), next: to, unanswered: null }
          : { ...at, unanswered: null };
    }
  } catch (error) {
    const view = describeFailure(error);
    return { status: isNoAnswer(error) ? 'interrupted' : 'refused', checkpoint: resumeFrom, message: view.message };
  }

  while (at.next < table.length) {
    const from = at.next;
    const to = Math.min(table.length, from + IMPORT_PART_ROWS);
    onProgress({ phase: 'sending', done: from, total: table.length });
    const part = Array.from({ length: to - from }, (_, i) => contactAt(table, from + i));
    try {
      const answer = await api.importContacts(token, profileId, groupname, part);
      // The gateway numbers rows from 2 within the part; the user knows them by their sheet row.
      const rejected = answer.rejectedRows.map((r) => ({
        row: table.rows[from + r.row - 2] ?? r.row,
        reason: r.reason,
      }));
      at = {
        ...at,
        confirmed: at.confirmed + answer.inserted,
        skipped: at.skipped + answer.skipped,
        next: to,
        rejected: [...at.rejected, ...rejected],
      };
    } catch (error) {
      if (isNoAnswer(error)) {
        at = { ...at, unanswered: { from, to } };
        return {
          status: 'interrupted',
          checkpoint: at,
          message: lostPartMessage(table.rows[from]!, table.rows[to - 1]!, at.confirmed),
        };
      }
      return { status: 'refused', checkpoint: at, message: describeFailure(error).message };
    }
  }
  onProgress({ phase: 'sending', done: table.length, total: table.length });

  // The device's copy follows: only the new contacts are fetched (1,000 a request), the rest is there already.
  onProgress({ phase: 'saving', done: 0, total: at.confirmed });
  await mirrorNewContacts(groupId, at.newestBefore, (done, total) =>
    onProgress({ phase: 'saving', done, total }),
  ).catch(() => {});
  onProgress({ phase: 'saving', done: at.confirmed, total: at.confirmed });
  return {
    status: 'done',
    inserted: at.confirmed,
    skipped: at.skipped,
    rejected: at.rejected,
    message: importSummary(at.confirmed, groupname, at.skipped, at.rejected.length, countText),
  };

  async function start(t: string, p: number, g: number): Promise<ImportCheckpoint> {
    const [before, [newest]] = await Promise.all([bookTotal(t, p, g), store.newestContactIds(p, g, 1)]);
    return { before, confirmed: 0, skipped: 0, next: 0, unanswered: null, newestBefore: newest ?? 0, rejected: [] };
  }
}
