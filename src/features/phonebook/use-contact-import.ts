import { useEffect, useRef, useState } from 'react';
import { CONTACT_FIELDS } from '../../domain/contacts/contact-fields';
import type { ContactSheet } from '../../domain/contacts/contact-sheet';
import { SELECT_EXCEL_FILE } from '../../domain/contacts/file-types';
import type { StoredGroup } from '../../db/app-db';
import { readContactsFile, type ContactsReading } from '../../excel/contacts-file';
import {
  countAlreadyInBook,
  importContacts,
  type ImportCheckpoint,
  type ImportProgress,
} from '../../sync/contact-import';
import { emitAlert } from '../../notify/alerts-bus';

type ImportStage =
  | { kind: 'choose'; error?: string; sheetNames?: string[] }
  | { kind: 'reading'; fraction: number; stage: string }
  | {
      kind: 'ready';
      fileName: string;
      sheet: ContactSheet;
      inBook: number;
      error?: string;
      checkpoint?: ImportCheckpoint;
    }
  | { kind: 'loading'; fileName: string; sheet: ContactSheet; inBook: number; progress: ImportProgress };

const PHONE_COLUMN = CONTACT_FIELDS.indexOf('phonenumber');

/** What the dialog starts with: a file opened with the app or dropped on the book, or people picked from the phone. */
export type ImportStart = { file: File } | { picked: ContactSheet };

/**
 * An import's steps (docs/product.md#for-contacts): the file read in the worker (or the people picked), the
 * count already in the book, then the rows loaded in parts, resumable from the checkpoint after a refusal.
 */
export function useContactImport(group: StoredGroup, start: ImportStart | undefined, onClose: () => void) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<ImportStage>({ kind: 'choose' });
  const reading = useRef<ContactsReading | null>(null);
  useEffect(() => () => reading.current?.cancel(), []);

  // `sheet`: the sheet the user named when the file has no Sheet1 (the Sheet1 message, with the choice beside it).
  const read = async (chosen: File | null, sheet?: string) => {
    setFile(chosen);
    reading.current?.cancel();
    if (!chosen) return setStage({ kind: 'choose', error: SELECT_EXCEL_FILE });
    setStage({ kind: 'reading', fraction: 0, stage: 'Reading the file' });
    const job = readContactsFile(chosen, {
      sheet,
      onProgress: (fraction: number, s: string) => setStage({ kind: 'reading', fraction, stage: s }),
    });
    reading.current = job;
    try {
      const result = await job.result;
      if (reading.current !== job) return;
      if (!result.ok) return setStage({ kind: 'choose', error: result.message, sheetNames: result.sheetNames });
      // The device's copy of the book tells what the gateway will skip; the gateway decides (docs/product.md#phone-numbers).
      const inBook = await countAlreadyInBook(group.id, result.sheet.table.columns[PHONE_COLUMN] ?? []).catch(() => 0);
      if (reading.current !== job) return;
      setStage({ kind: 'ready', fileName: result.fileName, sheet: result.sheet, inBook });
    } catch (error) {
      if (reading.current === job) setStage({ kind: 'choose', error: (error as Error).message });
    }
  };

  // Checked against the device's copy of the book, as a file's rows are.
  const take = async (sheet: ContactSheet, fileName: string) => {
    const inBook = await countAlreadyInBook(group.id, sheet.table.columns[PHONE_COLUMN] ?? []).catch(() => 0);
    setStage({ kind: 'ready', fileName, sheet, inBook });
  };
  // The dialog starts once, with what it was opened with, once it shows.
  const [begun] = useState(() => Promise.resolve(start));
  useEffect(() => {
    void begun.then((first) => {
      if (first && 'file' in first) return read(first.file);
      if (first) return take(first.picked, '');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, [begun]);

  const load = async (ready: Extract<ImportStage, { kind: 'ready' }>) => {
    const show = (progress: ImportProgress) => setStage({ ...ready, kind: 'loading', progress });
    show({ phase: 'sending', done: 0, total: ready.sheet.table.length });
    const result = await importContacts(group.id, group.groupname, ready.sheet.table, show, ready.checkpoint);
    if (result.status === 'done') {
      emitAlert({ message: result.message, status: 'successful' });
      onClose();
      return;
    }
    setStage({ ...ready, kind: 'ready', error: result.message, checkpoint: result.checkpoint });
  };

  const busy = stage.kind === 'reading' || stage.kind === 'loading';
  return { file, stage, busy, read, load };
}
